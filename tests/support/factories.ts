import { randomBytes } from "node:crypto";
import { db as appDb, type Database } from "~/db/client.server";
import { sessionTokenDigest } from "~/domain/accounts/session-token-digest.server";
import { accounts, leads, sessions, userRoles, users, type Lead, type NewLead, type NewUser, type Role, type User, type UserStatus } from "~/db/schema";

/**
 * Test data factories. They write through the app's Drizzle database (the
 * per-file test database in the `unit` project) unless given another one.
 */

/**
 * The user kinds of the authorization matrix (QUALITY S11), minus anonymous,
 * which is the absence of a user.
 */
export const USER_KINDS = ["pending", "rejected", "approved", "customer", "admin", "super_admin"] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** What each kind means in the database: an account status plus roles. */
const USER_KIND_DEFINITIONS: Record<UserKind, { status: UserStatus; roles: readonly Role[] }> = {
  pending: { status: "pending", roles: [] },
  rejected: { status: "rejected", roles: [] },
  approved: { status: "approved", roles: [] },
  customer: { status: "approved", roles: ["customer"] },
  admin: { status: "approved", roles: ["admin"] },
  super_admin: { status: "approved", roles: ["super_admin"] },
};

export interface CreateUserOptions {
  kind?: UserKind;
  /** Column values to use instead of the generated ones. Emails are lowercased (the table requires it). */
  overrides?: Partial<Omit<NewUser, "id">>;
  /** Roles instead of the kind's roles. */
  roles?: readonly Role[];
  /** Who assigned the roles (user_roles.assigned_by). */
  assignedBy?: string | null;
  /** Another database (e.g. a client on a server's database); defaults to the app's `db()`. */
  db?: Database;
}

export type TestUser = User & { kind: UserKind; roles: Role[] };

let sequence = 0;

/** A unique email on every call (also across workers and files of one run). */
export function uniqueEmail(label = "user"): string {
  sequence += 1;
  const worker = process.env.VITEST_POOL_ID ?? "0";
  return `${label}-${worker}-${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 7)}@example.test`.toLowerCase();
}

/** Inserts a user of the given kind (default 'approved') with its roles, in one transaction. */
export async function createUser({ kind = "approved", overrides = {}, roles, assignedBy = null, db }: CreateUserOptions = {}): Promise<TestUser> {
  const database = db ?? appDb();
  const definition = USER_KIND_DEFINITIONS[kind];
  const number = sequence + 1;
  const firstName = overrides.firstName ?? "Test";
  const lastName = overrides.lastName ?? `${kind.replace("_", " ")} ${number}`;
  const values: NewUser = {
    name: `${firstName} ${lastName}`,
    emailVerified: true,
    status: definition.status,
    ...overrides,
    firstName,
    lastName,
    email: (overrides.email ?? uniqueEmail(kind.replace("_", "-"))).toLowerCase(),
  };
  const assigned = [...(roles ?? definition.roles)];
  return database.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(values).returning();
    if (!user) throw new Error("insert into users returned no row");
    if (assigned.length > 0) {
      await tx.insert(userRoles).values(assigned.map((role) => ({ userId: user.id, role, assignedBy })));
    }
    return { ...user, kind, roles: assigned };
  });
}

/** One user of every kind, keyed by kind. */
export async function createUserOfEachKind(options: Omit<CreateUserOptions, "kind"> = {}): Promise<Record<UserKind, TestUser>> {
  const entries = [] as Array<[UserKind, TestUser]>;
  for (const kind of USER_KINDS) entries.push([kind, await createUser({ ...options, kind })]);
  return Object.fromEntries(entries) as Record<UserKind, TestUser>;
}

/* ---------------------------------------------------------------------------
 * Passwords and sessions (accounts, issue 3). Additive helpers: a user with a
 * credential password, and a signed-in session made the way better-auth makes
 * one (a `sessions` row + the signed `roofing.session_token` cookie), so tests
 * can act as any user kind without going through the rate-limited sign-in.
 * ------------------------------------------------------------------------- */

/** A password that passes the policy (not common, 12+ characters, not the name or email, zxcvbn score 4 of 4). */
export const TEST_PASSWORD = "Slate-Ridge-Shingle-2049";

const passwordHashes = new Map<string, Promise<string>>();

/** The stored hash of `password` (scrypt N=2^17, ~0.6 s), computed once per password and process. */
async function passwordHashFor(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    const { hashPassword } = await import("~/domain/accounts/password-hash.server");
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** Gives `user` a credential account (email + password sign-in), as better-auth's sign-up does. */
export async function setUserPassword(user: { id: string }, password = TEST_PASSWORD, { db }: { db?: Database } = {}): Promise<void> {
  const database = db ?? appDb();
  await database
    .insert(accounts)
    .values({ accountId: user.id, providerId: "credential", userId: user.id, password: await passwordHashFor(password) })
    .onConflictDoUpdate({ target: [accounts.providerId, accounts.accountId], set: { password: await passwordHashFor(password) } });
}

export interface TestSession {
  token: string;
  sessionId: string;
  /** Value for a `Cookie` request header. */
  cookie: string;
}

export interface CreateSessionOptions {
  db?: Database;
  /** Sign-in time (default now). */
  createdAt?: Date;
  /** Last activity (default = createdAt). */
  lastActiveAt?: Date;
  /** Default: createdAt + 12 h. */
  expiresAt?: Date;
}

/** A session row for `user` and its signed cookie (the unit project's auth secret and cookie name). */
export async function createSession(user: { id: string }, options: CreateSessionOptions = {}): Promise<TestSession> {
  const { sessionCookieHeader } = await import("~/domain/accounts/cookies.server");
  const database = options.db ?? appDb();
  const createdAt = options.createdAt ?? new Date();
  const token = randomBytes(24).toString("base64url");
  const [row] = await database
    .insert(sessions)
    .values({
      // Stored as its digest, as better-auth's adapter stores every session (ADR 046).
      token: sessionTokenDigest(token),
      userId: user.id,
      createdAt,
      updatedAt: options.lastActiveAt ?? createdAt,
      expiresAt: options.expiresAt ?? new Date(createdAt.getTime() + 12 * 3_600_000),
      ipAddress: "127.0.0.1",
      userAgent: "vitest",
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error("insert into sessions returned no row");
  return { token, sessionId: row.id, cookie: sessionCookieHeader(token) };
}

/** createUser() plus a session: `{ user, cookie }` for acting as that kind of user. */
export async function signedInUser(options: CreateUserOptions = {}): Promise<TestUser & TestSession> {
  const user = await createUser(options);
  return { ...user, ...(await createSession(user, { db: options.db })) };
}

/* ---------------------------------------------------------------------------
 * Leads. A request as the form stores one, with any column overridden (an estimate, an address, a status).
 * ------------------------------------------------------------------------- */

/** Inserts a lead (a new request from "Jane Doe" with a unique email and submission key, unless overridden). */
export async function createLead({ overrides = {}, db }: { overrides?: Partial<NewLead>; db?: Database } = {}): Promise<Lead> {
  const database = db ?? appDb();
  const [lead] = await database
    .insert(leads)
    .values({ firstName: "Jane", lastName: "Doe", email: uniqueEmail("lead"), phone: "+16145550147", submissionKey: `test-${randomBytes(12).toString("hex")}`, ...overrides })
    .returning();
  if (!lead) throw new Error("insert into leads returned no row");
  return lead;
}
