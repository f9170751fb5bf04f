import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';

/** Why the last sign-in failed, by the code the gateway put in the address (never text from the address). */
const REASONS: Record<string, string> = {
  used: 'That sign-in link was already used or has expired. Sign in again.',
  browser: 'That sign-in was begun in another browser. Sign in again here.',
  denied: 'GitHub did not sign you in (the authorization was refused).',
  member: 'Ferry signs in members of the source organization only.',
  refused: 'GitHub refused the sign-in. Try again, or ask an owner of the source organization.',
};

/** No session (issue 51): the only thing a page shows, with where to go back after signing in. */
export function SignInPanel() {
  const location = useLocation();
  const reason = REASONS[new URLSearchParams(location.search).get('signin') ?? ''];
  const back = `${location.pathname}${location.search.replace(/([?&])signin=[^&]*&?/, '$1').replace(/[?&]$/, '')}`;
  return (
    <Paper
      component="section"
      aria-labelledby="sign-in-heading"
      sx={{ p: 3, m: { xs: 2, sm: 4 }, maxWidth: 560 }}
    >
      <Stack spacing={2}>
        <Typography id="sign-in-heading" variant="h5" component="h1">
          Sign in to Ferry
        </Typography>
        {reason ? (
          <Alert severity="warning" role="alert">
            {reason}
          </Alert>
        ) : null}
        <Typography>
          Ferry moves your organization’s repositories. Sign in with the GitHub account you use there: your
          role comes from GitHub (owners administer everything, repository admins move their own repositories,
          other members read).
        </Typography>
        <Button
          variant="contained"
          href={`/auth/login?return=${encodeURIComponent(back)}`}
          sx={{ alignSelf: 'flex-start' }}
        >
          Sign in with GitHub
        </Button>
      </Stack>
    </Paper>
  );
}
