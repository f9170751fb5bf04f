import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { ROLE_WORDS } from '@/contracts/session';
import { sessionQueries, useSignOut } from '../api/session-queries';

/** Who is signed in and their role, beside Sign out (nothing when Ferry signs nobody in). */
export function SessionBadge() {
  const { data } = useQuery(sessionQueries.current());
  const signOut = useSignOut();
  if (!data || data.auth !== 'github') return null;
  const role = ROLE_WORDS[data.role].replace(/ \(.*\)$/, '');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-label="Signed in">
      <Chip
        size="small"
        variant="outlined"
        label={`${data.login} · ${role}`}
        title={ROLE_WORDS[data.role]}
        sx={{ color: 'inherit', borderColor: 'currentColor' }}
      />
      <Button color="inherit" size="small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Sign out
      </Button>
    </Stack>
  );
}
