import MenuOutlined from '@mui/icons-material/MenuOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { connectionQueries } from '@/features/connection/api/connection-queries';
import { SessionBadge } from '@/features/session/components/session-badge';
import { SessionGate } from '@/features/session/components/session-gate';
import { CoreBudget } from './core-budget';
import { NavDrawer } from './nav-drawer';
import { NotificationsToggle } from './notifications-toggle';
import { RateLimitBanner } from './rate-limit-banner';
import { ThemeMenu } from './theme-menu';

export function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const config = useQuery(connectionQueries.config());
  const upstream = config.data ? config.data.github.host : config.isError ? 'unknown' : '…';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 1, sm: 1.5 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuOutlined />
          </IconButton>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            Ferry
          </Typography>
          <Chip
            size="small"
            label={`GitHub: ${upstream}`}
            sx={{ color: 'inherit', borderColor: 'currentColor', display: { xs: 'none', sm: 'inline-flex' } }}
            variant="outlined"
          />
          <Box sx={{ flexGrow: 1 }} />
          <SessionBadge />
          <CoreBudget />
          <NotificationsToggle />
          <ThemeMenu />
        </Toolbar>
      </AppBar>
      <NavDrawer mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <SessionGate>
          <RateLimitBanner />
          <Outlet />
        </SessionGate>
      </Box>
    </Box>
  );
}
