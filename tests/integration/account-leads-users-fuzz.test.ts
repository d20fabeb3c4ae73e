import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { startApp, type RunningApp } from "../support/app-server";
import { createSession, createUser, setUserPassword } from "../support/factories";
import { seededRandom } from "../support/prng";
import { sendConcurrently } from "../support/net";

/**
 * The sibling of admin-actions-fuzz.test.ts (QUALITY R6 / S15; issue 19) for the actions it leaves
 * out: the account forms (/auth sign-in and sign-up, /auth/forgot-password, /auth/reset-password,
 * /auth/change-password for an ordinary account and for a first admin who must choose a password,
 * /auth/verify-email, /auth/sign-out), the leads screens (/admin/leads and /admin/leads/:id with
 * each intent) and User Management (/admin/users). Generated INVALID submissions (seeded,
 * reproducible: FUZZ_SEED=<n> to replay or vary, FUZZ_CASES=<n> for more) go over HTTP to the real
 * production server, with the site's own Origin, a session where the screen needs one, and a
 * client address of their own (TRUST_PROXY=1 and X-Forwarded-For), so that the sign-in limits
 * (3 per 10 s) do not answer for the actions.
 *
 * Every case starts from a VALID submission and applies at least one mutation that makes it
 * invalid: missing, blank or oversize fields (up to past the 1 MiB form limit), wrong types (a file
 * for a text field), control and text-direction characters, bad email addresses, passwords that
 * are too short, too long (in characters: 129 emoji), common, easy to guess or the account's own
 * name, mismatched confirmations, wrong current passwords, unknown, spent or oversize tokens,
 * missing, unknown and prototype-named intents (`__proto__`, `constructor`), ids that are not
 * uuids, unknown or another table's, another lead's id, the admin's own account, values outside
 * the lists, impossible and future dates, unknown fields where the form allows none, other HTTP
 * methods and malformed bodies (JSON, text, broken multipart, empty). On top of that, "noise" that
 * cannot make a case valid: the same field repeated with the same value, unknown fields where they
 * are ignored, emoji, combining marks, zero-width and refused characters in free-text fields the
 * mutations left alone, and shuffled field order.
 *
 * Asserted: every answer is a 4xx from the action with its own message (its `fieldErrors`,
 * `toast`, `message` or `error`; a 413 from the body limit for the oversize forms), never a 5xx,
 * never "An unexpected error occurred", never a message built from a prototype (`[object Object]`,
 * `[native code]`); a sign-out is a redirect; the server logs no error; and nothing is written:
 * a checksum of the accounts, sessions, roles, verifications, leads, notes and outbox, and the
 * number of successful audit entries, are the same before and after. Then positive controls
 * through the same paths: a note with emoji and a repeated field, a status change, and the reset
 * link's valid use are seen.
 */

const CASES = Math.max(300, Number(process.env.FUZZ_CASES ?? 1_000));
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const CONCURRENCY = 4;
const SECRET = "account-leads-users-fuzz-secret-0123456789abcdefgh";

if (!Number.isInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);

const { int, pick } = seededRandom(SEED);

/* ------------------------------------------------------------------------ */
/* The screens                                                              */
/* ------------------------------------------------------------------------ */

type Endpoint = "sign-in" | "sign-up" | "forgot-password" | "reset-password" | "change-password" | "first-password" | "verify-email" | "sign-out" | "leads" | "lead" | "users";
type SessionKind = "none" | "admin" | "member" | "first-admin";

const SESSION_OF: Record<Endpoint, SessionKind> = {
  "sign-in": "none",
  "sign-up": "none",
  "forgot-password": "none",
  "reset-password": "none",
  "change-password": "member",
  "first-password": "first-admin",
  "verify-email": "none",
  "sign-out": "none",
  leads: "admin",
  lead: "admin",
  users: "admin",
};

/** What only the action's own answer holds (turbo-stream keys in `.data`, the same escaped in a page). */
const MARKER: Record<Endpoint, string> = {
  "sign-in": "fieldErrors",
  "sign-up": "fieldErrors",
  "forgot-password": "fieldErrors",
  "reset-password": "fieldErrors",
  "change-password": "fieldErrors",
  "first-password": "fieldErrors",
  "verify-email": "text",
  "sign-out": "",
  leads: "error",
  lead: "message",
  users: "toast",
};

/** Forms whose schema refuses unknown fields (z.strictObject): an extra field makes them invalid. */
const STRICT: ReadonlySet<Endpoint> = new Set(["leads", "lead"]);

/** Filled in by the setup: the accounts, the reset link and the leads the cases use. */
const fx = {
  adminId: "",
  member: { id: "", email: "", password: "Copper-Lantern-Orchid-8812", firstName: "Morgan", lastName: "Tillery" },
  firstAdmin: { id: "", email: "", password: "One-Time-Fuzz-9Kq2ZpX7wL", firstName: "Site", lastName: "Administrator" },
  resetUser: { id: "", email: "", firstName: "Rosalind", lastName: "Featherstone" },
  resetToken: "",
  targetUserId: "",
  leadA: "",
  leadB: "",
};

