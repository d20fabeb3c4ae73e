import pg from "pg";
import { logger } from "~/lib/logger.server";

/**
 * Tells this process when public content changed in the database, whichever
 * instance (or SQL console) changed it. A statement-level trigger on every
 * content table runs `pg_notify('content_changed', <table>)` (migration
 * 0001_content_change_notify); we LISTEN on a dedicated connection.
 *
 * Listeners get the table name, or "*" when notifications may have been missed
 * (after a reconnect), meaning "assume everything changed".
 */

export const CONTENT_CHANGED_CHANNEL = "content_changed";

type Listener = (table: string) => void;

const state = globalThis as unknown as {
  __contentChangeListeners?: Set<Listener>;
  __contentChangeClient?: { stop(): Promise<void> };
  /** Set while the started listener has lost its connection: changes may go unheard. */
  __contentChangeListenerDown?: boolean;
};

/**
 * False while the listener (once started) has lost its database connection, until it has listened
 * again: changes made meanwhile by other instances are not heard, so in-process copies of content
 * (the read models, app/lib/read-model-cache.server.ts) must not be trusted. True when no listener
 * was started (tests, tools): this process's own emits are then all there is.
 */
export function contentChangesHeard(): boolean {
  return state.__contentChangeListenerDown !== true;
}

function listeners(): Set<Listener> {
  state.__contentChangeListeners ??= new Set();
  return state.__contentChangeListeners;
}

export function onContentChange(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Notifies this process's listeners directly (used right after a local write). */
export function emitContentChange(table: string): void {
  for (const listener of listeners()) {
    try {
      listener(table);
    } catch (error) {
      logger.error({ err: error, table }, "content change listener failed");
    }
  }
}

export async function startContentChangeListener(connectionString: string): Promise<void> {
  if (state.__contentChangeClient) return;
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: "roofing-site:content-changes" });
    next.on("notification", (message) => {
      if (message.channel === CONTENT_CHANGED_CHANNEL) emitContentChange(message.payload ?? "*");
    });
    next.on("error", (error) => {
      logger.warn({ err: error }, "content change listener lost its connection");
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
    client = next;
    state.__contentChangeListenerDown = false;
    if (attempt > 0) emitContentChange("*"); // changes may have happened while we were away
    attempt = 0;
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    state.__contentChangeListenerDown = true;
    const old = client;
    client = undefined;
    old?.end().catch(() => {});
    attempt += 1;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(attempt, 7));
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error) => {
        logger.warn({ err: error, attempt }, "content change listener could not reconnect");
        scheduleReconnect();
      });
    }, delay);
    retryTimer.unref();
  };

  await connect();
  state.__contentChangeClient = {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await client?.end().catch(() => {});
      client = undefined;
      state.__contentChangeClient = undefined;
      state.__contentChangeListenerDown = false;
    },
  };
}

export async function stopContentChangeListener(): Promise<void> {
  await state.__contentChangeClient?.stop();
}
