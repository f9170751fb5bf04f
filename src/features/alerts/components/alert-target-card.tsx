import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  ALERT_EVENT_LABELS,
  ALERT_HELD_MAX,
  ALERT_MAX_ATTEMPTS,
  type AlertDelivery,
  type AlertTarget,
} from '@/contracts/alerts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { TableScroller } from '@/components/table-scroller';
import { ToneChip, type Tone } from '@/components/tone-chip';
import { formatDateTime } from '@/lib/format';
import { useTargetAction, type TargetAction } from '../api/alert-queries';
import { heldText } from '../utils/held-text';
import { ResumeTargetDialog } from './resume-target-dialog';

const STATE_TONE: Record<AlertDelivery['state'], Tone> = {
  pending: 'info',
  delivered: 'success',
  failed: 'error',
  held: 'warning',
  dropped: 'default',
  discarded: 'default',
};

const NOT_SENT: Partial<Record<AlertDelivery['state'], string>> = {
  held: 'held while paused: sent on Resume unless discarded',
  dropped: `dropped while paused: more than ${ALERT_HELD_MAX} newer events came`,
  discarded: 'held while paused, discarded at Resume',
};

/**
 * What the attempts of a delivery came to: "200", "500, 503, 200", "no answer: …", and while it is being retried
 * "attempt 2 of 8, next at …".
 */
function attemptsText(delivery: AlertDelivery): string {
  const notSent = NOT_SENT[delivery.state];
  if (notSent) return notSent;
  if (delivery.attempts.length === 0) return 'not sent yet';
  const answers = delivery.attempts
    .map((attempt) =>
      attempt.status === undefined ? `no answer (${attempt.error ?? 'unreachable'})` : String(attempt.status),
    )
    .join(', ');
  if (delivery.state !== 'pending') return answers;
  const next = delivery.nextAttemptAt
    ? `, next at ${formatDateTime(Date.parse(delivery.nextAttemptAt))}`
    : '';
  return `${answers} — attempt ${delivery.attempts.length} of ${ALERT_MAX_ATTEMPTS}${next}`;
}

/** One target: where it goes, what it wants, its recent deliveries, and what can be done with it. */
export function AlertTargetCard({ target }: { target: AlertTarget }) {
  const action = useTargetAction(target.id);
  const [confirming, setConfirming] = useState(false);
  const [resuming, setResuming] = useState(false);
  const headingId = `target-${target.id}`;
  const act = (kind: TargetAction) => action.mutate(kind);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h3">
            {target.name}
          </Typography>
          <ToneChip tone="default" label={target.kind === 'slack' ? 'Slack' : 'Webhook'} />
          {target.paused && <ToneChip tone="warning" label="Paused" />}
        </Stack>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {target.url}
          {target.kind === 'webhook' && (target.hasSecret ? ' · signed' : ' · not signed')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {target.events
            .map((event) =>
              event === 'rate-low'
                ? `${ALERT_EVENT_LABELS[event]} (${target.rateThresholdPercent} %)`
                : ALERT_EVENT_LABELS[event],
            )
            .join(' · ')}
        </Typography>
        {target.paused && (
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                size="small"
                // With events waiting, the person chooses what becomes of them; with none there is no choice.
                onClick={() => (target.held > 0 ? setResuming(true) : act('resume-send'))}
                disabled={action.isPending}
              >
                Resume
              </Button>
            }
          >
            {target.pausedReason ?? 'Paused.'} {heldText(target.held, target.heldDropped)}
          </Alert>
        )}
        {action.error && <ErrorAlert error={action.error} context="That did not go through" />}
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => act('test')} disabled={action.isPending}>
            Send a test
          </Button>
          <Button color="error" onClick={() => setConfirming(true)} disabled={action.isPending}>
            Remove
          </Button>
        </Stack>
        {target.deliveries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing sent yet. “Send a test” shows what a receiver gets.
          </Typography>
        ) : (
          <TableScroller label={`Deliveries to ${target.name}`}>
            <Table size="small" aria-label={`Deliveries to ${target.name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Answers</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {target.deliveries.map((delivery) => (
                  <TableRow key={delivery.id}>
                    <TableCell>{formatDateTime(Date.parse(delivery.createdAt))}</TableCell>
                    <TableCell>{delivery.summary}</TableCell>
                    <TableCell>
                      <ToneChip tone={STATE_TONE[delivery.state]} label={delivery.state} />
                    </TableCell>
                    <TableCell>{attemptsText(delivery)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroller>
        )}
      </Stack>
      <ResumeTargetDialog
        open={resuming && target.paused}
        name={target.name}
        held={target.held}
        busy={action.isPending}
        onChoose={(choice) =>
          action.mutate(choice === 'send' ? 'resume-send' : 'resume-discard', {
            onSettled: () => setResuming(false),
          })
        }
        onClose={() => setResuming(false)}
      />
      <ConfirmDialog
        open={confirming}
        title={`Remove “${target.name}”?`}
        confirmLabel="Remove target"
        cancelLabel="Keep it"
        destructive
        busy={action.isPending}
        onConfirm={() => action.mutate('remove', { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        Nothing more is sent to it, and its delivery history goes with it.
      </ConfirmDialog>
    </Paper>
  );
}
