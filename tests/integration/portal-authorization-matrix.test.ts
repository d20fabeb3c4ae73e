import path from "node:path";
import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { leadAttachments, leadMessages, leads, proposals, userRoles, users } from "~/db/schema";
import { uploadStorage } from "~/domain/storage/upload-storage.server";
import routeConfig from "~/routes";
import { createSession, createUser, type TestUser } from "../support/factories";
import { makeProposalContent } from "../support/proposal-content";

/**
 * Issue 22 item 7: the customer portal's isolation, proven. Every loader and action of every portal route
 * (discovered from app/routes.ts: a new one is covered without a change here), called on its own as
 * React Router does, as:
 * - anonymous, pending, rejected, an approved account without a role, staff without the customer role;
 * - customer A with A's own ids (allowed), with customer B's ids and with an unknown id (404, and no
 *   byte of B's request in the answer); the same for B against A.
 * Requests are shown only when linked to the account or carrying its VERIFIED email.
 */

vi.setConfig({ testTimeout: 60_000 });

interface PortalRoute {
  file: string;
  pattern: string;
}

function joinPath(parent: string, segment: string | undefined): string {
  if (!segment) return parent;
  return `${parent.replace(/\/$/, "")}/${segment.replace(/^\//, "")}`;
}

function discoverPortalRoutes(entries: readonly RouteConfigEntry[], parent = ""): PortalRoute[] {
  const out: PortalRoute[] = [];
  for (const entry of entries) {
    const pattern = joinPath(parent, entry.path) || "/";
    if (entry.file.startsWith("routes/portal/") || pattern === "/portal" || pattern.startsWith("/portal/")) out.push({ file: entry.file, pattern });
    if (entry.children) out.push(...discoverPortalRoutes(entry.children, pattern));
  }
  return out;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

interface Answer {
  outcome: string;
  /** Everything the answer carries, as text: to prove another customer's data is not in it. */
  text: string;
}

async function textOf(value: unknown): Promise<string> {
  if (value instanceof Response) {
    try {
      return Buffer.from(await value.clone().arrayBuffer()).toString("latin1");
    } catch {
      return "";
    }
  }
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

/** "allowed", "redirect <location>", or "<status>" for an answer of 400 and above. */
async function answerOf(handler: Handler, request: Request, params: Record<string, string>): Promise<Answer> {
  let value: unknown;
  try {
    value = await handler({ request, params, context: { cspNonce: "", requestId: "portal-matrix" } });
  } catch (thrown) {
    value = thrown;
  }
  const text = await textOf(value);
  if (value instanceof Response) {
    if (value.status >= 300 && value.status < 400) return { outcome: `redirect ${value.headers.get("Location")}`, text };
    return { outcome: value.status >= 400 ? String(value.status) : "allowed", text };
  }
  const init = (value as { init?: { status?: number } } | null)?.init;
  if (init?.status && init.status >= 400) return { outcome: init.status === 404 ? "404" : "allowed", text };
  return { outcome: "allowed", text };
}

const routes = discoverPortalRoutes(routeConfig);

interface Customer {
  user: TestUser;
  cookie: string;
  leadId: string;
  fileId: string;
  /** A proposal sent for the request (issue 30): /portal/proposals/:id takes its id. */
  proposalId: string;
  /** Strings only this customer's request holds. */
  secrets: string[];
}

async function customerWithRequest(label: string, options: { linked: boolean; verified: boolean }): Promise<Customer> {
  const marker = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  const user = await createUser({ kind: "customer", overrides: { firstName: label, emailVerified: options.verified } });
  const [lead] = await db()
    .insert(leads)
    .values({
      firstName: `${label} O'Brien`,
      lastName: "Zoë",
      email: user.email,
      phone: "+16145550100",
      message: `Message ${marker}`,
      claimNumber: `CLM-${marker}`,
      submissionKey: `portal-matrix-${marker}`,
      customerUserId: options.linked ? user.id : null,
    })
    .returning({ id: leads.id });
  const key = crypto.randomUUID();
  const storageKey = `portal-matrix/${key}`;
  const thumbKey = `portal-matrix/${key}-thumb`;
  await uploadStorage().put(storageKey, Buffer.from(`%PDF-1.4 ${marker}`));
  await uploadStorage().put(thumbKey, Buffer.from(`RIFF thumb ${marker}`));
  await uploadStorage().put(`${storageKey}-view1600`, Buffer.from(`RIFF view ${marker}`));
  const [file] = await db()
    .insert(leadAttachments)
    .values({
      leadId: lead!.id,
      storageKey,
      originalName: `roof-${marker}.pdf`,
      contentType: "application/pdf",
      sizeBytes: 20,
      sha256: crypto.createHash("sha256").update(marker).digest("hex"),
      thumbnailKey: thumbKey,
      thumbnailStatus: "ready",
    })
    .returning({ id: leadAttachments.id });
  await db().insert(leadMessages).values({ leadId: lead!.id, author: "staff", body: `Reply ${marker}` });
  const content = makeProposalContent({ terms: `Terms ${marker}` });
  const [proposal] = await db()
    .insert(proposals)
    .values({
      leadId: lead!.id,
      proposalNumber: 900_000 + Math.floor(Math.random() * 99_999),
      status: "sent",
      content,
      expiresOn: "2099-12-31",
      sentAt: new Date(),
      documentSha256: crypto.createHash("sha256").update(`proposal ${marker}`).digest("hex"),
    })
    .returning({ id: proposals.id });
  return { user, cookie: (await createSession(user)).cookie, leadId: lead!.id, fileId: file!.id, proposalId: proposal!.id, secrets: [marker, user.email] };
}

function urlOf(route: PortalRoute, ids: { leadId: string; fileId: string; proposalId: string }): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  // A proposal's page takes the proposal's id; every other :id is the request's.
  const idOf = route.pattern.startsWith("/portal/proposals/") ? ids.proposalId : ids.leadId;
  const url = route.pattern
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1).replace(/\?$/, "");
      params[name] = name === "id" ? idOf : ids.fileId;
      return params[name];
    })
    .join("/");
  return { url, params };
}

