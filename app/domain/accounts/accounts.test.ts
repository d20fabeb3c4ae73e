import { describe, expect, test } from "vitest";
import { parseConfig } from "~/config.server";
import { ASSIGNABLE_ROLES, ROLES, USER_STATUSES } from "~/db/schema/accounts";
import { ASSIGNABLE_ROLE_OPTIONS, hasAdminRights, hasSuperAdminRights, STATUS_OPTIONS } from "./constants";
import { readCookie, readSessionToken, sessionCookieHeader, sessionCookieName, signSessionToken } from "./cookies.server";
import { returnPathOf, safeRedirectPath } from "./guards.server";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "./password-hash.server";
import { TEXT_ERRORS } from "~/lib/text-fields";
import { emailSchema, firstNameSchema, signInSchema, signUpSchema, userAdminActionSchema } from "./validation";

describe("password hashing (QUALITY S3)", () => {
  test("scrypt N=2^17, r=8 with a random salt; verifies only the right password", async () => {
    expect(SCRYPT_PARAMS).toMatchObject({ log2N: 17, r: 8, p: 1 });
    const [a, b] = await Promise.all([hashPassword("correct horse battery"), hashPassword("correct horse battery")]);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword({ hash: a, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash: a, password: "correct horse batterY" })).toBe(false);
    // Foreign or tampered formats never verify (and never run with weak parameters).
    expect(await verifyPassword({ hash: a.replace("$17$", "$10$"), password: "correct horse battery" })).toBe(false);
    expect(await verifyPassword({ hash: "deadbeef:cafebabe", password: "x" })).toBe(false);
  }, 90_000);
});

describe("constants", () => {
  test("match the table definitions", () => {
    expect([...STATUS_OPTIONS]).toEqual([...USER_STATUSES]);
    expect([...ASSIGNABLE_ROLE_OPTIONS]).toEqual([...ASSIGNABLE_ROLES]);
    expect(ROLES).toContain("super_admin");
  });

  test("admin rights come from admin or super_admin; super-admin rights only from super_admin", () => {
    expect(hasAdminRights(["admin"])).toBe(true);
    expect(hasAdminRights(["super_admin"])).toBe(true);
    expect(hasAdminRights(["customer"])).toBe(false);
    expect(hasAdminRights([])).toBe(false);
    expect(hasSuperAdminRights(["admin"])).toBe(false);
    expect(hasSuperAdminRights(["admin", "super_admin"])).toBe(true);
  });
});

describe("session cookie", () => {
  test("is signed like better-call's cookies and read back only with a valid signature", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    const header = sessionCookieHeader(token);
    expect(header.startsWith(`${sessionCookieName()}=`)).toBe(true);
    expect(readSessionToken(new Headers({ cookie: `theme=dark; ${header}` }))).toBe(token);
    expect(signSessionToken(token)).toMatch(/^AbCd.*\.[A-Za-z0-9+/]{43}=$/);
    expect(readSessionToken(new Headers({ cookie: `${sessionCookieName()}=${token}.${"A".repeat(43)}=` }))).toBeNull();
    expect(readSessionToken(new Headers({ cookie: "other=1" }))).toBeNull();
    expect(readCookie('a=1; b="two%20words"', "b")).toBe("two words");
  });

  test("outside production it has no __Host- prefix (plain http in development and tests)", () => {
    expect(sessionCookieName()).toBe("roofing.session_token");
  });
});

describe("redirects", () => {
  test("redirectTo stays on this site", () => {
    expect(safeRedirectPath("/admin/users?status=pending")).toBe("/admin/users?status=pending");
    for (const evil of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "/%0d%0aSet-Cookie:x", " /admin", "", null, 42]) {
      const result = safeRedirectPath(evil);
      expect(result.startsWith("/"), String(evil)).toBe(true);
      expect(result.startsWith("//")).toBe(false);
    }
    expect(safeRedirectPath("//evil.example")).toBe("/admin");
    expect(safeRedirectPath("https://evil.example/admin")).toBe("/admin");
  });

  test("the return path drops React Router's data-request details", () => {
    expect(returnPathOf(new Request("http://x/admin/users.data?status=pending&_routes=routes%2Fadmin%2Fusers"))).toBe("/admin/users?status=pending");
    expect(returnPathOf(new Request("http://x/admin"))).toBe("/admin");
  });
});

