import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MovePlannedRepository } from '@/contracts/moves';
import { ToneChip } from '@/components/tone-chip';
import { countOf } from '@/lib/wave-summary';
import { checkText } from '../utils/move-format';
import { MoveTargetFields, type MoveTargetEdit } from './move-target-fields';

const CHECKS_SX = { m: 0, pl: 2.5, typography: 'body2' } as const;

/**
 * The preview's repositories on a phone: each a compact block — its name and whether it is ready, where it
 * lands, and the checks that need a look (refused, or ok with a warning) with their reasons; the checks that
 * simply passed are folded under one line a tap opens. A 4-column table made each repository ~400 px tall.
 */
export function MoveRepositoryBlocks({
  repositories,
  edit,
}: {
  repositories: readonly MovePlannedRepository[];
  edit?: MoveTargetEdit;
}) {
  return (
    <Stack
      component="ul"
      aria-label="Repositories of the move"
      spacing={1}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {repositories.map((repo) => {
        const flagged = repo.checks.filter((check) => !check.ok || check.warning);
        const passed = repo.checks.filter((check) => check.ok && !check.warning);
        return (
          <Paper
            key={repo.name}
            component="li"
            variant="outlined"
            aria-label={repo.name}
            sx={{ p: 1.5, minWidth: 0 }}
          >
            <Stack spacing={1}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              >
                <Typography sx={{ fontWeight: 'medium', overflowWrap: 'anywhere', minWidth: 0 }}>
                  {repo.name}
                </Typography>
                <ToneChip
                  tone={repo.ready ? 'success' : 'error'}
                  label={repo.ready ? 'Ready' : 'Not ready'}
                />
              </Stack>
              {edit ? (
                <MoveTargetFields repo={repo} edit={edit} inline />
              ) : (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  → {repo.targetName} ({repo.visibility})
                </Typography>
              )}
              {flagged.length > 0 ? (
                <Box component="ul" aria-label={`Checks of ${repo.name} to look at`} sx={CHECKS_SX}>
                  {flagged.map((check) => (
                    <li key={check.check}>{checkText(check)}</li>
                  ))}
                </Box>
              ) : null}
              {passed.length > 0 ? (
                <Box component="details" sx={{ typography: 'body2' }}>
                  <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
                    {flagged.length === 0
                      ? `Pre-flight: ${countOf(passed.length, 'check', 'checks')} ok`
                      : `${countOf(passed.length, 'other check', 'other checks')} ok`}
                  </Box>
                  <Box component="ul" sx={CHECKS_SX}>
                    {passed.map((check) => (
                      <li key={check.check}>{checkText(check)}</li>
                    ))}
                  </Box>
                </Box>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
