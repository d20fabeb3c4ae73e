/**
 * Whether the database looks unreachable right now (QUALITY R5). Errors that
 * mean "cannot reach PostgreSQL" (refused or dropped connections, server
 * shutting down or starting up, pool connect timeouts) mark it unavailable for
 * a few seconds; the server then answers 503 with Retry-After instead of a
 * 500 error page. Any other error says nothing about availability.
 */

const UNAVAILABLE_FOR_MS = 5_000;

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

const CONNECTION_ERROR_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "the database system is starting up",
  "the database system is shutting down",
];

let unavailableUntil = 0;

export function isConnectionError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && CONNECTION_ERROR_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === "string" && CONNECTION_ERROR_MESSAGES.some((m) => (candidate.message as string).includes(m))) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/** Call with any error from a request; connection errors mark the database unavailable. */
export function noteDatabaseError(error: unknown, now = Date.now()): void {
  if (isConnectionError(error)) unavailableUntil = now + UNAVAILABLE_FOR_MS;
}

export function databaseRecentlyUnavailable(now = Date.now()): boolean {
  return now < unavailableUntil;
}

/** Seconds a client should wait before retrying. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Waits until the database answers, for at most `timeoutMs`: an orchestrator or a reboot may start the app
 * before its PostgreSQL (issue 24). Only connection errors are waited out (refused, reset, the server
 * starting up or shutting down); a wrong password or database name fails at once. Logs once while waiting.
 */
export async function waitForDatabase(
  probe: () => Promise<unknown>,
  { timeoutMs, onWait }: { timeoutMs: number; onWait: (error: unknown) => void },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      if (!isConnectionError(error) && !isStartingUp(error)) throw error;
      if (Date.now() + 500 > deadline) throw error;
      if (!told) onWait(error);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** PostgreSQL's "the database system is starting up" (57P03). */
function isStartingUp(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "57P03";
}
