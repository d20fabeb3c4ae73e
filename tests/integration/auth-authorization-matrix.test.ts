import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import routeConfig from "~/routes";
import { createSession, createUserOfEachKind, USER_KINDS, type UserKind } from "../support/factories";

/**
 * QUALITY S11 / spec 1 §6: every loader and every action of every admin
 * route, called on its own (as React Router does for an action: no parent
 * loader runs first), as each user kind. The outcome must match the
 * permission table exactly.
 *
 * Routes are discovered, not listed: every entry of app/routes.ts whose file
 * is under routes/admin/ or whose URL is under /admin. A new admin route
 * passes only if it exports a loader and guards it and its action with
 * requireAdmin / requireSuperAdmin (app/domain/accounts/guards.server.ts).
 * Screens that need a super admin are the ones spec 1 §2/§6 names: User
 * Management (/admin/users and below); every other admin screen needs an admin.
 */

// Some 50 loader/action calls against the database: room for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

type Kind = "anonymous" | UserKind;
const KINDS: readonly Kind[] = ["anonymous", ...USER_KINDS];

/** Spec 1 §6 ("super_admin: ... plus User Management"). */
const SUPER_ADMIN_PATHS = ["/admin/users", "/admin/backups"];
/** Routes whose page is for admins but whose action only for super admins (the dashboard's "Back up now", issue 20). */
const SUPER_ADMIN_ACTIONS = ["/admin"];

interface AdminRoute {
  file: string;
  /** URL with params filled in, e.g. /admin/leads/<uuid>. */
  url: string;
  pattern: string;
  requires: "admin" | "super_admin";
}

const PARAM_VALUE = "00000000-0000-4000-8000-000000000000";

function joinPath(parent: string, segment: string | undefined): string {
  if (!segment) return parent;
  return `${parent.replace(/\/$/, "")}/${segment.replace(/^\//, "")}`;
}

export function discoverAdminRoutes(entries: readonly RouteConfigEntry[], parent = ""): AdminRoute[] {
  const out: AdminRoute[] = [];
  for (const entry of entries) {
    const pattern = joinPath(parent, entry.path) || "/";
    const isAdmin = entry.file.startsWith("routes/admin/") || pattern === "/admin" || pattern.startsWith("/admin/");
    if (isAdmin) {
      const url = pattern
        .split("/")
        .map((segment) => (segment.startsWith(":") ? PARAM_VALUE : segment === "*" ? "probe" : segment.replace(/\?$/, "")))
        .join("/");
      const requires = SUPER_ADMIN_PATHS.some((p) => pattern === p || pattern.startsWith(`${p}/`)) ? "super_admin" : "admin";
      out.push({ file: entry.file, url: url || "/", pattern, requires });
    }
    if (entry.children) out.push(...discoverAdminRoutes(entry.children, pattern));
  }
  return out;
}