function requestFor(url: string, method: "GET" | "POST", cookie: string | null): Request {
  const headers = new Headers({ "x-app-client-ip": "203.0.113.9", "user-agent": "portal-matrix" });
  if (cookie) headers.set("cookie", cookie);
  if (method === "GET") return new Request(`http://app.test${url}`, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`http://app.test${url}`, { method, headers, body: "intent=portal-matrix-probe" });
}

let a: Customer;
let b: Customer;
/** B's unlinked request under an email B never verified: nobody's portal shows it. */
let unverified: Customer;
const others: Record<string, string | null> = {};

beforeAll(async () => {
  a = await customerWithRequest("Anaïs", { linked: true, verified: true });
  // B's request is found by B's verified email, not by a link.
  b = await customerWithRequest("Bob", { linked: false, verified: true });
  unverified = await customerWithRequest("Una", { linked: false, verified: false });
  others.anonymous = null;
  for (const kind of ["pending", "rejected", "approved", "admin", "super_admin"] as const) {
    others[kind] = (await createSession(await createUser({ kind }))).cookie;
  }
});

const EXPECTED_FOR_OTHERS: Record<string, (url: string) => string> = {
  anonymous: (url) => `redirect /auth?redirectTo=${encodeURIComponent(url)}`,
  pending: () => "redirect /auth",
  rejected: () => "redirect /auth",
  approved: () => "redirect /",
  admin: () => "redirect /admin",
  super_admin: () => "redirect /admin",
};

async function handlersOf(route: PortalRoute): Promise<Array<["loader" | "action", Handler, "GET" | "POST"]>> {
  const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as { loader?: Handler; action?: Handler };
  const out: Array<["loader" | "action", Handler, "GET" | "POST"]> = [];
  if (typeof module.loader === "function") out.push(["loader", module.loader, "GET"]);
  if (typeof module.action === "function") out.push(["action", module.action, "POST"]);
  return out;
}

