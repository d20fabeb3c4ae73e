import { contentChangesHeard, onContentChange } from "~/lib/content-changes.server";

/**
 * In-process cache of the read models the public pages render (ADR 032, QUALITY P4).
 *
 * A read model declares the tables it reads; its values (one per key) are
 * dropped when any of them changes: `onContentChange` hears this instance's
 * admin actions synchronously and other instances' writes through the
 * database's NOTIFY ("*" = assume everything changed). So a page rendered after
 * an edit never sees the old value for longer than the page cache would.
 *
 * - Single flight: concurrent misses of one key share one load.
 * - A failed load is never cached: the error goes to every waiter and the next
 *   call tries again. A read model that degrades (renders a notice instead of
 *   failing the page) must do so outside the cache, around `get()`.
 * - A load that started before an invalidation is not stored (it may have read
 *   the old rows), though its callers get its value.
 * - While this process cannot hear changes (the listener lost its database
 *   connection: `contentChangesHeard()`), nothing is served from or stored in
 *   memory: every call loads (so an outage shows as one, QUALITY R5), and the
 *   reconnect's "*" starts afresh.
 * - Entries also expire after `ttlMs` (a safety net, as in the page cache).
 * - Cached values are shared by every request: treat them as read-only.
 *
 * Staff previews (`includeDrafts`) and admin screens read the database
 * directly, never through these caches.
 */

export interface ReadModelOptions<K, V> {
  /** For logs and tests. */
  name: string;
  /** The tables the load reads; a change to any of them (or "*") drops every value. */
  tables: readonly string[];
  load: (key: K) => Promise<V>;
  /** Safety expiry of a value (default 10 minutes). */
  ttlMs?: number;
  /** Upper bound on the number of keys kept (default 100; the oldest goes first). */
  maxKeys?: number;
}

export interface ReadModel<K, V> {
  readonly name: string;
  readonly tables: readonly string[];
  get(key: K): Promise<V>;
  /** Drops every value (and makes loads in flight unstorable). */
  invalidate(): void;
  /** Keys currently held (tests, diagnostics). */
  size(): number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

const DEFAULT_TTL_MS = 10 * 60_000;
const DEFAULT_MAX_KEYS = 100;

type AnyReadModel = ReadModel<never, unknown>;

const state = globalThis as unknown as {
  __readModels?: Map<string, AnyReadModel>;
  __readModelListener?: () => void;
};

function registry(): Map<string, AnyReadModel> {
  state.__readModels ??= new Map();
  // One listener for all read models, once per process (module reloads in development keep it).
  state.__readModelListener ??= onContentChange((table) => invalidateReadModels(table));
  return state.__readModels;
}

/** Drops the values of every read model that reads `table` ("*": all of them). */
function invalidateReadModels(table: string): void {
  for (const model of state.__readModels?.values() ?? []) {
    if (table === "*" || model.tables.includes(table)) model.invalidate();
  }
}

export function createReadModel<K, V>(options: ReadModelOptions<K, V>): ReadModel<K, V> {
  const { name, tables, load } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const values = new Map<K, Entry<V>>();
  const loading = new Map<K, Promise<V>>();
  let generation = 0;

  const model: ReadModel<K, V> = {
    name,
    tables,
    get(key) {
      if (!contentChangesHeard()) {
        if (values.size > 0 || loading.size > 0) model.invalidate();
        return Promise.resolve().then(() => load(key));
      }
      const entry = values.get(key);
      if (entry && Date.now() - entry.storedAt <= ttlMs) return Promise.resolve(entry.value);
      if (entry) values.delete(key);
      const pending = loading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const promise = Promise.resolve()
        .then(() => load(key))
        .then(
          (value) => {
            if (loading.get(key) === promise) loading.delete(key);
            if (generation === startedIn) {
              if (values.size >= maxKeys) values.delete(values.keys().next().value as K);
              values.set(key, { value, storedAt: Date.now() });
            }
            return value;
          },
          (error: unknown) => {
            if (loading.get(key) === promise) loading.delete(key);
            throw error;
          },
        );
      loading.set(key, promise);
      return promise;
    },
    invalidate() {
      generation += 1;
      values.clear();
      loading.clear();
    },
    size: () => values.size,
  };
  // A model of the same name replaces the old one (module reloads in development).
  registry().set(name, model as unknown as AnyReadModel);
  return model;
}