/** What the permission table says `kind` gets from a route that `requires`. */
function expectedOutcome(kind: Kind, route: AdminRoute): string {
  switch (kind) {
    case "anonymous":
      return `redirect ${`/auth?redirectTo=${encodeURIComponent(route.url)}`}`;
    case "pending":
    case "rejected":
      return "redirect /auth";
    case "approved":
      return "redirect /";
    case "customer":
      // A customer's place is their portal (issue 22).
      return "redirect /portal";
    case "admin":
      return route.requires === "super_admin" ? "redirect /" : "allowed";
    case "super_admin":
      return "allowed";
  }
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

function redirectOf(value: unknown): string | null {
  if (value instanceof Response && value.status >= 300 && value.status < 400) return `redirect ${value.headers.get("Location")}`;
  return null;
}

/** Calls a loader or action and reduces the result to "allowed" or "redirect <location>". */
export async function outcomeOf(handler: Handler, request: Request, params: Record<string, string>): Promise<string> {
  try {
    const result = await handler({ request, params, context: { cspNonce: "", requestId: "authz-matrix" } });
    return redirectOf(result) ?? "allowed";
  } catch (thrown) {
    return redirectOf(thrown) ?? "allowed";
  }
}

function paramsOf(route: AdminRoute): Record<string, string> {
  const params: Record<string, string> = {};
  for (const segment of route.pattern.split("/")) {
    if (segment.startsWith(":")) params[segment.slice(1).replace(/\?$/, "")] = PARAM_VALUE;
    if (segment === "*") params["*"] = "probe";
  }
  return params;
}

function requestFor(route: AdminRoute, method: "GET" | "POST", cookie: string | null): Request {
  const headers = new Headers({ "x-app-client-ip": "203.0.113.7", "user-agent": "authz-matrix" });
  if (cookie) headers.set("cookie", cookie);
  if (method === "GET") return new Request(`http://app.test${route.url}`, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  // An empty submission: allowed kinds get past the guard and fail validation, writing nothing.
  return new Request(`http://app.test${route.url}`, { method, headers, body: "intent=authz-matrix-probe" });
}

const routes = discoverAdminRoutes(routeConfig);
const cookies = {} as Record<Kind, string | null>;
const userIds = {} as Record<UserKind, string>;

beforeAll(async () => {
  const users = await createUserOfEachKind();
  cookies.anonymous = null;
  for (const kind of USER_KINDS) {
    cookies[kind] = (await createSession(users[kind])).cookie;
    userIds[kind] = users[kind].id;
  }
});

describe("authorization matrix: every admin loader and action x every user kind (QUALITY S11)", () => {
  test("finds the admin routes in app/routes.ts (the dashboard, its layout and User Management at least)", () => {
    const patterns = routes.map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["/admin", "/admin/users"]));
    expect(routes.filter((r) => r.file === "routes/admin/dashboard.tsx")).toHaveLength(1);
    expect(routes.find((r) => r.pattern === "/admin/users")?.requires).toBe("super_admin");
  });

  test("0 differences from the permission table of spec 1 §6", async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as { loader?: Handler; action?: Handler };
      if (typeof module.loader !== "function") {
        mismatches.push(`${route.file}: an admin route must export a loader that calls requireAdmin/requireSuperAdmin`);
        continue;
      }
      const handlers: Array<["loader" | "action", Handler, "GET" | "POST"]> = [["loader", module.loader, "GET"]];
      if (typeof module.action === "function") handlers.push(["action", module.action, "POST"]);
      for (const [name, handler, method] of handlers) {
        const rule = name === "action" && SUPER_ADMIN_ACTIONS.includes(route.pattern) ? { ...route, requires: "super_admin" as const } : route;
        for (const kind of KINDS) {
          const expected = expectedOutcome(kind, rule);
          const actual = await outcomeOf(handler, requestFor(route, method, cookies[kind]), paramsOf(route));
          checked += 1;
          if (actual !== expected) mismatches.push(`${method} ${route.url} (${route.file} ${name}) as ${kind}: expected "${expected}", got "${actual}"`);
        }
      }
    }
    expect(mismatches, mismatches.join("\n")).toEqual([]);
    // 7 kinds x (loader + any action) of each route.
    expect(checked).toBeGreaterThanOrEqual(routes.length * KINDS.length);
  });

  test("denials of signed-in users are in the audit log with who, what and when", async () => {
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "authz.denied"), eq(auditLog.actorUserId, userIds.customer)));
    expect(rows.length).toBeGreaterThan(0);
    const row = rows.find((r) => r.details.path === "/admin")!;
    expect(row, "a denial of GET /admin").toBeDefined();
    expect(row.outcome).toBe("denied");
    expect(row.actorEmail).toMatch(/@example\.test$/);
    expect(row.occurredAt).toBeInstanceOf(Date);
    expect(row.ipAddress).toBe("203.0.113.7");
    expect(row.details).toMatchObject({ required: "admin", reason: "no_admin_role" });
    expect(typeof row.details.path).toBe("string");
  });

  test("the matrix catches an admin route whose loader or action forgets its guard", async () => {
    const unguarded = await import("./fixtures/unguarded-admin-route");
    const route: AdminRoute = { file: "routes/admin/unguarded.tsx", url: "/admin/unguarded", pattern: "/admin/unguarded", requires: "admin" };
    const loaderOutcomes = await Promise.all(KINDS.map((kind) => outcomeOf(unguarded.loader, requestFor(route, "GET", cookies[kind]), {})));
    const actionOutcomes = await Promise.all(KINDS.map((kind) => outcomeOf(unguarded.action, requestFor(route, "POST", cookies[kind]), {})));
    const expected = KINDS.map((kind) => expectedOutcome(kind, route));
    // The loader is guarded; the action forgot: anonymous and every other kind would get through.
    expect(loaderOutcomes).toEqual(expected);
    expect(actionOutcomes).not.toEqual(expected);
    expect(actionOutcomes[KINDS.indexOf("anonymous")]).toBe("allowed");
  });
});
