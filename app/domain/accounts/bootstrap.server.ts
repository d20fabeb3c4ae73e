import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type DbTransaction } from "~/db/client.server";
import { accounts, userRoles, users } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { revokeUserSessions } from "./session.server";
import { recordAudit } from "./audit.server";
import { hashPassword } from "./password-hash.server";
import { emailSchema, firstNameSchema, lastNameSchema } from "./validation";

/**
 * The first super admin (QUALITY S4: no default password anywhere; docs/decisions/011-first-super-admin.md).
 *
 * - On a start with no super admin at all and ADMIN_EMAIL set, the app
 *   creates one for that address with a random one-time password, prints it
 *   once and keeps it in DATA_DIR/first-admin-password.txt (mode 0600) until
 *   that account first signs in; the account must then choose its own
 *   password before it reaches the admin area (users.must_change_password).
 * - `npm run create-admin -- --email ...` creates a super admin the same way,
 *   or promotes an existing account (keeping its password).
 * - An address that already belongs to an account is never promoted
 *   automatically at start (someone else may have signed up with it).
 */

export const FIRST_ADMIN_PASSWORD_FILE = "first-admin-password.txt";
const BOOTSTRAP_LOCK_KEY = 727_274_010;

function firstAdminPasswordFile(): string {
  return path.join(config().dataDir, FIRST_ADMIN_PASSWORD_FILE);
}

function generateOneTimePassword(): string {
  // 144 random bits, 24 URL-safe characters.
  return crypto.randomBytes(18).toString("base64url");
}

async function superAdminExists(tx: DbTransaction): Promise<boolean> {
  const [row] = await tx.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, "super_admin")).limit(1);
  return Boolean(row);
}

interface NewSuperAdmin {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

async function insertSuperAdmin(tx: DbTransaction, admin: NewSuperAdmin): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({
      name: `${admin.firstName} ${admin.lastName}`,
      email: admin.email,
      emailVerified: true,
      firstName: admin.firstName,
      lastName: admin.lastName,
      status: "approved",
      mustChangePassword: true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("insert into users returned no row");
  await tx.insert(accounts).values({ accountId: user.id, providerId: "credential", userId: user.id, password: admin.passwordHash });
  await tx.insert(userRoles).values({ userId: user.id, role: "super_admin", assignedBy: null });
  return user.id;
}

export type BootstrapOutcome = "exists" | "created" | "no-admin-email" | "email-taken";

export interface BootstrapOptions {
  /** Where the one-time password is shown (default: stdout, once). */
  print?: (text: string) => void;
}

/** Called at every start, after migrations and seed. */
export async function ensureFirstSuperAdmin({ print = (t) => process.stdout.write(t) }: BootstrapOptions = {}): Promise<BootstrapOutcome> {
  const cfg = config();
  const file = firstAdminPasswordFile();
  // Cheap check first: nothing to hash on every normal start.
  const [existing] = await db().select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, "super_admin")).limit(1);
  if (existing) {
    if (fs.existsSync(file)) {
      logger.warn({ file }, "the first super admin has not signed in yet: its one-time password is in this file");
    }
    return "exists";
  }
  if (!cfg.ADMIN_EMAIL) {
    logger.warn(
      "There is no super admin yet. Set ADMIN_EMAIL and restart (a one-time password is printed), or run `npm run create-admin -- --email you@example.com`.",
    );
    return "no-admin-email";
  }
  const email = emailSchema.parse(cfg.ADMIN_EMAIL);
  const password = generateOneTimePassword();
  const passwordHash = await hashPassword(password);