describe("customer portal isolation (issue 22 item 7)", () => {
  test("finds the portal routes: the list, one request, its files", () => {
    const patterns = routes.map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["/portal", "/portal/requests/:id", "/portal/proposals/:id"]));
    expect(patterns.some((p) => p.includes(":fileId"))).toBe(true);
  });

  test("anonymous, pending, rejected, role-less and staff-only accounts never get a portal answer", async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      const handlers = await handlersOf(route);
      if (!handlers.some(([name]) => name === "loader")) mismatches.push(`${route.file}: a portal route must export a guarded loader`);
      for (const [name, handler, method] of handlers) {
        const { url, params } = urlOf(route, a);
        for (const [kind, cookie] of Object.entries(others)) {
          const expected = EXPECTED_FOR_OTHERS[kind]!(url);
          const answer = await answerOf(handler, requestFor(url, method, cookie), params);
          if (answer.outcome !== expected) mismatches.push(`${method} ${route.pattern} (${name}) as ${kind}: expected "${expected}", got "${answer.outcome}"`);
          for (const secret of a.secrets) if (answer.text.includes(secret)) mismatches.push(`${method} ${route.pattern} (${name}) as ${kind}: the answer holds A's data`);
        }
      }
    }
    expect(mismatches, mismatches.join("\n")).toEqual([]);
  });

  test("each customer reaches their own request, and gets 404 — never the data — for the other's or an unknown id", async () => {
    const mismatches: string[] = [];
    const unknown = { leadId: crypto.randomUUID(), fileId: crypto.randomUUID(), proposalId: crypto.randomUUID() };
    for (const route of routes) {
      const hasParams = route.pattern.includes(":");
      for (const [name, handler, method] of await handlersOf(route)) {
        for (const [me, other] of [
          [a, b],
          [b, a],
        ] as const) {
          const own = urlOf(route, me);
          const mine = await answerOf(handler, requestFor(own.url, method, me.cookie), own.params);
          if (mine.outcome !== "allowed" && !(method === "POST" && mine.outcome === "400")) {
            mismatches.push(`${method} ${route.pattern} (${name}) own ids as ${me.user.firstName}: got "${mine.outcome}"`);
          }
          if (!hasParams) {
            // The list: my request, nobody else's.
            for (const secret of [...other.secrets, ...unverified.secrets]) {
              if (mine.text.includes(secret)) mismatches.push(`${method} ${route.pattern} as ${me.user.firstName} shows another request (${secret})`);
            }
            continue;
          }
          const targets = [
            ["the other customer's ids", { leadId: other.leadId, fileId: other.fileId, proposalId: other.proposalId }],
            ["the other's request with my file id", { leadId: other.leadId, fileId: me.fileId, proposalId: other.proposalId }],
            ["my request with the other's file id", { leadId: me.leadId, fileId: other.fileId, proposalId: me.proposalId }],
            ["an unverified email's request", { leadId: unverified.leadId, fileId: unverified.fileId, proposalId: unverified.proposalId }],
            ["an unknown id", unknown],
            ["a malformed id", { leadId: "not-a-uuid", fileId: "../../etc/passwd", proposalId: "not-a-uuid" }],
          ] as const;
          for (const [label, ids] of targets) {
            // Routes without a file id only take the lead id: "my request with the other's file id" is my own request there.
            if (!route.pattern.includes(":fileId") && ids.leadId === me.leadId) continue;
            const { url, params } = urlOf(route, ids);
            const answer = await answerOf(handler, requestFor(url, method, me.cookie), params);
            if (answer.outcome !== "404") mismatches.push(`${method} ${route.pattern} (${name}) with ${label} as ${me.user.firstName}: expected "404", got "${answer.outcome}"`);
            for (const secret of [...other.secrets, ...unverified.secrets]) {
              if (answer.text.includes(secret)) mismatches.push(`${method} ${route.pattern} (${name}) with ${label}: the answer holds another's data`);
            }
          }
        }
      }
    }
    expect(mismatches, mismatches.join("\n")).toEqual([]);
  });

  test("a stranger who signed up first with a homeowner's email gets nothing, even holding a session and given the role (issue 29)", async () => {
    // The homeowner's request; the stranger's account carries the same email, never proven. Sign-in refuses such an
    // account, so these sessions stand for one made before that rule, or by any other way in: none may open anything.
    const hannah = await customerWithRequest("Hannah", { linked: false, verified: false });
    await db().update(users).set({ status: "pending" }).where(eq(users.id, hannah.user.id));
    await db().delete(userRoles).where(eq(userRoles.userId, hannah.user.id));
    const pendingStranger = (await createSession(hannah.user)).cookie;
    const mismatches: string[] = [];
    const probe = async (label: string, cookie: string, expected: string) => {
      for (const route of routes) {
        for (const [name, handler, method] of await handlersOf(route)) {
          const { url, params } = urlOf(route, hannah);
          const answer = await answerOf(handler, requestFor(url, method, cookie), params);
          // Sent to sign in (the session of an unproven address is ended on sight, so with or without redirectTo).
          if (answer.outcome !== expected && !answer.outcome.startsWith(`${expected}?redirectTo=`)) {
            mismatches.push(`${method} ${route.pattern} (${name}) as ${label}: expected "${expected}", got "${answer.outcome}"`);
          }
          for (const secret of hannah.secrets.slice(0, 1)) if (answer.text.includes(secret)) mismatches.push(`${method} ${route.pattern} (${name}) as ${label}: the answer holds the homeowner's data`);
        }
      }
    };
    try {
      await probe("the pending stranger", pendingStranger, "redirect /auth");
      // The worst case: staff approved the account and gave it the customer role (the app refuses that role now).
      await db().update(users).set({ status: "approved" }).where(eq(users.id, hannah.user.id));
      await db().insert(userRoles).values({ userId: hannah.user.id, role: "customer" });
      await db().update(leads).set({ customerUserId: hannah.user.id }).where(eq(leads.id, hannah.leadId));
      await probe("the stranger approved with the role", (await createSession(hannah.user)).cookie, "redirect /auth");
      expect(mismatches, mismatches.join("\n")).toEqual([]);
    } finally {
      await db().delete(leads).where(eq(leads.id, hannah.leadId));
    }
  });

  test("nothing was changed by the refused actions: the other customer's request is as it was", async () => {
    const rows = await db().select({ claim: leads.claimNumber }).from(leads);
    expect(rows.map((r) => r.claim)).toEqual(expect.arrayContaining([`CLM-${b.secrets[0]}`, `CLM-${a.secrets[0]}`]));
    const messages = await db().select({ body: leadMessages.body }).from(leadMessages);
    expect(messages).toHaveLength(3);
  });
});
