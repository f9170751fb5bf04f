import { withDeadline } from './deadline';
import type { FerryStore } from './ferry-store';

/** Whether the store answers `SELECT 1` within `ms` (the metrics' store health). */
export function answersWithin(open: () => Promise<FerryStore>, ms: number): Promise<boolean> {
  const answered = open().then((store) => store.executeSql('SELECT 1'));
  return withDeadline(answered, ms, () => new Error('the store did not answer in time')).then(
    () => true,
    () => false,
  );
}
