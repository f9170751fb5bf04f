import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { domainHref } from '../paths';

export function RecentLookups({ recent, onClear }: { recent: string[]; onClear: () => void }) {
  if (recent.length === 0) return null;
  return (
    <Stack
      component="nav"
      aria-label="Recent lookups"
      direction="row"
      sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="body2" color="text.secondary">
        Recent:
      </Typography>
      {recent.map((tld) => (
        <Chip
          key={tld}
          label={`.${tld}`}
          component={RouterLink}
          to={domainHref.tld(tld)}
          clickable
          size="small"
        />
      ))}
      {recent.length >= 2 ? (
        <Button size="small" component={RouterLink} to={domainHref.compare(recent.slice(0, 4))}>
          Compare these
        </Button>
      ) : null}
      <Button size="small" color="inherit" onClick={onClear}>
        Clear recent
      </Button>
    </Stack>
  );
}