/** A password the policy accepts, different each time (never used: every case is invalid). */
function strongPassword(): string {
  return `${pick(["Gravel", "Velvet", "Harbor", "Walnut", "Falcon"])}-${pick(["Otter", "Comet", "Saddle", "Kettle", "Pebble"])}-${pick(["Tulip", "Fossil", "Violin", "Anchor"])}-${1000 + int(9000)}`;
}

let emailCounter = 0;
function freshEmail(): string {
  emailCounter += 1;
  return `fuzz-${SEED}-${emailCounter}@example.test`;
}

function randomUuid(): string {
  const hex = Array.from({ length: 32 }, () => int(16).toString(16));
  hex[12] = "4";
  hex[16] = pick(["8", "9", "a", "b"]);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const PIPELINE = ["new", "contacted", "inspection_scheduled", "estimate_sent", "won", "lost"] as const;

interface Case {
  n: number;
  endpoint: Endpoint;
  intent: string;
  category: string;
  path: string;
  method: string;
  document: boolean;
  encoding: "urlencoded" | "multipart";
  fields: Array<[string, string]>;
  files: Array<[name: string, filename: string, content: string]>;
  raw?: { label: string; body: Uint8Array; contentType?: string };
}

/** The valid submission each case starts from: [intent, path, fields]. */
function validBase(endpoint: Endpoint): [string, string, Array<[string, string]>] {
  switch (endpoint) {
    case "sign-in":
      return ["sign-in", "/auth", [["intent", "sign-in"], ["email", fx.member.email], ["password", fx.member.password], ["redirectTo", "/admin"]]];
    case "sign-up": {
      const password = strongPassword();
      return ["sign-up", "/auth?mode=signup", [["intent", "sign-up"], ["firstName", "Quinn"], ["lastName", "Marsh"], ["email", freshEmail()], ["password", password]]];
    }
    case "forgot-password":
      return ["request", "/auth/forgot-password", [["email", freshEmail()]]];
    case "reset-password": {
      const password = strongPassword();
      return ["reset", "/auth/reset-password", [["token", fx.resetToken], ["password", password], ["confirmPassword", password]]];
    }
    case "change-password":
    case "first-password": {
      const password = strongPassword();
      const current = endpoint === "change-password" ? fx.member.password : fx.firstAdmin.password;
      return ["change", "/auth/change-password", [["currentPassword", current], ["password", password], ["confirmPassword", password]]];
    }
    case "verify-email":
      return ["verify", "/auth/verify-email", [["token", crypto.createHash("sha256").update(`${SEED}-${int(1e9)}`).digest("base64url")]]];
    case "sign-out":
      return ["sign-out", "/auth/sign-out", []];
    case "leads":
      return ["set-contacted", "/admin/leads", [["intent", "set-contacted"], ["leadId", fx.leadA], ["contacted", pick(["true", "false"])]]];
    case "lead": {
      const lead = `/admin/leads/${fx.leadA}`;
      return pick<[string, string, Array<[string, string]>]>([
        ["set-contacted", lead, [["intent", "set-contacted"], ["leadId", fx.leadA], ["contacted", pick(["true", "false"])]]],
        ["set-status", lead, [["intent", "set-status"], ["status", pick(PIPELINE)]]],
        ["add-note", lead, [["intent", "add-note"], ["body", "Called back, left a message."]]],
        [
          "update-insurance",
          lead,
          [["intent", "update-insurance"], ["hasInsuranceDocs", "on"], ["insuranceCompany", "State Farm"], ["claimNumber", "CLM-2291"], ["dateOfLoss", "2025-06-01"]],
        ],
      ]);
    }
    case "users":
      return pick<[string, string, Array<[string, string]>]>([
        ["set-status", "/admin/users", [["intent", "set-status"], ["userId", fx.targetUserId], ["status", pick(["pending", "approved", "rejected"])]]],
        ["assign-role", "/admin/users", [["intent", "assign-role"], ["userId", fx.targetUserId], ["role", pick(["admin", "customer"])]]],
        ["remove-role", "/admin/users", [["intent", "remove-role"], ["userId", fx.targetUserId], ["role", pick(["admin", "customer"])]]],
      ]);
  }
}

/* ------------------------------------------------------------------------ */
/* Mutations                                                                 */
/* ------------------------------------------------------------------------ */

const get = (c: Case, name: string) => c.fields.find(([n]) => n === name)?.[1];
function set(c: Case, name: string, value: string): void {
  const index = c.fields.findIndex(([n]) => n === name);
  if (index === -1) c.fields.push([name, value]);
  else c.fields[index] = [name, value];
}
function remove(c: Case, name: string): void {
  c.fields = c.fields.filter(([n]) => n !== name);
}
function asFile(c: Case, name: string): void {
  const value = get(c, name) ?? "";
  remove(c, name);
  c.encoding = "multipart";
  c.files.push([name, pick(["value.txt", "photo.png", "x"]), value]);
}
const insertAt = (value: string, piece: string) => {
  const at = int(value.length + 1);
  return `${value.slice(0, at)}${piece}${value.slice(at)}`;
};

const CONTROL = ["\u0000", "\u0007", "\u001b", "\u007f"];
const BIDI = ["\u202e", "\u2066", "\u202d"];
const HUGE = () => "a".repeat(pick([300_000, 1_100_000]));
const EMOJI = (count: number) => Array.from({ length: count }, (_, i) => String.fromCodePoint(0x1f300 + ((i * 97 + int(50)) % 0x300))).join("");

/** A mutation of one field: its category and what it does. Each one makes the submission invalid. */
type Mutation = [category: string, field: string, run: (c: Case) => void];

function requiredText(field: string, max: number, { controls = true }: { controls?: boolean } = {}): Mutation[] {
  const out: Mutation[] = [
    ["missing field", field, (c) => remove(c, field)],
    ["blank field", field, (c) => set(c, field, pick(["", "   ", "\t"]))],
    ["too long", field, (c) => set(c, field, pick(["x", "é", "😀"]).repeat(max + 1 + int(3)))],
    ["huge value", field, (c) => set(c, field, HUGE())],
    ["file instead of text", field, (c) => asFile(c, field)],
  ];
  if (controls) {
    out.push(["control character", field, (c) => set(c, field, insertAt(get(c, field) || "Value", pick(CONTROL)))]);
    out.push(["text-direction character", field, (c) => set(c, field, insertAt(get(c, field) || "Value", pick(BIDI)))]);
  }
  return out;
}

function emailField(field = "email"): Mutation[] {
  return [
    ...requiredText(field, 254),
    ["bad email", field, (c) => set(c, field, pick(["not-an-email", "a@", "@example.com", "a b@example.com", "a@@example.com", "a@example..com", "<a@example.com>", "a@exa mple.com"]))],
  ];
}

/** A new password the policy refuses: short, common, easy to guess, too long in characters, the account's own name. */
function newPassword(field: string, name: () => [string, string]): Mutation[] {
  return [
    ["missing field", field, (c) => remove(c, field)],
    ["blank field", field, (c) => set(c, field, "")],
    ["short password", field, (c) => set(c, field, pick(["Xq7#pL2!vR9", "short", "😀".repeat(11), "a"]))],
    ["common password", field, (c) => set(c, field, pick(["password1234", "qwerty123456", "iloveyou", "1qaz2wsx3edc", "password"]))],
    ["easy password", field, (c) => set(c, field, pick(["aaaaaaaaaaaa", "123456789012", "passwordpassword", "abcabcabcabc", "            ", "qwertyuiopas"]))],
    ["personal password", field, (c) => set(c, field, pick([(n: string[]) => `${n[0]}${n[1]}1990`, (n: string[]) => `${n[1]}.${n[0]}.2024`, (n: string[]) => `${n[0]}-${n[1]}-77`])(name()))],
    ["too long", field, (c) => set(c, field, pick(["x".repeat(129), EMOJI(129), "x".repeat(5_000)]))],
    ["huge value", field, (c) => set(c, field, HUGE())],
    ["file instead of text", field, (c) => asFile(c, field)],
  ];
}

function confirmation(): Mutation[] {
  return [
    ["confirmation differs", "confirmPassword", (c) => set(c, "confirmPassword", `${get(c, "confirmPassword") ?? ""}x`)],
    ["missing field", "confirmPassword", (c) => remove(c, "confirmPassword")],
    ["file instead of text", "confirmPassword", (c) => asFile(c, "confirmPassword")],
  ];
}

function currentPassword(): Mutation[] {
  return [
    ["missing field", "currentPassword", (c) => remove(c, "currentPassword")],
    ["blank field", "currentPassword", (c) => set(c, "currentPassword", "")],
    ["too long", "currentPassword", (c) => set(c, "currentPassword", EMOJI(129))],
    ["file instead of text", "currentPassword", (c) => asFile(c, "currentPassword")],
    // Runs scrypt twice (better-auth hashes the new password before it checks the current one): kept rare.
    ...(int(4) === 0 ? ([["wrong current password", "currentPassword", (c) => set(c, "currentPassword", "Not-The-Password-3371")]] as Mutation[]) : []),
    ["new password is the current one", "password", (c) => {
      const current = get(c, "currentPassword") ?? "";
      set(c, "password", current);
      set(c, "confirmPassword", current);
    }],
  ];
}

const BAD_INTENTS = ["", "nope", "SET-STATUS", "set-status ", "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "delete", "set_status"];

function intentField(): Mutation[] {
  return [
    ["missing intent", "intent", (c) => remove(c, "intent")],
    ["unknown intent", "intent", (c) => set(c, "intent", pick(BAD_INTENTS))],
    ["intent as a file", "intent", (c) => asFile(c, "intent")],
  ];
}

function idField(field: string, { unknownIsInvalid = true }: { unknownIsInvalid?: boolean } = {}): Mutation[] {
  return [
    ["missing field", field, (c) => remove(c, field)],
    ["not a uuid", field, (c) => set(c, field, pick(["not-a-uuid", "12345", "", " ", `${fx.leadA} `, `${fx.leadA.slice(0, -1)}z`, "00000000-0000-0000-0000-000000000000x", "1 OR 1=1"]))],
    ...(unknownIsInvalid ? ([["unknown id", field, (c) => set(c, field, randomUuid())]] as Mutation[]) : []),
    ["file instead of text", field, (c) => asFile(c, field)],
  ];
}

function choice(field: string, wrong: readonly string[]): Mutation[] {
  return [
    ["missing field", field, (c) => remove(c, field)],
    ["value outside the list", field, (c) => set(c, field, pick(wrong))],
    ["file instead of text", field, (c) => asFile(c, field)],
  ];
}

function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The mutations that apply to a case of `endpoint` with `intent`. */
function mutationsFor(endpoint: Endpoint, intent: string): Mutation[] {
  switch (endpoint) {
    case "sign-in":
      return [
        ...emailField(),
        ["missing field", "password", (c) => remove(c, "password")],
        ["blank field", "password", (c) => set(c, "password", "")],
        ["too long", "password", (c) => set(c, "password", pick(["x".repeat(129), EMOJI(129)]))],
        ["huge value", "password", (c) => set(c, "password", HUGE())],
        ["file instead of text", "password", (c) => asFile(c, "password")],
        ...(int(6) === 0 ? ([["wrong password", "password", (c) => set(c, "password", "Not-The-Password-3371")]] as Mutation[]) : []),
      ];
    case "sign-up":
      return [
        ...requiredText("firstName", 100),
        ...requiredText("lastName", 100),
        ...emailField(),
        ...newPassword("password", () => ["Quinn", "Marsh"]),
        ["missing intent (a sign-in by an unknown address)", "intent", (c) => remove(c, "intent")],
      ];
    case "forgot-password":
      return emailField();
    case "reset-password":
      return [
        ["missing field", "token", (c) => remove(c, "token")],
        ["blank field", "token", (c) => set(c, "token", pick(["", "  "]))],
        ["too long", "token", (c) => set(c, "token", "t".repeat(201 + int(1000)))],
        ["unknown token", "token", (c) => set(c, "token", pick([crypto.randomBytes(18).toString("base64url"), `${fx.resetToken}x`, fx.resetToken.toUpperCase(), "../../etc/passwd", "%00"]))],
        ["control character", "token", (c) => set(c, "token", insertAt(fx.resetToken, pick(CONTROL)))],
        ["file instead of text", "token", (c) => asFile(c, "token")],
        ...newPassword("password", () => [fx.resetUser.firstName, fx.resetUser.lastName]).map(
          ([category, field, run]): Mutation => [category, field, (c) => {
            run(c);
            if (category !== "missing field" && category !== "file instead of text") set(c, "confirmPassword", get(c, "password") ?? "");
          }],
        ),
        ...confirmation(),
      ];
    case "change-password":
    case "first-password": {
      const owner = endpoint === "change-password" ? fx.member : fx.firstAdmin;
      return [
        ...currentPassword(),
        ...newPassword("password", () => [owner.firstName, owner.lastName]).map(
          ([category, field, run]): Mutation => [category, field, (c) => {
            run(c);
            if (category !== "missing field" && category !== "file instead of text") set(c, "confirmPassword", get(c, "password") ?? "");
          }],
        ),
        ...confirmation(),
      ];
    }
    case "verify-email":
      return [
        ["missing field", "token", (c) => remove(c, "token")],
        ["blank field", "token", (c) => set(c, "token", "")],
        ["unknown token", "token", (c) => set(c, "token", crypto.randomBytes(24).toString("base64url"))],
        ["too long", "token", (c) => set(c, "token", "t".repeat(2_001))],
        ["huge value", "token", (c) => set(c, "token", HUGE())],
        ["control character", "token", (c) => set(c, "token", insertAt("abc.def.ghi", pick([...CONTROL, ...BIDI])))],
        ["file instead of text", "token", (c) => asFile(c, "token")],
      ];
    case "sign-out":
      // Anything at all: a sign-out always ends in a redirect (no session here, so nothing to end).
      return [["any body", "x", (c) => c.fields.push([pick(["intent", "token", "x", "__proto__"]), pick(["", "sign-out", "😀", "z".repeat(5_000)])])]];
    case "leads":
      return [
        ...intentField(),
        ...idField("leadId"),
        ["other table's id", "leadId", (c) => set(c, "leadId", fx.adminId)],
        ...choice("contacted", ["", "yes", "on", "1", "TRUE", "null", "undefined", "false "]),
        ["unknown field", "extra", (c) => c.fields.push([pick(["extra", "notes", "__proto__", "contacted[]"]), "1"])],
      ];
    case "lead": {
      const common: Mutation[] = [
        ...intentField(),
        ["lead id in the path not a uuid", "(path)", (c) => (c.path = `/admin/leads/${pick(["not-a-uuid", "12345", "%20", encodeURIComponent(`${fx.leadA} `)])}`)],
        ["unknown field", "extra", (c) => c.fields.push([pick(["extra", "leadId", "__proto__", "status[]"]), "1"])],
      ];
      // An unknown lead: 404 (set-contacted: 400, the lead in the form is not the one in the path).
      common.push(["unknown lead in the path", "(path)", (c) => (c.path = `/admin/leads/${randomUuid()}`)]);
      switch (intent) {
        case "set-contacted":
          return [
            ...common,
            ...idField("leadId"),
            ["another lead's id", "leadId", (c) => set(c, "leadId", fx.leadB)],
            ...choice("contacted", ["", "yes", "on", "1", "TRUE"]),
          ];
        case "set-status":
          return [...common, ...choice("status", ["", "New", "closed", "won ", "__proto__", "contacted,won", "inspection scheduled"])];
        case "add-note":
          return [...common, ...requiredText("body", 5_000)];
        default:
          return [
            ...common,
            ["value outside the list", "hasInsuranceDocs", (c) => set(c, "hasInsuranceDocs", pick(["maybe", "2", "checked", "ON "]))],
            ["too long", "insuranceCompany", (c) => set(c, "insuranceCompany", "y".repeat(201 + int(100)))],
            ["control character", "insuranceCompany", (c) => set(c, "insuranceCompany", insertAt("State Farm", pick([...CONTROL, "\n", "\t"])))],
            ["text-direction character", "insuranceCompany", (c) => set(c, "insuranceCompany", insertAt("State Farm", pick(BIDI)))],
            ["too long", "claimNumber", (c) => set(c, "claimNumber", "9".repeat(101 + int(100)))],
            ["control character", "claimNumber", (c) => set(c, "claimNumber", insertAt("CLM-2291", pick([...CONTROL, "\r\n"])))],
            ["bad date", "dateOfLoss", (c) => set(c, "dateOfLoss", pick(["2019-02-31", "2025-13-01", "01/02/2024", "2024-1-1", "tomorrow", "2024-01-011", "1989-12-31", "0000-00-00", futureDate(3), futureDate(400)]))],
            ["huge value", "claimNumber", (c) => set(c, "claimNumber", HUGE())],
          ];
      }
    }
    case "users": {
      const own: Mutation[] =
        intent === "assign-role" ? [] : [["own account", "userId", (c) => set(c, "userId", fx.adminId)]];
      return [
        ...intentField(),
        ...idField("userId"),
        ["another table's id", "userId", (c) => set(c, "userId", fx.leadA)],
        ...own,
        ...(intent === "set-status"
          ? choice("status", ["", "Approved", "super_admin", "active", "pending,approved", "__proto__"])
          : choice("role", ["", "super_admin", "Admin", "owner", "admin,customer", "constructor"])),
      ];
    }
  }
}

/** Whole-body problems: the form's fields are replaced by something else. */
const BOUNDARY = "----fuzz-boundary-7MA4YWxkTrZu0gW";
const enc = (text: string) => new TextEncoder().encode(text);
function rawBody(c: Case): void {
  const variants: Array<[string, string | Uint8Array, string | undefined]> = [
    ["JSON", JSON.stringify(Object.fromEntries(c.fields)), "application/json"],
    ["JSON array", JSON.stringify(c.fields), "application/json"],
    ["text/plain", c.fields.map(([n, v]) => `${n}=${v}`).join("\n"), "text/plain"],
    ["no content type", new URLSearchParams(c.fields).toString(), undefined],
    ["empty urlencoded", "", "application/x-www-form-urlencoded"],
    ["urlencoded &&&", "&&&=&=%", "application/x-www-form-urlencoded"],
    ["bad percent escapes", "intent=%E0%A4%A&email=%&password=%%%", "application/x-www-form-urlencoded"],
    ["multipart without boundary", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`, "multipart/form-data"],
    ["multipart, wrong boundary", `--other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--other--\r\n`, `multipart/form-data; boundary=${BOUNDARY}`],
    ["multipart, cut short", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nset-sta`, `multipart/form-data; boundary=${BOUNDARY}`],
    ["multipart, no parts", `--${BOUNDARY}--\r\n`, `multipart/form-data; boundary=${BOUNDARY}`],
    ["binary", new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0xed, 0xa0, 0x80, 0x0a]), "application/octet-stream"],
  ];
  const [label, body, contentType] = pick(variants);
  c.raw = { label, body: typeof body === "string" ? enc(body) : body, contentType };
}

