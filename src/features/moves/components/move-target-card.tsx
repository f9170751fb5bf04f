import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { KIND_LABELS } from '@/contracts/credentials';
import type { MoveTarget } from '@/contracts/moves';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { ToneChip } from '@/components/tone-chip';
import { moveQueries } from '../api/move-queries';

function TargetFacts({ target }: { target: MoveTarget }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="span">Target:</Typography>
        {target.mode === 'simulator' ? (
          <ToneChip tone="info" label="Simulated (embedded simulator)" />
        ) : (
          <ToneChip tone="default" label="Live" />
        )}
      </Stack>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        API {target.apiUrl}; archives uploaded to {target.uploadsUrl}.
      </Typography>
      {target.credentials.length === 0 ? (
        <Typography color="warning.main">
          No target credential: set TARGET_GITHUB_TOKEN (a classic token) and restart Ferry.
        </Typography>
      ) : (
        <div>
          <Typography>Credentials on the target:</Typography>
          <Box component="ul" aria-label="Target credentials" sx={{ my: 0, pl: 3 }}>
            {target.credentials.map((credential) => (
              <li key={credential.name}>
                {credential.name} — {KIND_LABELS[credential.kind] ?? credential.kind}
              </li>
            ))}
          </Box>
        </div>
      )}
    </Stack>
  );
}

/** What a move is and what it needs, with where this gateway lands one (`GET /api/moves/target`). */
export function MoveTargetCard() {
  const target = useQuery(moveQueries.target());
  return (
    <Paper variant="outlined" component="section" aria-labelledby="move-needs-heading" sx={{ p: 2 }}>
      <Typography id="move-needs-heading" variant="h6" component="h2" gutterBottom>
        What a move needs
      </Typography>
      <Typography sx={{ mb: 1 }}>
        A move takes an organization’s repositories into an organization on GitHub.com with GitHub Enterprise
        Importer: each repository is exported, verified, uploaded and imported, then checked on both sides. It
        needs the source organization (today’s GitHub connection), a target organization, and a classic token
        on each side: GitHub Enterprise Importer refuses App and fine-grained tokens.
      </Typography>
      {target.data ? (
        <TargetFacts target={target.data} />
      ) : target.error ? (
        <ErrorAlert error={target.error} context="The target" onRetry={() => void target.refetch()} />
      ) : (
        <LoadingState label="Loading the target" query={target} />
      )}
    </Paper>
  );
}