describe("validation", () => {
  test("sign-up needs first name, last name, email and a long enough password", () => {
    const result = signUpSchema.safeParse({ firstName: " ", lastName: "Lee", email: "NOT-AN-EMAIL", password: "short" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "firstName: First name is required.",
        "email: Please enter a valid email address.",
        "password: Password must be at least 12 characters long.",
      ]),
    );
    expect(signUpSchema.parse({ firstName: " Ann ", lastName: "Lee", email: "Ann@Example.COM", password: "x".repeat(12) })).toMatchObject({
      firstName: "Ann",
      email: "ann@example.com",
    });
  });

  test("names and emails refuse control and text-direction characters with the shared messages, never strip them", () => {
    const valid = { firstName: "Ann", lastName: "Lee", email: "ann@example.com", password: "x".repeat(12) };
    const messageOf = (values: Record<string, string>) => {
      const result = signUpSchema.safeParse({ ...valid, ...values });
      expect(result.success, JSON.stringify(values)).toBe(false);
      return result.error?.issues[0]?.message;
    };
    // A trailing NUL is refused, not trimmed away.
    expect(messageOf({ email: "a@example.com\u0000" })).toBe(TEXT_ERRORS.control);
    expect(messageOf({ email: "\u202Eevil@example.com" })).toBe(TEXT_ERRORS.bidi);
    expect(messageOf({ email: "evil@example.com\u2069" })).toBe(TEXT_ERRORS.bidi);
    expect(messageOf({ firstName: "An\u202en" })).toBe(TEXT_ERRORS.bidi);
    expect(messageOf({ lastName: "Lee\u2066" })).toBe(TEXT_ERRORS.bidi);
    expect(messageOf({ firstName: "Ann\tMarie" })).toBe(TEXT_ERRORS.control);
    expect(messageOf({ lastName: "Lee\n" })).toBe(TEXT_ERRORS.control);
    expect(messageOf({ firstName: "\ud800Ann" })).toBe(TEXT_ERRORS.surrogate);
    expect(signInSchema.safeParse({ email: "a@example.com\u0000", password: "x" }).error?.issues[0]?.message).toBe(TEXT_ERRORS.control);
    // The forms' own messages are kept for the rest.
    expect(messageOf({ email: "  " })).toBe("Email is required.");
    expect(messageOf({ email: `${"a".repeat(250)}@example.com` })).toBe("Email must be at most 254 characters.");
    expect(messageOf({ firstName: "x".repeat(101) })).toBe("First name must be at most 100 characters.");
    expect(firstNameSchema.safeParse(undefined).error?.issues[0]?.message).toBe("First name is required.");
    expect(emailSchema.parse("  Ann@Example.com ")).toBe("ann@example.com");
    expect(firstNameSchema.parse(" Rene\u0301e ")).toBe("Renée");
  });

  test("admin changes accept only the spec's statuses and assignable roles", () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect(userAdminActionSchema.safeParse({ intent: "set-status", userId: id, status: "approved" }).success).toBe(true);
    expect(userAdminActionSchema.safeParse({ intent: "set-status", userId: id, status: "banned" }).success).toBe(false);
    expect(userAdminActionSchema.safeParse({ intent: "assign-role", userId: id, role: "super_admin" }).success).toBe(false);
    expect(userAdminActionSchema.safeParse({ intent: "assign-role", userId: "x", role: "admin" }).success).toBe(false);
  });
});

describe("configuration", () => {
  test("account settings have safe defaults and are validated", () => {
    const cfg = parseConfig({});
    expect(cfg).toMatchObject({ SESSION_IDLE_TIMEOUT_MINUTES: 60, SESSION_MAX_AGE_HOURS: 12 });
    expect(cfg.BETTER_AUTH_SECRET).toBeUndefined();
    expect(cfg.ADMIN_EMAIL).toBeUndefined();
    expect(() => parseConfig({ BETTER_AUTH_SECRET: "too-short" })).toThrow(/BETTER_AUTH_SECRET: must be at least 32 characters/);
    expect(() => parseConfig({ BETTER_AUTH_SECRET: "too-short" })).not.toThrow(/too-short/);
    expect(() => parseConfig({ ADMIN_EMAIL: "nope" })).toThrow(/ADMIN_EMAIL/);
    expect(() => parseConfig({ SESSION_IDLE_TIMEOUT_MINUTES: "1" })).toThrow(/SESSION_IDLE_TIMEOUT_MINUTES/);
  });
});
