import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, test } from "vitest";
import { config } from "~/config.server";
import { db, pool } from "~/db/client.server";
import { appMeta, userRoles, users } from "~/db/schema";
import { SEED_MARKER_KEY, SEED_VERSION } from "~/db/seed/index.server";
import { createUser, createUserOfEachKind, USER_KINDS } from "../support/factories";
import { resetTestDatabase, testDatabaseUrl, truncate } from "../support/test-database";

/** The per-file test database and the factories, against the real schema. */

describe("per-file test database", () => {
  test("the app's configuration points at this file's own clone, not the template", () => {
    const info = inject("testDatabase");
    expect(config().DATABASE_URL).toBe(testDatabaseUrl());
    expect(new URL(testDatabaseUrl()).pathname).toBe(`/${process.env.TEST_DATABASE_NAME}`);
    expect(process.env.TEST_DATABASE_NAME).not.toBe(info.templateName);
    expect(process.env.TEST_DATABASE_NAME?.startsWith(`${info.prefix}_`)).toBe(true);
  });

  test("it is migrated and seeded", async () => {
    const { rows } = await pool().query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(rows[0]?.n).toBeGreaterThan(0);
    const [marker] = await db().select().from(appMeta).where(eq(appMeta.key, SEED_MARKER_KEY));
    expect(Number(marker?.value)).toBe(SEED_VERSION);
  });
});

describe("createUser", () => {
  test.each(USER_KINDS)("kind %s gets the right status and roles", async (kind) => {
    const user = await createUser({ kind });
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    const roles = await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
    const expected = {
      pending: { status: "pending", roles: [] },
      rejected: { status: "rejected", roles: [] },
      approved: { status: "approved", roles: [] },
      customer: { status: "approved", roles: ["customer"] },
      admin: { status: "approved", roles: ["admin"] },
      super_admin: { status: "approved", roles: ["super_admin"] },
    }[kind];
    expect(stored?.status).toBe(expected.status);
    expect(roles.map((r) => r.role).sort()).toEqual(expected.roles);
    expect(user.roles).toEqual(expected.roles);
    expect(user.email).toBe(user.email.toLowerCase());
    expect(user.firstName).not.toBe("");
    expect(user.lastName).not.toBe("");
  });

  test("every call gets a unique email; overrides, roles and assignedBy are honoured", async () => {
    const all = await createUserOfEachKind();
    const emails = Object.values(all).map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);

    const boss = all.super_admin;
    const custom = await createUser({
      kind: "approved",
      overrides: { email: "Jane.Roofer@Example.TEST", firstName: "Jane", lastName: "Roofer" },
      roles: ["admin", "customer"],
      assignedBy: boss.id,
    });
    expect(custom).toMatchObject({ email: "jane.roofer@example.test", name: "Jane Roofer", roles: ["admin", "customer"] });
    const assigned = await db().select().from(userRoles).where(eq(userRoles.userId, custom.id));
    expect(assigned.map((r) => r.assignedBy)).toEqual([boss.id, boss.id]);
  });
});

describe("reset helpers", () => {
  test("truncate() empties tables; resetTestDatabase() restores the seeded state", async () => {
    await createUser({ kind: "admin" });
    await truncate("users");
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n).toBe(0);
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(userRoles))[0]?.n).toBe(0);

    await truncate("app_meta");
    await resetTestDatabase();
    const [marker] = await db().select().from(appMeta).where(eq(appMeta.key, SEED_MARKER_KEY));
    expect(marker?.value).toBe(String(SEED_VERSION));
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n).toBe(0);
  });
});
