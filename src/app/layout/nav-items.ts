import CableOutlined from '@mui/icons-material/CableOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DownloadingOutlined from '@mui/icons-material/DownloadingOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import MoveUpOutlined from '@mui/icons-material/MoveUpOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import WavesOutlined from '@mui/icons-material/WavesOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { paths } from '../paths';

export interface NavItem {
  label: string;
  to: string;
  icon: SvgIconComponent;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Overview', to: paths.home, icon: DashboardOutlined },
  { label: 'Rate limits', to: paths.rateLimits, icon: SpeedOutlined },
  { label: 'Migrations', to: paths.migrations.home, icon: MoveUpOutlined },
  { label: 'Migration waves', to: paths.waves.home, icon: WavesOutlined },
  { label: 'Moves', to: paths.moves.home, icon: DriveFileMoveOutlined },
  { label: 'Source imports', to: paths.imports.home, icon: DownloadingOutlined },
  { label: 'Domains', to: paths.domains.home, icon: DnsOutlined },
  { label: 'Alerts', to: paths.alerts, icon: NotificationsActiveOutlined },
  { label: 'Audit log', to: paths.audit, icon: FactCheckOutlined },
  { label: 'Connection', to: paths.connection, icon: CableOutlined },
];