const NOISE = ["😀", "e\u0301", "\u200b", "\ufeff", "\u4e2d\u6587", "ǅ", "\ud800", "\u{1f1fa}\u{1f1f8}", "\u0000", "\u202e"];
/** Free-text fields noise may be added to when a mutation elsewhere already makes the case invalid. */
const FREE_TEXT = new Set(["redirectTo", "body", "insuranceCompany", "claimNumber"]);

const ENDPOINT_WEIGHTS: Array<[Endpoint, number]> = [
  ["sign-in", 3],
  ["sign-up", 4],
  ["forgot-password", 2],
  ["reset-password", 4],
  ["change-password", 3],
  ["first-password", 3],
  ["verify-email", 1],
  ["sign-out", 1],
  ["leads", 3],
  ["lead", 6],
  ["users", 4],
];

function generate(): Case[] {
  const pool = ENDPOINT_WEIGHTS.flatMap(([endpoint, weight]) => Array<Endpoint>(weight).fill(endpoint));
  const cases: Case[] = [];
  for (let n = 0; n < CASES; n += 1) {
    const endpoint = pool[n % pool.length]!;
    const [intent, pathName, fields] = validBase(endpoint);
    const c: Case = {
      n,
      endpoint,
      intent,
      category: "",
      path: pathName,
      method: int(15) === 0 ? pick(["PUT", "PATCH", "DELETE"]) : "POST",
      document: int(5) === 0,
      encoding: int(3) === 0 ? "multipart" : "urlencoded",
      fields,
      files: [],
    };
    if (int(12) === 0) {
      c.category = "malformed body";
      rawBody(c);
      cases.push(c);
      continue;
    }
    const mutations = mutationsFor(endpoint, intent);
    const [category, field, run] = pick(mutations);
    c.category = category;
    run(c);
    const touched = new Set([field, "confirmPassword"]);
    // Noise that cannot make the case valid.
    for (const [index, [name, value]] of c.fields.entries()) {
      if (!touched.has(name) && FREE_TEXT.has(name) && int(3) === 0) c.fields[index] = [name, insertAt(value, pick(NOISE))];
    }
    if (int(4) === 0 && c.fields.length > 0) {
      const [name, value] = pick(c.fields);
      c.fields.splice(int(c.fields.length + 1), 0, [name, value]); // the same field again, same value
    }
    if (!STRICT.has(endpoint) && int(6) === 0) c.fields.push([pick(["status", "roles", "role", "emailVerified", "__proto__", "constructor", "isAdmin"]), pick(["approved", "super_admin", "true", "{}"])]);
    if (int(8) === 0) c.fields.sort(() => (int(2) === 0 ? -1 : 1));
    cases.push(c);
  }
  return cases;
}

