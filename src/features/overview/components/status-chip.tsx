import { ToneChip, type Tone } from '@/components/tone-chip';

const TONES: Record<string, Tone> = {
  pending: 'default',
  exporting: 'info',
  exported: 'success',
  failed: 'error',
  complete: 'success',
  error: 'error',
  auth_failed: 'warning',
  detection_needs_auth: 'warning',
  detection_found_multiple: 'warning',
  detection_found_nothing: 'warning',
};

/** A GitHub state as words on an outlined chip; unknown states as they come. */
export function StatusChip({ status }: { status: string }) {
  return <ToneChip tone={TONES[status] ?? 'default'} label={status.replaceAll('_', ' ')} />;
}
