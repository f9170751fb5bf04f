/**
 * A move's paces from the environment (`npm start`): the upload's part size by gh-gei's own variable
 * (`GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES`, 5–100 MiB: smaller parts lose less to a killed gateway or a cut
 * link) and the wait between status polls (`MOVE_POLL_MS`, at least 1 s; the team test runs on 1 s). Unset:
 * the run's defaults (100 MiB, 15 s). A value out of range stops start-up with its name.
 */
export interface MovePacesFromEnv {
  partBytes?: number;
  pollMs?: { min: number; max: number };
}

const MIB = 1024 * 1024;
/** The longest wait between polls when GitHub's points run low (the run's own default). */
const LOW_POINTS_POLL_MS = 60_000;

function wholeIn(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value.trim());
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}.`);
  return parsed;
}

export function movePacesFromEnv(env: Record<string, string | undefined>): MovePacesFromEnv {
  const mebibytes = wholeIn(
    'GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES',
    env.GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES,
    5,
    100,
  );
  const poll = wholeIn('MOVE_POLL_MS', env.MOVE_POLL_MS, 1_000, 600_000);
  return {
    ...(mebibytes === undefined ? {} : { partBytes: mebibytes * MIB }),
    ...(poll === undefined ? {} : { pollMs: { min: poll, max: Math.max(poll, LOW_POINTS_POLL_MS) } }),
  };
}