/* ------------------------------------------------------------------------ */
/* HTTP                                                                     */
/* ------------------------------------------------------------------------ */

interface Answer {
  status: number;
  fromAction: boolean;
  redirect: boolean;
  /** Text that must never reach a user. */
  leak: string | null;
}

const LEAKS = ["An unexpected error occurred", "[object Object]", "[native code]", "function Object", "undefined:", "Invalid input: expected"];

let clientCounter = 0;
function nextClientAddress(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

async function send(app: RunningApp, cookies: Record<SessionKind, string>, c: Case): Promise<Answer> {
  const headers: Record<string, string> = { origin: app.url, "x-forwarded-for": nextClientAddress() };
  const cookie = cookies[SESSION_OF[c.endpoint]];
  if (cookie) headers.cookie = cookie;
  let body: FormData | URLSearchParams | Uint8Array<ArrayBuffer>;
  if (c.raw) {
    body = new Uint8Array(c.raw.body);
    if (c.raw.contentType !== undefined) headers["content-type"] = c.raw.contentType;
  } else if (c.encoding === "multipart" || c.files.length > 0) {
    const form = new FormData();
    for (const [name, value] of c.fields) form.append(name, value);
    for (const [name, filename, content] of c.files) form.append(name, new Blob([content], { type: "text/plain" }), filename);
    body = form;
  } else {
    body = new URLSearchParams(c.fields);
  }
  const [pathname, search] = c.path.split("?");
  const url = `${app.url}${pathname}${c.document ? "" : ".data"}${search ? `?${search}` : ""}`;
  const response = await fetch(url, { method: c.method, headers, body, redirect: "manual" });
  const text = await response.text();
  const marker = MARKER[c.endpoint];
  return {
    status: response.status,
    fromAction: marker !== "" && (text.includes(`"${marker}"`) || text.includes(`\\"${marker}\\"`)),
    redirect: (response.status >= 300 && response.status < 400) || (response.status === 202 && /\/auth/.test(text)),
    leak: LEAKS.find((leak) => text.includes(leak)) ?? null,
  };
}

function describeCase(c: Case): string {
  const shown = (v: string) => JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}...(${v.length} chars)` : v);
  const body = c.raw
    ? `raw ${c.raw.label} (${c.raw.contentType ?? "no content type"}, ${c.raw.body.length} bytes)`
    : `${c.encoding} ${c.fields.map(([n, v]) => `${shown(n)}=${shown(v)}`).join(" ")}${c.files.map(([n, f]) => ` file ${n}:${f}`).join("")}`;
  return `#${c.n} [${c.category}] ${c.endpoint}/${c.intent}: ${c.method} ${c.path}${c.document ? "" : " (.data)"} ${body}`;
}

