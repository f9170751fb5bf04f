import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { UpstreamFacts } from '@/contracts/gateway-config';

export interface UpstreamCardProps {
  title: string;
  facts: UpstreamFacts;
  children?: ReactNode;
  actions?: ReactNode;
  /** Ferry runs live (the other upstream is real): a simulated one is then a stand-in, not an account. */
  live?: boolean;
}

/** Facts about one upstream. Says whether a credential is set, never what it is. */
export function UpstreamCard({ title, facts, children, actions, live = false }: UpstreamCardProps) {
  const id = `upstream-${title.toLowerCase()}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          <Chip
            size="small"
            label={facts.mode === 'simulator' ? 'Simulator' : 'Live'}
            color={facts.mode === 'live' ? 'primary' : 'default'}
          />
        </Stack>
        <Typography
          variant="body2"
          component="dl"
          sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { ml: 0, mb: 1 } }}
        >
          <dt>Base URL</dt>
          <dd>{facts.baseUrl}</dd>
          <dt>Credential</dt>
          <dd>
            {facts.mode === 'simulator'
              ? live
                ? 'None: Ferry’s built-in simulator answers in place of the real service'
                : 'Simulated account (no real credential needed)'
              : facts.credentialConfigured
                ? 'Configured on the server (never sent to the browser)'
                : 'Not configured: requests are anonymous'}
          </dd>
        </Typography>
        {children}
      </CardContent>
      {actions ? <CardActions>{actions}</CardActions> : null}
    </Card>
  );
}
