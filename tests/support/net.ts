import net from "node:net";

/**
 * A TCP port that is free on 127.0.0.1 right now (the OS picks it). Never
 * 5432: the machine's own PostgreSQL listens there.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        const chosen = typeof address === "object" && address ? address.port : 0;
        server.close(() => resolve(chosen));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, intervalMs = 100, message = "condition" }: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${message}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Sends every item through `send`, at most `concurrency` at a time (the fuzz tests' HTTP load); a failed
 * send becomes its error text ("network error: ..."), so one refused connection does not hide the rest.
 * Results come back in the order items finished.
 */
export async function sendConcurrently<I, A>(
  items: readonly I[],
  concurrency: number,
  send: (item: I) => Promise<A>,
): Promise<Array<{ c: I; answer: A | string }>> {
  const results: Array<{ c: I; answer: A | string }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const c = items[next++]!;
        const answer = await send(c).catch((error: unknown) => `network error: ${(error as Error).message}`);
        results.push({ c, answer });
      }
    }),
  );
  return results;
}