/* ------------------------------------------------------------------------ */
/* The test                                                                 */
/* ------------------------------------------------------------------------ */

describe("account, leads and User Management actions under generated invalid submissions", () => {
  let app: RunningApp;
  let pool: pg.Pool;
  const cookies: Record<SessionKind, string> = { none: "", admin: "", member: "", "first-admin": "" };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "account-leads-users-fuzz-"));

  function productionCookie(token: string): string {
    // The production cookie: better-auth's signed token (HMAC-SHA256 with the secret).
    const signature = crypto.createHmac("sha256", SECRET).update(token).digest("base64");
    return `__Host-roofing.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  }

  async function snapshot(): Promise<Record<string, string>> {
    const checks: Record<string, string> = {
      users: "select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from users t",
      user_roles: "select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from user_roles t",
      accounts: "select md5(coalesce(string_agg(t.id::text || t.user_id::text || coalesce(t.password, ''), '|' order by t.id), '')) as sum, count(*)::int as count from accounts t",
      // Ids only: a request on a session moves its last activity.
      sessions: "select md5(coalesce(string_agg(t.id::text, '|' order by t.id), '')) as sum, count(*)::int as count from sessions t",
      verifications: "select md5(coalesce(string_agg(t.id::text || t.identifier, '|' order by t.id), '')) as sum, count(*)::int as count from verifications t",
      leads: "select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from leads t",
      lead_notes: "select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from lead_notes t",
      email_outbox: "select '' as sum, count(*)::int as count from email_outbox",
      // Refused attempts are audited as failures; only a successful change would add a success.
      audit: "select '' as sum, count(*)::int as count from audit_log where outcome = 'success'",
    };
    const out: Record<string, string> = {};
    for (const [name, sql] of Object.entries(checks)) {
      const { rows } = await pool.query<{ sum: string; count: number }>(sql);
      out[name] = `${rows[0]!.count} rows ${rows[0]!.sum}`;
    }
    return out;
  }

  const errorLines = () => app.logs().split("\n").filter((line) => /"level":(50|60)/.test(line));

  beforeAll(async () => {
    app = await startApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, LOG_LEVEL: "warn", TRUST_PROXY: "1" } });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    const appDb = drizzle(pool, { schema, casing: "snake_case" });

    const admin = await createUser({ kind: "super_admin", db: appDb, overrides: { firstName: "Fuzz", lastName: "Admin" } });
    fx.adminId = admin.id;
    cookies.admin = productionCookie((await createSession(admin, { db: appDb })).token);

    const member = await createUser({ kind: "approved", db: appDb, overrides: { firstName: fx.member.firstName, lastName: fx.member.lastName } });
    await setUserPassword(member, fx.member.password, { db: appDb });
    Object.assign(fx.member, { id: member.id, email: member.email });
    cookies.member = productionCookie((await createSession(member, { db: appDb })).token);

    const firstAdmin = await createUser({
      kind: "super_admin",
      db: appDb,
      overrides: { firstName: fx.firstAdmin.firstName, lastName: fx.firstAdmin.lastName, mustChangePassword: true },
    });
    await setUserPassword(firstAdmin, fx.firstAdmin.password, { db: appDb });
    Object.assign(fx.firstAdmin, { id: firstAdmin.id, email: firstAdmin.email });
    cookies["first-admin"] = productionCookie((await createSession(firstAdmin, { db: appDb })).token);

    const resetUser = await createUser({ kind: "admin", db: appDb, overrides: { firstName: fx.resetUser.firstName, lastName: fx.resetUser.lastName } });
    await setUserPassword(resetUser, undefined, { db: appDb });
    Object.assign(fx.resetUser, { id: resetUser.id, email: resetUser.email });
    // A reset link as the user would get it: asked for through the form, read from the outbox.
    const asked = await fetch(`${app.url}/auth/forgot-password.data`, {
      method: "POST",
      headers: { origin: app.url, "x-forwarded-for": "192.0.2.1" },
      body: new URLSearchParams({ email: resetUser.email }),
    });
    expect(asked.status).toBe(200);
    const { rows: mail } = await pool.query<{ text: string }>(
      "select text_body as text from email_outbox where to_address = $1 and kind = 'auth.reset-password' order by created_at desc limit 1",
      [resetUser.email],
    );
    fx.resetToken = decodeURIComponent(/token=([A-Za-z0-9._~%-]+)/.exec(mail[0]?.text ?? "")?.[1] ?? "");
    expect(fx.resetToken.length, "a reset token in the email").toBeGreaterThan(10);

    fx.targetUserId = (await createUser({ kind: "pending", db: appDb })).id;
    const { rows: leads } = await pool.query<{ id: string }>(
      `insert into leads (first_name, last_name, email, phone, submission_key) values
         ('Henry', 'Lead', 'henry@example.com', '+16145550150', 'fuzz-lead-a-${SEED}'),
         ('Ivy', 'Lead', 'ivy@example.com', '+16145550151', 'fuzz-lead-b-${SEED}')
       returning id::text as id`,
    );
    [fx.leadA, fx.leadB] = leads.map((row) => row.id) as [string, string];

    // The sessions work and the actions are where this test posts: one refused request per screen.
    for (const [endpoint, probePath] of [
      ["leads", "/admin/leads"],
      ["lead", `/admin/leads/${fx.leadA}`],
      ["users", "/admin/users"],
      ["change-password", "/auth/change-password"],
      ["first-password", "/auth/change-password"],
    ] as const) {
      const probe = await fetch(`${app.url}${probePath}.data`, {
        method: "POST",
        headers: { cookie: cookies[SESSION_OF[endpoint]], origin: app.url, "x-forwarded-for": "192.0.2.2" },
        body: new URLSearchParams({ intent: "nope" }),
      });
      expect(`${endpoint} ${probe.status} ${(await probe.text()).includes(`"${MARKER[endpoint]}"`)}`).toBe(`${endpoint} 400 true`);
    }
  }, 180_000);

  afterAll(async () => {
    await pool?.end();
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test(`${CASES} invalid submissions: a message from the action (or a redirect for a sign-out), never a 5xx, nothing written`, async () => {
    const cases = generate();
    const before = await snapshot();
    const errorsBefore = errorLines().length;

    const started = performance.now();
    const results = await sendConcurrently(cases, CONCURRENCY, (c) => send(app, cookies, c));
    const seconds = (performance.now() - started) / 1000;

    const statusOf = (a: Answer | string) => (typeof a === "string" ? a : String(a.status));
    const byScreen = new Map<string, Map<string, number>>();
    const categories = new Set<string>();
    for (const { c, answer } of results) {
      categories.add(c.category);
      const key = `${c.endpoint}/${c.intent}`;
      const counts = byScreen.get(key) ?? new Map<string, number>();
      counts.set(statusOf(answer), (counts.get(statusOf(answer)) ?? 0) + 1);
      byScreen.set(key, counts);
    }
    console.log(
      `account, leads and users fuzz, seed ${SEED} (FUZZ_SEED=${SEED} to replay): ${results.length} cases in ${seconds.toFixed(1)} s, ${categories.size} categories\n` +
        [...byScreen]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, counts]) => `  ${key}: ${[...counts].sort().map(([s, n]) => `${s} x${n}`).join(", ")}`)
          .join("\n"),
    );

    const answers = results.map(({ c, answer }) => ({ c, a: typeof answer === "string" ? null : answer, raw: answer }));
    const signOuts = answers.filter(({ c }) => c.endpoint === "sign-out");
    const others = answers.filter(({ c }) => c.endpoint !== "sign-out");
    const show = (list: typeof answers) => list.slice(0, 12).map(({ c, raw }) => `${statusOf(raw)}${typeof raw === "string" ? "" : ` ${raw.leak ?? ""}`} ${describeCase(c)}`);

    expect(show(signOuts.filter(({ a }) => !a?.redirect)), "sign-outs that did not redirect").toEqual([]);
    expect(show(others.filter(({ a }) => !a || a.status < 400 || a.status > 499)), "answers outside 4xx").toEqual([]);
    expect(show(answers.filter(({ a }) => a?.leak)), "answers with text no user should see").toEqual([]);
    // The action answered with its own message (a form over 1 MiB is refused before it: 413).
    expect(show(others.filter(({ a }) => a && a.status !== 413 && !a.fromAction)), "4xx not from the action").toEqual([]);
    expect(errorLines().slice(errorsBefore).slice(0, 5), "errors in the server log").toEqual([]);
    expect(results).toHaveLength(CASES);
    expect(categories.size).toBeGreaterThanOrEqual(25);

    // Nothing was written.
    expect(await snapshot(), "accounts, sessions, roles, verifications, leads, notes, outbox and audit before vs after").toEqual(before);

    // Positive controls through the same paths: each write is seen.
    const post = (pathName: string, session: SessionKind, fields: Array<[string, string]>) =>
      fetch(`${app.url}${pathName}.data`, {
        method: "POST",
        headers: { origin: app.url, "x-forwarded-for": nextClientAddress(), ...(cookies[session] ? { cookie: cookies[session] } : {}) },
        body: new URLSearchParams(fields),
      });
    const note = await post(`/admin/leads/${fx.leadA}`, "admin", [
      ["intent", "add-note"],
      ["body", "Fuzz control 😀 e\u0301 中文"],
      ["intent", "add-note"],
    ]);
    expect(note.status).toBe(200);
    const afterNote = await snapshot();
    expect(afterNote.lead_notes).not.toBe(before.lead_notes);
    const status = await post("/admin/users", "admin", [["intent", "set-status"], ["userId", fx.targetUserId], ["status", "approved"]]);
    expect(status.status).toBe(200);
    expect((await snapshot()).users).not.toBe(afterNote.users);
    const chosen = "Gravel-Otter-Velvet-Lantern-44";
    const reset = await post("/auth/reset-password", "none", [["token", fx.resetToken], ["password", chosen], ["confirmPassword", chosen]]);
    expect(`${reset.status} ${await reset.text()}`).toMatch(/^202 .*\/auth\?notice=password-reset/);
    expect((await snapshot()).accounts).not.toBe(before.accounts);
  }, 600_000);
});
