import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import IconButton from '@mui/material/IconButton';
import {
  disableNotifications,
  enableNotifications,
  useNotificationAvailability,
} from '@/hooks/use-state-notifications';

const HINT = {
  on: 'Notifications on: Ferry tells you when an export or import ends, or an archive is about to be deleted',
  off: 'Notifications off: switch on to hear when an export or import ends, or an archive is about to be deleted',
  denied: 'Notifications are blocked for this site in the browser’s settings',
} as const;

/** Opt-in notifications, stored per browser; hidden where the browser has no Notification API. */
export function NotificationsToggle() {
  const availability = useNotificationAvailability();
  if (availability === 'unsupported') return null;
  const on = availability === 'on';
  return (
    // A native title rather than MUI's Tooltip: its popper code would weigh on the first page.
    <span title={HINT[availability]}>
      <IconButton
        color="inherit"
        aria-label="Notifications"
        aria-pressed={on}
        disabled={availability === 'denied'}
        onClick={() => (on ? disableNotifications() : void enableNotifications())}
      >
        {on ? <NotificationsActiveOutlined /> : <NotificationsOffOutlined />}
      </IconButton>
    </span>
  );
}
