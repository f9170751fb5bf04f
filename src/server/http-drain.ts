import type { Server, ServerResponse } from 'node:http';

export interface DrainableServer {
  /**
   * Refuse new connections, end idle kept-alive ones now and busy ones once their answer is sent; resolves when
   * none is left. Node's `close()` alone ends only the connections idle at that moment: one busy then (a tab
   * polling a move) stayed open for the keep-alive time (65 s), or for good while the tab kept polling on it.
   */
  drain(): Promise<void>;
  /** End every connection still open (a download still streaming, a client that never sent its request). */
  cut(): void;
}

/** Follow `server`'s answers from now on, so that a stop can end its kept-alive connections. */
export function drainable(server: Server): DrainableServer {
  const answering = new Set<ServerResponse>();
  let draining = false;
  // Before the app's own listener: the answer is not written yet.
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  return {
    drain() {
      draining = true;
      // Each answer still to come says `Connection: close` and ends its connection.
      for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false;
      return new Promise((resolve) => server.close(() => resolve()));
    },
    cut: () => server.closeAllConnections(),
  };
}
