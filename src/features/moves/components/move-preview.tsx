import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MovePreview } from '@/contracts/moves';
import { formatKib, formatNumber } from '@/lib/format';
import { countOf } from '@/lib/wave-summary';
import { MoveCostList } from './move-cost-list';
import { MoveRepositoryBlocks } from './move-repository-blocks';
import { MoveReadiness } from './move-readiness';
import { MoveRepositoryTable } from './move-repository-table';
import type { MoveTargetEdit } from './move-target-fields';
import { MoveTokenChecks } from './move-token-checks';
import { notReadyText } from '../utils/move-format';
import { readinessSummary } from '../utils/move-readiness';

const Heading = ({ children }: { children: string }) => (
  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'medium' }}>
    {children}
  </Typography>
);

/**
 * The planned move: what is selected and ready, the tokens, the cost, and what GitHub leaves behind. On a phone
 * compact: each repository a block (the checks that passed folded), the list of what is not migrated folded.
 */
export function MovePreviewView({
  preview,
  clockOffsetMs,
  edit,
  onRefreshInventory,
  busy = false,
}: {
  preview: MovePreview;
  clockOffsetMs: number;
  edit?: MoveTargetEdit;
  /** Read the inventory again (the preview asked with `inventory: 'refresh'`). */
  onRefreshInventory?: () => void;
  busy?: boolean;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const refusedTokens = preview.tokens.filter((token) => !token.ok).length;
  // "0 ready" says why: the checks the others failed, by how many (the table below names each repository's).
  const notReady = preview.ready < preview.selected ? notReadyText(preview.repositories) : '';
  const notMigrated = (
    <Box component="ul" aria-label="Not migrated" sx={{ m: 0, pl: 3 }}>
      {preview.notMigrated.map((item) => (
        <li key={item.what}>
          {item.what}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({item.source})
          </Typography>
        </li>
      ))}
    </Box>
  );
  const readiness = (
    <MoveReadiness
      preview={preview}
      busy={busy}
      {...(onRefreshInventory ? { onRefresh: onRefreshInventory } : {})}
    />
  );
  return (
    <Stack spacing={2} component="section" aria-label="Preview">
      <Alert
        severity={preview.ready > 0 && refusedTokens === 0 ? 'info' : 'warning'}
        role="status"
        aria-label="Preview summary"
      >
        <Typography>
          {preview.source.login} → {preview.target.login}
          {preview.target.organization?.name ? ` (${preview.target.organization.name})` : ''}:{' '}
          {formatNumber(preview.selected)} of {countOf(preview.listed, 'repository', 'repositories')}{' '}
          selected, {formatNumber(preview.ready)} ready.
          {refusedTokens > 0 ? ` ${countOf(refusedTokens, 'token', 'tokens')} refused.` : ''}
          {notReady ? ` Not ready — ${notReady}.` : ''}
        </Typography>
        <Typography variant="body2">
          Largest repository taken from this source: {formatKib(preview.source.limitKb)} —{' '}
          {preview.source.limitReason}
        </Typography>
      </Alert>
      <Heading>Tokens</Heading>
      <MoveTokenChecks tokens={preview.tokens} />
      <Heading>Pre-flight per repository</Heading>
      {preview.repositories.length === 0 ? (
        <Typography color="text.secondary">No repository matches these filters.</Typography>
      ) : phone ? (
        <MoveRepositoryBlocks repositories={preview.repositories} edit={edit} />
      ) : (
        <MoveRepositoryTable repositories={preview.repositories} edit={edit} />
      )}
      {preview.inventory || preview.inventoryError ? (
        <>
          <Heading>Readiness: what stays behind, what blocks</Heading>
          {phone ? (
            // Folded on a phone, as the list below: its counts say enough to decide whether to open it.
            <Box component="details">
              <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
                {readinessSummary(preview.repositories)}
              </Box>
              {readiness}
            </Box>
          ) : (
            readiness
          )}
        </>
      ) : null}
      <Heading>Cost</Heading>
      <MoveCostList cost={preview.cost} clockOffsetMs={clockOffsetMs} />
      <Heading>What GitHub does not migrate</Heading>
      {phone ? (
        <Box component="details">
          <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
            {countOf(preview.notMigrated.length, 'thing', 'things')} a move leaves behind
          </Box>
          {notMigrated}
        </Box>
      ) : (
        notMigrated
      )}
    </Stack>
  );
}