  const outcome = await db().transaction(async (tx) => {
    // Two instances starting at once: the second waits here, then sees the first's admin.
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    if (await superAdminExists(tx)) return "exists" as const;
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) return "email-taken" as const;
    const userId = await insertSuperAdmin(tx, { email, firstName: "Site", lastName: "Administrator", passwordHash });
    await recordAudit(tx, {
      action: "admin.bootstrap",
      actor: null,
      targetType: "user",
      targetId: userId,
      details: { email, role: "super_admin", source: "ADMIN_EMAIL" },
    });
    // Written before the commit: if it cannot be written, no admin is created without a known password.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      [
        "One-time password of the first super admin.",
        "Sign in at /auth with it; you will be asked to choose your own password.",
        "This file is deleted at that first sign-in.",
        "",
        `email: ${email}`,
        `password: ${password}`,
        "",
      ].join("\n"),
      { mode: 0o600 },
    );
    return "created" as const;
  });

  if (outcome === "email-taken") {
    logger.error(
      { email },
      "ADMIN_EMAIL belongs to an existing account, which is not promoted automatically. Promote it deliberately with `npm run create-admin -- --email <address>`.",
    );
  } else if (outcome === "created") {
    print(
      [
        "",
        "==================================================================",
        " First super admin created",
        `   email:              ${email}`,
        `   one-time password:  ${password}`,
        " Sign in at /auth; you will be asked to choose your own password.",
        ` Until then the password is also kept in ${file}`,
        " This is the only time it is printed.",
        "==================================================================",
        "",
        "",
      ].join("\n"),
    );
    logger.info({ email, file }, "first super admin created from ADMIN_EMAIL (one-time password printed once)");
  }
  return outcome;
}

/** After a successful sign-in: the first admin's one-time password file has served its purpose. */
export async function forgetFirstAdminPassword(email: string): Promise<void> {
  const file = firstAdminPasswordFile();
  let content: string;
  try {
    content = fs.readFileSync(file, "utf8");
  } catch {
    return;
  }
  const stored = /^email: (.+)$/m.exec(content)?.[1]?.trim().toLowerCase();
  if (stored !== email.toLowerCase()) return;
  try {
    fs.rmSync(file, { force: true });
    logger.info({ email }, "the first super admin signed in: its one-time password file was deleted");
  } catch (error) {
    logger.error({ err: error, file }, "could not delete the one-time password file");
  }
}

export interface CreateOrPromoteInput {
  email: string;
  firstName?: string;
  lastName?: string;
}

export type CreateOrPromoteResult =
  | { outcome: "created"; userId: string; email: string; oneTimePassword: string }
  | { outcome: "promoted"; userId: string; email: string; wasSuperAdmin: boolean; emailVerified: boolean; sessionsEnded: number };

/** `npm run create-admin`: a new super admin with a one-time password, or an existing account promoted. */
export async function createOrPromoteSuperAdmin(input: CreateOrPromoteInput): Promise<CreateOrPromoteResult> {
  const email = emailSchema.parse(input.email);
  const firstName = firstNameSchema.parse(input.firstName ?? "Site");
  const lastName = lastNameSchema.parse(input.lastName ?? "Administrator");
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const password = existing ? undefined : generateOneTimePassword();
  const passwordHash = password ? await hashPassword(password) : undefined;

  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    const [user] = await tx.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email)).limit(1).for("update");
    if (user) {
      const [had] = await tx
        .select({ id: userRoles.id })
        .from(userRoles)
        .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, "super_admin")));
      await tx.update(users).set({ status: "approved", updatedAt: new Date() }).where(eq(users.id, user.id));
      await tx.insert(userRoles).values({ userId: user.id, role: "super_admin", assignedBy: null }).onConflictDoNothing();
      // A role given ends the account's sessions: the next sign-in carries it (ADR 046). An account whose email
      // nobody confirmed cannot sign in until its owner uses the confirmation link (its password may be a stranger's).
      const sessionsEnded = had ? 0 : await revokeUserSessions(tx, user.id);
      await recordAudit(tx, {
        action: "admin.cli",
        targetType: "user",
        targetId: user.id,
        details: { operation: "promote", email, role: "super_admin", status: "approved", emailVerified: user.emailVerified, sessionsEnded },
      });
      return { outcome: "promoted", userId: user.id, email, wasSuperAdmin: Boolean(had), emailVerified: user.emailVerified, sessionsEnded } as const;
    }
    if (!password || !passwordHash) throw new Error(`${email} was created by someone else meanwhile; run the command again`);
    const userId = await insertSuperAdmin(tx, { email, firstName, lastName, passwordHash });
    await recordAudit(tx, {
      action: "admin.cli",
      targetType: "user",
      targetId: userId,
      details: { operation: "create", email, role: "super_admin" },
    });
    return { outcome: "created", userId, email, oneTimePassword: password } as const;
  });
}
