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

const CONTENT_CHANGED_CHANNEL = "content_changed";

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

/** The application_name of the listener's connection (pg_stat_activity shows it). */
export const CONTENT_CHANGES_APPLICATION_NAME = "roofing-site:content-changes";

/** How long a closing connection may take to say goodbye before its socket is cut. */
const CLOSE_GRACE_MS = 2_000;

/**
 * LISTENs on a connection of its own, and on a new one after the connection is lost (with a growing
 * delay). Every client it opens is closed on every path: when connecting or LISTEN fails (at start,
 * which then rejects, or on a reconnect, which is tried again later), when the connection is lost,
 * and when `stop()` runs, also in the middle of a reconnect (it waits for that attempt to end).
 */
export async function startContentChangeListener(connectionString: string): Promise<void> {
  if (state.__contentChangeClient) return;
  let stopped = false;
  /** The connection that is listening, if any. */
  let client: pg.Client | undefined;
  /** A connection being opened (connect + LISTEN), if any, and the attempt's promise. */
  let opening: { client: pg.Client; done: Promise<void> } | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const close = async (target: pg.Client): Promise<void> => {
    // A server that does not answer (a dead network) never completes the goodbye: the socket is then cut.
    const cut = setTimeout(() => target.connection.stream.destroy(), CLOSE_GRACE_MS);
    try {
      await target.end();
    } catch {
      // closed anyway
    } finally {
      clearTimeout(cut);
    }
  };

  const open = async (next: pg.Client): Promise<void> => {
    // pg leaves connect() pending forever when the client is ended while connecting (stop()): the
    // client's "end" settles the attempt instead.
    const ended = new Promise<never>((_resolve, reject) => next.once("end", () => reject(new Error("content change listener: connection closed"))));
    ended.catch(() => {});
    try {
      const connected = next.connect();
      connected.catch(() => {});
      await Promise.race([connected, ended]);
      const listening = next.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
      listening.catch(() => {});
      await Promise.race([listening, ended]);
    } catch (error) {
      await close(next);
      throw error;
    }
    if (stopped) {
      await close(next);
      return;
    }
    client = next;
    state.__contentChangeListenerDown = false;
    if (attempt > 0) emitContentChange("*"); // changes may have happened while we were away
    attempt = 0;
  };

  const connect = (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: CONTENT_CHANGES_APPLICATION_NAME });
    next.on("notification", (message) => {
      if (message.channel === CONTENT_CHANGED_CHANNEL) emitContentChange(message.payload ?? "*");
    });
    next.on("error", (error) => {
      // A client still being opened reports its failure through open(); one we already let go is done.
      if (next !== client) return;
      logger.warn({ err: error }, "content change listener lost its connection");
      scheduleReconnect();
    });
    const done = open(next).finally(() => {
      if (opening?.client === next) opening = undefined;
    });
    opening = { client: next, done };
    return done;
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    state.__contentChangeListenerDown = true;
    const old = client;
    client = undefined;
    if (old) void close(old);
    attempt += 1;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(attempt, 7));
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (stopped) return;
      connect().catch((error) => {
        if (stopped) return;
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
      retryTimer = undefined;
      const pending = opening;
      const listening = client;
      client = undefined;
      // A reconnect under way: its connection is cut now (nothing to say goodbye to yet); the attempt
      // then fails and closes its client, and stop() waits for that.
      pending?.client.connection.stream.destroy();
      await Promise.all([listening ? close(listening) : undefined, pending?.done.catch(() => {})]);
      state.__contentChangeClient = undefined;
      state.__contentChangeListenerDown = false;
    },
  };
}

export async function stopContentChangeListener(): Promise<void> {
  await state.__contentChangeClient?.stop();
}
