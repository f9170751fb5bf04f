import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LEFT_BEHIND_KINDS, LEFT_BEHIND_WORDS } from '@/contracts/inventory';

/** Each kind the inventory names: what happens to it in the move, what to do, where Ferry read it (folded). */
export function MoveLeftBehindKinds() {
  return (
    <Box component="details">
      <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
        What each kind means, and where it was read
      </Box>
      <Box component="dl" sx={{ m: 0, mt: 1 }}>
        {LEFT_BEHIND_KINDS.map((kind) => {
          const words = LEFT_BEHIND_WORDS[kind];
          return (
            <Box key={kind} sx={{ mb: 1 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 'medium' }}>
                {words.label} {words.handling === 'arrives' ? '(moved by GitHub)' : '(left behind)'}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ ml: 2 }}>
                {words.todo}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  Read from {words.readFrom}.
                </Typography>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
