/** A task boundary: the browser may paint and answer input between two start-up steps. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
