import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { KIND_LABELS } from '@/contracts/credentials';
import type { TokenCheck } from '@/contracts/moves';
import { stepsText } from '../utils/move-format';

/** Each token, per side and step: able or refused (App and fine-grained tokens, with GitHub's reason). */
export function MoveTokenChecks({ tokens }: { tokens: readonly TokenCheck[] }) {
  return (
    <Box component="ul" aria-label="Token checks" sx={{ m: 0, pl: 3 }}>
      {tokens.map((token) => (
        <li key={`${token.side}-${token.credential}`}>
          <Typography component="span" sx={{ fontWeight: 'medium' }}>
            {token.side === 'source' ? 'Source' : 'Target'} — {token.credential} (
            {KIND_LABELS[token.kind] ?? token.kind}), for {stepsText(token.steps)}:{' '}
          </Typography>
          <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
            {token.ok ? 'able' : 'refused'} — {token.reason}
            {token.scopes && token.scopes.length > 0 ? ` (scopes: ${token.scopes.join(', ')})` : ''}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
