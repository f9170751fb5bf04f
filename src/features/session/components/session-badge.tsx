import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ROLE_WORDS } from '@/contracts/session';
import { ApiError } from '@/lib/api-error';
import { sessionQueries, useSignOut } from '../api/session-queries';

/**
 * Who is signed in and their role, beside Sign out (nothing when Ferry signs nobody in). Below `md` the app bar
 * has no room for both (360 px: the bar's last buttons ended 104 px past the screen): one button opens them.
 */
export function SessionBadge() {
  const { data, error } = useQuery(sessionQueries.current());
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  // A 401 once signed in (signed out, or the session ended on the server) keeps the last answer as data: gone.
  const ended = error instanceof ApiError && error.status === 401;
  if (!data || data.auth !== 'github' || ended) return null;
  const role = ROLE_WORDS[data.role].replace(/ \(.*\)$/, '');
  const label = `${data.login} · ${role}`;
  const signOutButton = (
    <Button
      color="inherit"
      size="small"
      onClick={() => signOut.mutate(undefined, { onSettled: () => setAnchor(null) })}
      disabled={signOut.isPending}
      sx={{ flexShrink: 0 }}
    >
      Sign out
    </Button>
  );
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-label="Signed in"
        sx={{ alignItems: 'center', flexShrink: 0, display: { xs: 'none', md: 'flex' } }}
      >
        <Chip
          size="small"
          variant="outlined"
          label={label}
          title={ROLE_WORDS[data.role]}
          sx={{ color: 'inherit', borderColor: 'currentColor' }}
        />
        {signOutButton}
      </Stack>
      <IconButton
        color="inherit"
        aria-label={`Signed in: ${label}`}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <AccountCircleOutlined />
      </IconButton>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack role="group" aria-label="Signed in" spacing={1} sx={{ p: 2, alignItems: 'flex-start' }}>
          <Typography>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {ROLE_WORDS[data.role]}
          </Typography>
          {signOutButton}
        </Stack>
      </Popover>
    </>
  );
}
