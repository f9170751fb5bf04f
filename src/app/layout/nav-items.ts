import CableOutlined from '@mui/icons-material/CableOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { paths } from '../paths';

export interface NavItem {
  label: string;
  to: string;
  icon: SvgIconComponent;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Rate limits', to: paths.rateLimits, icon: SpeedOutlined },
  { label: 'Connection', to: paths.connection, icon: CableOutlined },
];
