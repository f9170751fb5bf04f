/**
 * `work`, or `late()` thrown once `ms` have passed without it settling. The work itself is not cancelled:
 * the caller cleans up (closes a pool) and start-up exits anyway.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
    // The deadline alone never keeps a process alive.
    timer.unref?.();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
