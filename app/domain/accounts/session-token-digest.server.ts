import crypto from "node:crypto";
import type { DBAdapter, DBTransactionAdapter, Where } from "better-auth";

/**
 * Session tokens are stored as digests (issue 29 item 2, ADR 046): `sessions.token` holds
 * `sha256:<base64url>` of the token the browser's cookie carries, never the token itself, so a copy
 * of the database (a dump, a backup archive, a read-only leak) holds no session anyone can use.
 *
 * better-auth stores its tokens in clear and has no option for this, so its database adapter is
 * wrapped (withSessionTokenDigests): every `token` of the `session` model it writes or looks up is
 * turned into its digest on the way in, and rows found by a token get that token back on the way out
 * (better-auth sets the cookie from the row it created, and updates or deletes a session by the token
 * of the row it found). Rows listed without a token (a user's sessions) keep the digest: given back to
 * a lookup it is digested again and matches nothing, so a digest is never usable as a token.
 *
 * The app's own session lookup (session.server.ts) compares digests the same way.
 */

const PREFIX = "sha256:";

/** What `sessions.token` holds for a session whose cookie carries `token`. */
export function sessionTokenDigest(token: string): string {
  return PREFIX + crypto.createHash("sha256").update(token, "utf8").digest("base64url");
}

const SESSION_MODEL = "session";

function digestWhere(where: Where[] | undefined): { where: Where[] | undefined; token: string | null } {
  if (!where) return { where, token: null };
  let token: string | null = null;
  const out = where.map((clause) => {
    if (clause.field !== "token") return clause;
    const value = clause.value;
    if (typeof value === "string") {
      if ((clause.operator ?? "eq") === "eq") token = value;
      return { ...clause, value: sessionTokenDigest(value) };
    }
    if (Array.isArray(value)) return { ...clause, value: (value as unknown[]).map((v) => (typeof v === "string" ? sessionTokenDigest(v) : v)) as string[] };
    return clause;
  });
  return { where: out, token };
}

function withToken<T>(row: T, token: string | null): T {
  if (!token || !row || typeof row !== "object" || !("token" in row)) return row;
  return { ...row, token };
}

function wrap<A extends DBTransactionAdapter>(adapter: A): A {
  const wrapped: DBTransactionAdapter = {
    ...adapter,
    async create(input) {
      if (input.model !== SESSION_MODEL) return adapter.create(input);
      const data = input.data as Record<string, unknown>;
      const token = typeof data.token === "string" ? data.token : null;
      const created = await adapter.create({ ...input, data: token ? { ...data, token: sessionTokenDigest(token) } : data } as typeof input);
      return withToken(created, token);
    },
    async findOne(input) {
      if (input.model !== SESSION_MODEL) return adapter.findOne(input);
      const { where, token } = digestWhere(input.where);
      return withToken(await adapter.findOne({ ...input, where: where ?? [] }), token);
    },
    async findMany(input) {
      if (input.model !== SESSION_MODEL) return adapter.findMany(input);
      const { where, token } = digestWhere(input.where);
      const rows = await adapter.findMany({ ...input, where });
      return rows.map((row) => withToken(row, token));
    },
    async count(input) {
      if (input.model !== SESSION_MODEL) return adapter.count(input);
      return adapter.count({ ...input, where: digestWhere(input.where).where });
    },
    async update(input) {
      if (input.model !== SESSION_MODEL) return adapter.update(input);
      const { where, token } = digestWhere(input.where);
      const update = typeof input.update.token === "string" ? { ...input.update, token: sessionTokenDigest(input.update.token) } : input.update;
      return withToken(await adapter.update({ ...input, where: where ?? [], update }), token);
    },
    async updateMany(input) {
      if (input.model !== SESSION_MODEL) return adapter.updateMany(input);
      const update = typeof input.update.token === "string" ? { ...input.update, token: sessionTokenDigest(input.update.token) } : input.update;
      return adapter.updateMany({ ...input, where: digestWhere(input.where).where ?? [], update });
    },
    async delete(input) {
      if (input.model !== SESSION_MODEL) return adapter.delete(input);
      return adapter.delete({ ...input, where: digestWhere(input.where).where ?? [] });
    },
    async deleteMany(input) {
      if (input.model !== SESSION_MODEL) return adapter.deleteMany(input);
      return adapter.deleteMany({ ...input, where: digestWhere(input.where).where ?? [] });
    },
    async consumeOne(input) {
      if (input.model !== SESSION_MODEL) return adapter.consumeOne(input);
      const { where, token } = digestWhere(input.where);
      return withToken(await adapter.consumeOne({ ...input, where: where ?? [] }), token);
    },
  };
  return wrapped as A;
}

/** better-auth's `database` option: `factory`'s adapter with session tokens stored as digests. */
export function withSessionTokenDigests<O>(factory: (options: O) => DBAdapter): (options: O) => DBAdapter {
  return (options) => {
    const adapter = factory(options);
    const outer = wrap(adapter) as DBAdapter;
    return {
      ...outer,
      transaction: (callback) => adapter.transaction((trx) => callback(wrap(trx))),
    } as DBAdapter;
  };
}
