import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { NavLink } from 'react-router';
import { NAV_ITEMS } from './nav-items';

export const DRAWER_WIDTH = 232;

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <List component="nav" aria-label="Main">
      {NAV_ITEMS.map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          end={item.to === '/'}
          onClick={onNavigate}
          sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
        >
          <ListItemIcon>
            <item.icon />
          </ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );
}

/** Permanent drawer on wide screens, a temporary one behind the menu button on narrow ones. */
export function NavDrawer({ mobileOpen, onClose }: { mobileOpen: boolean; onClose: () => void }) {
  return (
    <>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        // Mounted only while open: kept mounted, its hidden list was drawn (and measured) on every page load.
        ModalProps={{ keepMounted: false }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        <NavList onNavigate={onClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          // The paper is fixed to the window; its column is painted too, so the navigation's background reaches
          // the end of a long page wherever the page is drawn whole (a full-page capture, print).
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
        open
      >
        <Toolbar />
        <NavList />
      </Drawer>
    </>
  );
}
