/**
 * The floor of Ferry's stack, for the bench's ratio rows (scripts/bench/reference-pages.ts): React 19 and MUI 9
 * with a theme, an app bar, a heading and one card that shows the core budget read from the gateway with
 * `fetch`. No router, no query cache, no Ferry code: whatever Ferry's pages cost beyond this is Ferry's.
 */
import AppBar from '@mui/material/AppBar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import LinearProgress from '@mui/material/LinearProgress';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Core {
  limit: number;
  remaining: number;
}

function CoreCard() {
  const [core, setCore] = useState<Core | null>(null);
  useEffect(() => {
    void fetch('/api/github/rate_limit')
      .then((response) => response.json() as Promise<{ resources: { core: Core } }>)
      .then((body) => setCore(body.resources.core));
  }, []);
  if (!core) return <LinearProgress aria-label="Loading" />;
  return (
    <Card component="section" aria-label="core" variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          core
        </Typography>
        <Typography>
          {core.remaining.toLocaleString()} of {core.limit.toLocaleString()} left
        </Typography>
        <LinearProgress variant="determinate" value={(core.remaining / core.limit) * 100} />
      </CardContent>
    </Card>
  );
}

function App() {
  return (
    <ThemeProvider theme={createTheme({ colorSchemes: { light: true, dark: true } })}>
      <CssBaseline />
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" component="span">
            Reference
          </Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Rate limits
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          How much of each budget is left, and when it resets.
        </Typography>
        <CoreCard />
      </Container>
    </ThemeProvider>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
