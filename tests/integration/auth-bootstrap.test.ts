import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import { accounts, auditLog, userRoles, users } from "~/db/schema";
import { handleAuthApiRequest } from "~/domain/accounts/auth-http.server";
import { createOrPromoteSuperAdmin, ensureFirstSuperAdmin, FIRST_ADMIN_PASSWORD_FILE } from "~/domain/accounts/bootstrap.server";
import { runCreateAdminCli } from "~/domain/accounts/create-admin-cli.server";
import { verifyPassword } from "~/domain/accounts/password-hash.server";
import { createUser, setUserPassword, TEST_PASSWORD, uniqueEmail } from "../support/factories";

/**
 * The first super admin (QUALITY S4): created at start from ADMIN_EMAIL with
 * a one-time password printed once and kept in DATA_DIR until the first
 * sign-in; `npm run create-admin` creates or promotes one. No default
 * password exists anywhere.
 */

vi.setConfig({ testTimeout: 45_000 });

const savedEnv = { ...process.env };
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "accounts-bootstrap-"));
});

beforeEach(() => {
  process.env = { ...savedEnv, DATA_DIR: dataDir };
  resetConfigForTests();
});

afterAll(() => {
  process.env = savedEnv;
  resetConfigForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function removeAllSuperAdmins() {
  await db().delete(userRoles).where(eq(userRoles.role, "super_admin"));
}

describe("the first super admin at start", () => {
  test("without ADMIN_EMAIL nothing is created (and no default account exists)", async () => {
    await removeAllSuperAdmins();
    const printed: string[] = [];
    expect(await ensureFirstSuperAdmin({ print: (t) => printed.push(t) })).toBe("no-admin-email");
    expect(printed).toEqual([]);
    expect(await db().$count(userRoles, eq(userRoles.role, "super_admin"))).toBe(0);
  });

  test("an ADMIN_EMAIL that belongs to someone else's account is not promoted", async () => {
    await removeAllSuperAdmins();
    const squatter = await createUser({ kind: "pending" });
    process.env.ADMIN_EMAIL = squatter.email;
    resetConfigForTests();
    expect(await ensureFirstSuperAdmin({ print: () => {} })).toBe("email-taken");
    expect(await db().$count(userRoles, eq(userRoles.userId, squatter.id))).toBe(0);
  });

  test("is created from ADMIN_EMAIL with a one-time password printed once and kept in DATA_DIR until the first sign-in", async () => {
    await removeAllSuperAdmins();
    const email = uniqueEmail("first-admin");
    process.env.ADMIN_EMAIL = email.toUpperCase();
    resetConfigForTests();
    const printed: string[] = [];
    expect(await ensureFirstSuperAdmin({ print: (t) => printed.push(t) })).toBe("created");

    const output = printed.join("");
    const password = /one-time password:\s+(\S+)/.exec(output)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toContain(`password: ${password}`);

    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ status: "approved", emailVerified: true, mustChangePassword: true });
    expect(await db().$count(userRoles, and(eq(userRoles.userId, user!.id), eq(userRoles.role, "super_admin")))).toBe(1);
    const [account] = await db().select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account?.password).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword({ hash: account!.password!, password: password! })).toBe(true);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "admin.bootstrap"), eq(auditLog.targetId, user!.id)));
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(password!);

    // Printed only once: the next start finds the admin and prints nothing.
    const again: string[] = [];
    expect(await ensureFirstSuperAdmin({ print: (t) => again.push(t) })).toBe("exists");
    expect(again).toEqual([]);

    // The first sign-in deletes the file.
    const response = await handleAuthApiRequest(
      new Request("http://app.test/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-app-client-ip": "192.0.2.200" },
        body: JSON.stringify({ email, password }),
      }),
    );
    expect(response.status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe("npm run create-admin", () => {
  function io() {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
  }

  test("creates a super admin with a one-time password shown once", async () => {
    const email = uniqueEmail("cli-admin");
    const run = io();
    expect(await runCreateAdminCli(["--email", email, "--first-name", "Carla", "--last-name", "Reyes"], run.io)).toBe(0);
    const output = run.out.join("");
    const password = /One-time password:\s+(\S+)/.exec(output)?.[1];
    expect(password).toBeTruthy();
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Carla", lastName: "Reyes", status: "approved", mustChangePassword: true });
    const [account] = await db().select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(await verifyPassword({ hash: account!.password!, password: password! })).toBe(true);
  });

  test("promotes an existing account, keeping its password", async () => {
    const user = await createUser({ kind: "pending" });
    await setUserPassword(user);
    const run = io();
    expect(await runCreateAdminCli(["--email", user.email], run.io)).toBe(0);
    expect(run.out.join("")).toContain("is now an approved super admin");
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({ status: "approved", mustChangePassword: false });
    expect(await db().$count(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, "super_admin")))).toBe(1);
    const [account] = await db().select().from(accounts).where(eq(accounts.userId, user.id));
    expect(await verifyPassword({ hash: account!.password!, password: TEST_PASSWORD })).toBe(true);

    const twice = await createOrPromoteSuperAdmin({ email: user.email });
    expect(twice).toMatchObject({ outcome: "promoted", wasSuperAdmin: true });
  });

  test("promoting an account whose email nobody confirmed ends its sessions and says it signs in after the confirmation link (ADR 046)", async () => {
    const user = await createUser({ kind: "pending", overrides: { emailVerified: false } });
    await setUserPassword(user);
    const run = io();
    expect(await runCreateAdminCli(["--email", user.email], run.io)).toBe(0);
    expect(run.out.join("")).toContain("Its email address is not confirmed yet");
    const again = await createOrPromoteSuperAdmin({ email: user.email });
    expect(again).toMatchObject({ outcome: "promoted", wasSuperAdmin: true, emailVerified: false });
  });

  test("refuses bad input with a usage message", async () => {
    for (const [argv, code] of [
      [["--email", "not-an-email"], 2],
      [["--bogus"], 2],
      [[], 2],
    ] as const) {
      const run = io();
      expect(await runCreateAdminCli([...argv], run.io), argv.join(" ")).toBe(code);
      expect(run.err.join("")).not.toBe("");
    }
    const help = io();
    expect(await runCreateAdminCli(["--help"], help.io)).toBe(0);
    expect(help.out.join("")).toContain("Usage: npm run create-admin");
  });
});
