import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { openSecret } from "~/domain/email/sealed-secret.server";
import { startApp, type RunningApp } from "../support/app-server";
import { createSession, createUser, setUserPassword } from "../support/factories";
import { listFiles, noiseJpeg } from "../support/media-images";
import { seededRandom } from "../support/prng";
import { sendConcurrently } from "../support/net";

/**
 * The sibling of admin-actions-fuzz.test.ts (QUALITY R6 / S15; issue 19) for the actions it leaves
 * out: the account forms (/auth sign-in and sign-up, /auth/forgot-password, /auth/reset-password,
 * /auth/change-password for an ordinary account and for a first admin who must choose a password,
 * /auth/verify-email, /auth/sign-out), the leads screens (/admin/leads and /admin/leads/:id with
 * each intent, issue 22's included: invite-to-portal, send-message, set-appointment,
 * clear-appointment, send-review-request), User Management (/admin/users), and the customer portal
 * (issue 22 item 7): /portal/requests/:id, at its path and its `.data` form, as a signed-in customer
 * whose request it is (linked to their account, or carrying their verified email), with each intent
 * (update-insurance, send-message, confirm-appointment, request-another-time, and the multipart
 * "Add files" form). Generated INVALID submissions (seeded, reproducible: FUZZ_SEED=<n> to replay or
 * vary, FUZZ_CASES=<n> for more) go over HTTP to the real production server, with the site's own
 * Origin, a session where the screen needs one, and a client address of their own (TRUST_PROXY=1
 * and X-Forwarded-For), so that the sign-in limits (3 per 10 s) do not answer for the actions.
 *
 * Every case starts from a VALID submission and applies at least one mutation that makes it
 * invalid: missing, blank or oversize fields (up to past the 1 MiB form limit), wrong types (a file
 * for a text field), control and text-direction characters, bad email addresses, passwords that
 * are too short, too long (in characters: 129 emoji), common, easy to guess or the account's own
 * name, mismatched confirmations, wrong current passwords, unknown, spent or oversize tokens,
 * missing, unknown and prototype-named intents (`__proto__`, `constructor`), ids that are not
 * uuids, unknown or another table's, another lead's id, the admin's own account, values outside
 * the lists, impossible and future dates, unknown fields where the form allows none, other HTTP
 * methods and malformed bodies (JSON, text, broken multipart, empty). Issue 22 adds: another
 * customer's request, a request of no customer and an unknown one in the portal's URL (404);
 * oversize, blank and control-character messages; bad dates of loss; an appointment to confirm or
 * move that is not set or has passed (409); appointment dates in the past, not on the calendar or
 * more than a year ahead, times off the 30-minute steps or outside 06:00-21:00, windows that do not
 * end after they start; a review request before the job is won or completed, or a second one (409);
 * an invitation for an email whose account was rejected (409); an appointment to clear that is not
 * set (409); and for "Add files": no file, an empty one, types not taken (by content), a file in
 * another field, too many files, a field over its limit, another intent. On top of that, "noise"
 * that cannot make a case valid: the same field repeated with the same value, unknown fields where
 * they are ignored, emoji, combining marks, zero-width and refused characters in free-text fields
 * the mutations left alone, and shuffled field order.
 *
 * Asserted: every answer is a 4xx from the action with its own message (its `fieldErrors`,
 * `toast`, `message` or `error`; a 413 from the body limit for the oversize forms), never a 5xx,
 * never "An unexpected error occurred", never a message built from a prototype (`[object Object]`,
 * `[native code]`); the portal's refusals of a request that is not the customer's are 404 and the
 * conflicts above 409 (EXACT_STATUS); a sign-out is a redirect; the server logs no error; and
 * nothing is written: a checksum of the accounts, sessions, roles, verifications, leads (every
 * column: the appointment, the review request, the read marks, the customer link), notes, messages,
 * portal invitations, attachments and outbox, the stored and staged files, and the number of
 * successful audit entries, are the same before and after. Then positive controls through the same
 * paths: a note with emoji and a repeated field, a status change, the reset link's valid use, a
 * customer's message (data form and page) and a staff appointment are seen, and each of issue 22's
 * valid submissions the cases started from is accepted and writes what it should.
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

type Endpoint =
  | "sign-in"
  | "sign-up"
  | "forgot-password"
  | "reset-password"
  | "change-password"
  | "first-password"
  | "verify-email"
  | "sign-out"
  | "leads"
  | "lead"
  | "users"
  | "portal"
  | "portal-files";
type SessionKind = "none" | "admin" | "member" | "first-admin" | "customer";

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
  portal: "customer",
  "portal-files": "customer",
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
  // The portal's answers (and the "Add files" outcome) always carry a message.
  portal: "message",
  "portal-files": "message",
};

/** Forms whose schema refuses unknown fields (z.strictObject): an extra field makes them invalid. */
const STRICT: ReadonlySet<Endpoint> = new Set(["leads", "lead", "portal"]);

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
  /** Staff leads for the new intents: one with an appointment, one won, one whose review request was sent, one to invite, one whose email is a rejected account's. */
  leadAppointment: "",
  leadWon: "",
  leadReviewed: "",
  leadInvite: "",
  leadRejected: "",
  /** The signed-in customer and their requests: linked to the account (an appointment to answer; another one passed), and one carrying their email only (no appointment). */
  customer: { id: "", email: "" },
  portalLead: "",
  portalLeadPast: "",
  portalLeadByEmail: "",
  /** Another customer's request: never the signed-in customer's (404). */
  otherCustomerLead: "",
  /** A real (small) JPEG for the "Add files" form. */
  jpeg: new Uint8Array(0),
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

/** A file part: field name, file name, content, type (text/plain when not given). */
type Upload = [name: string, filename: string, content: string | Uint8Array<ArrayBuffer>, type?: string];

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
  files: Upload[];
  raw?: { label: string; body: Uint8Array; contentType?: string };
}

/** The valid submission each case starts from: [intent, path, fields, files]. */
type Base = [intent: string, path: string, fields: Array<[string, string]>, files?: Upload[]];

/** An appointment window the form offers: a date a week ahead, 30-minute steps between 06:00 and 21:00. */
function appointmentFields(): Array<[string, string]> {
  const [start, end] = pick([
    ["09:00", "11:00"],
    ["06:00", "06:30"],
    ["13:30", "16:00"],
    ["20:30", "21:00"],
  ] as const);
  return [["intent", "set-appointment"], ["date", futureDate(7 + int(60))], ["start", start], ["end", end]];
}

/**
 * Issue 22's valid submissions, in an order they can all be done in (the positive controls do them):
 * the customer's on their request with an appointment to answer, staff's each on a lead where it
 * would be done (a lead without an account to invite, one with an appointment to clear, a won one
 * without a review request).
 */
function portalIntentBases(): Array<[Endpoint, Base]> {
  const request = `/portal/requests/${fx.portalLead}`;
  const lead = `/admin/leads/${fx.leadA}`;
  return [
    ["portal", ["update-insurance", request, [["intent", "update-insurance"], ["insuranceCompany", "Allstate"], ["claimNumber", "AC-55120"], ["dateOfLoss", "2025-05-14"]]]],
    ["portal", ["send-message", request, [["intent", "send-message"], ["body", "Did you get my photos?\nThe leak is above the kitchen."]]]],
    ["portal", ["confirm-appointment", request, [["intent", "confirm-appointment"]]]],
    ["portal", ["request-another-time", request, [["intent", "request-another-time"], ["body", "Any weekday after 3 pm suits us better."]]]],
    ["portal-files", ["add-files", request, [["intent", "add-files"]], [["files", pick(["roof.jpg", "IMG_2291.JPG", "attic leak.jpeg"]), fx.jpeg, "image/jpeg"]]]],
    ["lead", ["invite-to-portal", `/admin/leads/${fx.leadInvite}`, [["intent", "invite-to-portal"]]]],
    ["lead", ["send-message", lead, [["intent", "send-message"], ["body", "We can come Tuesday morning.\nDoes 9 to 11 suit you?"]]]],
    ["lead", ["set-appointment", lead, appointmentFields()]],
    ["lead", ["clear-appointment", `/admin/leads/${fx.leadAppointment}`, [["intent", "clear-appointment"]]]],
    ["lead", ["send-review-request", `/admin/leads/${fx.leadWon}`, [["intent", "send-review-request"]]]],
  ];
}

function validBase(endpoint: Endpoint): Base {
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
      return pick<Base>([
        ["set-contacted", lead, [["intent", "set-contacted"], ["leadId", fx.leadA], ["contacted", pick(["true", "false"])]]],
        ["set-status", lead, [["intent", "set-status"], ["status", pick(PIPELINE)]]],
        ["add-note", lead, [["intent", "add-note"], ["body", "Called back, left a message."]]],
        [
          "update-insurance",
          lead,
          [["intent", "update-insurance"], ["hasInsuranceDocs", "on"], ["insuranceCompany", "State Farm"], ["claimNumber", "CLM-2291"], ["dateOfLoss", "2025-06-01"]],
        ],
        ...portalIntentBases().filter(([endpoint]) => endpoint === "lead").map(([, base]) => base),
      ]);
    }
    case "portal":
      return pick(portalIntentBases().filter(([e]) => e === "portal").map(([, base]) => base));
    case "portal-files":
      return portalIntentBases().find(([e]) => e === "portal-files")![1];
    case "users":
      return pick<Base>([
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

/** Dates of loss the forms refuse: not on the calendar, not written as a date, before 1990, in the future. */
const BAD_DATES_OF_LOSS: Array<() => string> = [
  ...["2019-02-31", "2025-13-01", "01/02/2024", "2024-1-1", "tomorrow", "2024-01-011", "1989-12-31", "0000-00-00", "2024-02-30T00:00", "2024-06-01".padEnd(41, "0")].map((d) => () => d),
  () => futureDate(3),
  () => futureDate(400),
];

/** Times the appointment form does not offer (a value is read as its first five characters, trimmed). */
const OFF_STEP_TIMES = ["09:15", "09:10", "09:29", "9:00", "05:30", "00:00", "21:30", "22:00", "24:00", "09:60", "noon", "9am", "0900", "09.00", "-1:00", " 9:0"];

/** What makes an appointment window refused: the date (past, not a date, too far), the times (off the steps, the end not after the start). */
function appointmentWindow(): Mutation[] {
  return [
    ["missing field", "date", (c) => remove(c, "date")],
    ["blank field", "date", (c) => set(c, "date", pick(["", "   "]))],
    ["past date", "date", (c) => set(c, "date", pick([futureDate(-2), futureDate(-30), futureDate(-400), "2020-01-01", "1970-01-01"]))],
    ["bad date", "date", (c) => set(c, "date", pick(["2027-02-30", "2027-13-01", "12/01/2027", "2027-1-5", "tomorrow", "next tuesday", "2027-12-011", "0000-00-00", "2027-03-01T09:00", "20270301", "+02027-03-01"]))],
    ["date too far ahead", "date", (c) => set(c, "date", futureDate(370 + int(3_000)))],
    ["too long", "date", (c) => set(c, "date", `${futureDate(7)}${" ".repeat(35)}x`)],
    ["control character", "date", (c) => set(c, "date", insertAt(futureDate(7), pick([...CONTROL, ...BIDI])))],
    ["file instead of text", "date", (c) => asFile(c, "date")],
    ...(["start", "end"] as const).flatMap((field): Mutation[] => [
      ["missing field", field, (c) => remove(c, field)],
      ["blank field", field, (c) => set(c, field, pick(["", "  "]))],
      ["time off the 30-minute steps", field, (c) => set(c, field, pick(OFF_STEP_TIMES))],
      ["too long", field, (c) => set(c, field, `${get(c, field) ?? "09:00"}${"0".repeat(5)}`)],
      ["file instead of text", field, (c) => asFile(c, field)],
    ]),
    ["window ends before it starts", "end", (c) => {
      const [start, end] = [get(c, "start") ?? "09:00", get(c, "end") ?? "11:00"];
      set(c, "start", end);
      set(c, "end", pick([start, end]));
    }],
  ];
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
      ];
      // The review request's schema takes unknown fields (it reads the intent only): one there is no mistake.
      if (intent !== "send-review-request") {
        common.push(["unknown field", "extra", (c) => c.fields.push([pick(["extra", "leadId", "__proto__", "status[]", "customerUserId", "email"]), "1"])]);
      }
      // An unknown lead: 404 (set-contacted: 400, the lead in the form is not the one in the path).
      common.push(["unknown lead in the path", "(path)", (c) => (c.path = `/admin/leads/${randomUuid()}`)]);
      common.push(["another table's id in the path", "(path)", (c) => (c.path = `/admin/leads/${pick([fx.adminId, fx.customer.id])}`)]);
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
        case "send-message":
          return [...common, ...requiredText("body", 5_000)];
        case "invite-to-portal":
          // The lead's email belongs to a rejected account: refused (409), a super admin decides about it.
          return [...common, ["lead of a rejected account", "(path)", (c) => (c.path = `/admin/leads/${fx.leadRejected}`)]];
        case "clear-appointment":
          return [...common, ["no appointment to clear", "(path)", (c) => (c.path = `/admin/leads/${pick([fx.leadA, fx.leadB, fx.leadWon])}`)]];
        case "send-review-request":
          return [
            ...common,
            ["review request before the job is won", "(path)", (c) => (c.path = `/admin/leads/${pick([fx.leadA, fx.leadB, fx.leadAppointment, fx.portalLead])}`)],
            ["review request sent already", "(path)", (c) => (c.path = `/admin/leads/${fx.leadReviewed}`)],
          ];
        case "set-appointment":
          return [...common, ...appointmentWindow()];
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
    case "portal": {
      const at = (id: string) => `/portal/requests/${id}`;
      const common: Mutation[] = [
        ...intentField(),
        ["request id in the path not a uuid", "(path)", (c) => (c.path = at(pick(["not-a-uuid", "12345", "%20", encodeURIComponent(`${fx.portalLead} `), `${fx.portalLead.slice(0, -1)}g`])))],
        ["unknown request in the path", "(path)", (c) => (c.path = at(randomUuid()))],
        ["another customer's request", "(path)", (c) => (c.path = at(fx.otherCustomerLead))],
        ["a request of no customer", "(path)", (c) => (c.path = at(pick([fx.leadA, fx.leadB, fx.leadWon, fx.leadRejected])))],
        ["another table's id in the path", "(path)", (c) => (c.path = at(pick([fx.customer.id, fx.adminId])))],
        // Fields the customer's forms do not have (staff's, or the lead's own columns): refused, never applied.
        ["unknown field", "extra", (c) => c.fields.push([pick(["extra", "leadId", "customerUserId", "pipelineStatus", "hasInsuranceDocs", "author", "email", "__proto__"]), pick(["1", "won", "on", "staff"])])],
      ];
      const noAppointment: Mutation[] = [
        ["no appointment to answer", "(path)", (c) => (c.path = at(fx.portalLeadByEmail))],
        ["appointment passed", "(path)", (c) => (c.path = at(fx.portalLeadPast))],
      ];
      switch (intent) {
        case "update-insurance":
          return [
            ...common,
            ["too long", "insuranceCompany", (c) => set(c, "insuranceCompany", "y".repeat(201 + int(100)))],
            ["control character", "insuranceCompany", (c) => set(c, "insuranceCompany", insertAt("Allstate", pick([...CONTROL, "\n", "\t"])))],
            ["text-direction character", "insuranceCompany", (c) => set(c, "insuranceCompany", insertAt("Allstate", pick(BIDI)))],
            ["too long", "claimNumber", (c) => set(c, "claimNumber", "9".repeat(101 + int(100)))],
            ["control character", "claimNumber", (c) => set(c, "claimNumber", insertAt("AC-55120", pick([...CONTROL, "\r\n"])))],
            ["huge value", "claimNumber", (c) => set(c, "claimNumber", HUGE())],
            ["bad date", "dateOfLoss", (c) => set(c, "dateOfLoss", pick(BAD_DATES_OF_LOSS)())],
            ["file instead of text", "dateOfLoss", (c) => asFile(c, "dateOfLoss")],
          ];
        case "send-message":
          return [...common, ...requiredText("body", 5_000)];
        case "request-another-time":
          return [...common, ...requiredText("body", 5_000), ...noAppointment];
        default:
          return [...common, ...noAppointment];
      }
    }
    case "portal-files": {
      const at = (id: string) => `/portal/requests/${id}`;
      const photo = (): Upload => ["files", "roof.jpg", fx.jpeg, "image/jpeg"];
      return [
        ["missing intent", "intent", (c) => remove(c, "intent")],
        ["another intent with files", "intent", (c) => set(c, "intent", pick(["send-message", "update-insurance", "ADD-FILES", "add_files", "", "__proto__"]))],
        ["field over its limit", "intent", (c) => set(c, "intent", `add-files${"x".repeat(1_100 + int(3_000))}`)],
        ["no file", "files", (c) => (c.files = [])],
        ["empty file", "files", (c) => (c.files = [["files", "roof.jpg", new Uint8Array(0), "image/jpeg"]])],
        [
          "file of a type not taken",
          "files",
          (c) =>
            c.files.push(
              pick<Upload>([
                ["files", "roof.jpg", "not a photo at all", "image/jpeg"],
                ["files", "estimate.pdf", "<html>not a pdf</html>", "application/pdf"],
                ["files", "notes.txt", "text", "text/plain"],
                ["files", "shingles.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"],
                ["files", "setup.exe", new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]), "application/octet-stream"],
              ]),
            ),
        ],
        ["file in another field", "photo", (c) => (c.files = [[pick(["photo", "file", "files[]", "intent"]), "roof.jpg", fx.jpeg, "image/jpeg"]])],
        ["too many files", "files", (c) => (c.files = Array.from({ length: 11 + int(3) }, photo))],
        ["request id in the path not a uuid", "(path)", (c) => (c.path = at(pick(["not-a-uuid", "12345"])))],
        ["unknown request in the path", "(path)", (c) => (c.path = at(randomUuid()))],
        ["another customer's request", "(path)", (c) => (c.path = at(fx.otherCustomerLead))],
        ["a request of no customer", "(path)", (c) => (c.path = at(fx.leadA))],
      ];
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

/**
 * Refusals whose answer is known exactly (by endpoint, intent or "*", and category): the portal answers
 * 404 for any request that is not the customer's before it reads the body; a state that forbids the
 * change is a 409 (forms with no free text, so noise cannot turn it into a 400).
 */
const EXACT_STATUS: Array<[Endpoint, string, string, number]> = [
  ...(["portal", "portal-files"] as const).flatMap((endpoint) =>
    ["request id in the path not a uuid", "unknown request in the path", "another customer's request", "a request of no customer", "another table's id in the path"].map(
      (category): [Endpoint, string, string, number] => [endpoint, "*", category, 404],
    ),
  ),
  ["portal", "confirm-appointment", "no appointment to answer", 409],
  ["portal", "confirm-appointment", "appointment passed", 409],
  ["lead", "invite-to-portal", "lead of a rejected account", 409],
  ["lead", "clear-appointment", "no appointment to clear", 409],
  ["lead", "send-review-request", "review request before the job is won", 409],
  ["lead", "send-review-request", "review request sent already", 409],
];

function exactStatus(c: Case): number | undefined {
  const status = EXACT_STATUS.find(([endpoint, intent, category]) => endpoint === c.endpoint && (intent === "*" || intent === c.intent) && category === c.category)?.[3];
  // A multipart post to a request of the customer's is the "Add files" form: another intent there is its 400.
  if (status === 409 && c.endpoint === "portal" && (c.encoding === "multipart" || c.files.length > 0)) return 400;
  return status;
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
  ["lead", 10],
  ["users", 4],
  ["portal", 6],
  ["portal-files", 2],
];

function generate(): Case[] {
  const pool = ENDPOINT_WEIGHTS.flatMap(([endpoint, weight]) => Array<Endpoint>(weight).fill(endpoint));
  const cases: Case[] = [];
  for (let n = 0; n < CASES; n += 1) {
    const endpoint = pool[n % pool.length]!;
    const [intent, pathName, fields, files = []] = validBase(endpoint);
    const c: Case = {
      n,
      endpoint,
      intent,
      category: "",
      path: pathName,
      method: int(15) === 0 ? pick(["PUT", "PATCH", "DELETE"]) : "POST",
      document: int(5) === 0,
      // The "Add files" form is multipart (its refusals without files too).
      encoding: endpoint === "portal-files" || int(3) === 0 ? "multipart" : "urlencoded",
      fields,
      files,
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
    for (const [name, filename, content, type = "text/plain"] of c.files) form.append(name, new Blob([content], { type }), filename);
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
  const cookies: Record<SessionKind, string> = { none: "", admin: "", member: "", "first-admin": "", customer: "" };
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
      // Issue 22: the threads, the invitations and the files (every column; the leads' new columns, the
      // appointment, the review request, the read marks and the customer link, are in the leads row).
      lead_messages: "select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from lead_messages t",
      account_links: "select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from account_links t",
      lead_attachments: "select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from lead_attachments t",
      email_outbox: "select '' as sum, count(*)::int as count from email_outbox",
      // Refused attempts are audited as failures; only a successful change would add a success.
      audit: "select '' as sum, count(*)::int as count from audit_log where outcome = 'success'",
    };
    const out: Record<string, string> = {};
    for (const [name, sql] of Object.entries(checks)) {
      const { rows } = await pool.query<{ sum: string; count: number }>(sql);
      out[name] = `${rows[0]!.count} rows ${rows[0]!.sum}`;
    }
    // The stored files, and the staging area of the uploads (a refused "Add files" leaves nothing behind).
    const files = listFiles(dataDir);
    out.files = `${files.length} files ${crypto.createHash("md5").update(files.join("|")).digest("hex")}`;
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
    // The outbox keeps the link's token sealed with a key from the app's auth secret (ADR 046): opened with it.
    const { rows: mail } = await pool.query<{ id: string; sealed: string | null }>(
      "select id, sealed_secret as sealed from email_outbox where to_address = $1 and kind = 'auth.reset-password' order by created_at desc limit 1",
      [resetUser.email],
    );
    fx.resetToken = mail[0]?.sealed ? (openSecret(mail[0].sealed, mail[0].id, SECRET) ?? "") : "";
    expect(fx.resetToken.length, "a reset token in the email").toBeGreaterThan(10);

    fx.targetUserId = (await createUser({ kind: "pending", db: appDb })).id;
    const { rows: leads } = await pool.query<{ id: string }>(
      `insert into leads (first_name, last_name, email, phone, submission_key) values
         ('Henry', 'Lead', 'henry@example.com', '+16145550150', 'fuzz-lead-a-${SEED}'),
         ('Ivy', 'Lead', 'ivy@example.com', '+16145550151', 'fuzz-lead-b-${SEED}')
       returning id::text as id`,
    );
    [fx.leadA, fx.leadB] = leads.map((row) => row.id) as [string, string];

    // Issue 22. The signed-in customer, another customer, and an account that was rejected.
    const customer = await createUser({ kind: "customer", db: appDb, overrides: { firstName: "Dana", lastName: "Whitfield" } });
    Object.assign(fx.customer, { id: customer.id, email: customer.email });
    cookies.customer = productionCookie((await createSession(customer, { db: appDb })).token);
    const otherCustomer = await createUser({ kind: "customer", db: appDb, overrides: { firstName: "Omar", lastName: "Castellano" } });
    const rejected = await createUser({ kind: "rejected", db: appDb });
    // The appointments: a week and more ahead, and one that passed (dates in UTC: a day of slack either side of Eastern Time).
    const ahead = futureDate(10);
    const passed = futureDate(-5);
    const { rows: more } = await pool.query<{ id: string }>(
      `insert into leads (first_name, last_name, email, phone, submission_key, pipeline_status, contacted, customer_user_id,
                          appointment_date, appointment_start, appointment_end, appointment_status, appointment_sequence,
                          review_requested_at, review_requested_by) values
         ('Dana', 'Whitfield', 'dana.home@example.com', '+16145550160', 'fuzz-portal-${SEED}', 'inspection_scheduled', true, $1, $3, '09:00', '11:00', 'proposed', 1, null, null),
         ('Dana', 'Whitfield', 'dana.home@example.com', '+16145550160', 'fuzz-portal-past-${SEED}', 'inspection_scheduled', true, $1, $4, '13:00', '15:00', 'proposed', 1, null, null),
         ('Dana', 'Whitfield', upper($5), '+16145550160', 'fuzz-portal-email-${SEED}', 'new', false, null, null, null, null, null, 0, null, null),
         ('Omar', 'Castellano', $6, '+16145550161', 'fuzz-portal-other-${SEED}', 'inspection_scheduled', true, $2, $3, '10:00', '12:00', 'proposed', 1, null, null),
         ('Jade', 'Lead', 'jade@example.com', '+16145550162', 'fuzz-lead-appointment-${SEED}', 'inspection_scheduled', true, null, $3, '13:30', '16:00', 'confirmed', 2, null, null),
         ('Kurt', 'Lead', 'kurt@example.com', '+16145550163', 'fuzz-lead-won-${SEED}', 'won', true, null, null, null, null, null, 0, null, null),
         ('Lena', 'Lead', 'lena@example.com', '+16145550164', 'fuzz-lead-reviewed-${SEED}', 'completed', true, null, null, null, null, null, 0, now() - interval '3 days', $7),
         ('Milo', 'Lead', 'milo.invite@example.com', '+16145550165', 'fuzz-lead-invite-${SEED}', 'contacted', true, null, null, null, null, null, 0, null, null),
         ('Nora', 'Lead', $8, '+16145550166', 'fuzz-lead-rejected-${SEED}', 'new', false, null, null, null, null, null, 0, null, null)
       returning id::text as id`,
      [customer.id, otherCustomer.id, ahead, passed, customer.email, otherCustomer.email, admin.id, rejected.email],
    );
    [fx.portalLead, fx.portalLeadPast, fx.portalLeadByEmail, fx.otherCustomerLead, fx.leadAppointment, fx.leadWon, fx.leadReviewed, fx.leadInvite, fx.leadRejected] =
      more.map((row) => row.id) as [string, string, string, string, string, string, string, string, string];
    // The review link the review request sends (Site Configuration's "Review link"): without it every request is refused (422).
    await pool.query(
      `insert into cms_site_settings (setting_key, setting_value) values ('review_request_url', 'https://g.page/r/fuzz-roofing/review')
       on conflict (setting_key) do update set setting_value = excluded.setting_value`,
    );
    fx.jpeg = new Uint8Array(await noiseJpeg(64, 48));

    // The sessions work and the actions are where this test posts: one refused request per screen.
    for (const [endpoint, probePath] of [
      ["leads", "/admin/leads"],
      ["lead", `/admin/leads/${fx.leadA}`],
      ["users", "/admin/users"],
      ["change-password", "/auth/change-password"],
      ["first-password", "/auth/change-password"],
      ["portal", `/portal/requests/${fx.portalLead}`],
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
    // Another customer's request is never found; a change the lead's state forbids is a conflict.
    expect(show(answers.filter(({ c, a }) => exactStatus(c) !== undefined && a?.status !== exactStatus(c))), "answers other than the expected 404 or 409").toEqual([]);
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

    // Issue 22: the customer's message through the portal (its data form, then its page without
    // JavaScript), and a staff appointment, are seen.
    const message = await post(`/portal/requests/${fx.portalLead}`, "customer", [["intent", "send-message"], ["body", "Fuzz control 😀\nSecond line, e\u0301 中文"]]);
    expect(`${message.status} ${await message.text()}`).toMatch(/^200 .*Your message was sent/);
    const afterMessage = await snapshot();
    expect(afterMessage.lead_messages).not.toBe(before.lead_messages);
    const page = await fetch(`${app.url}/portal/requests/${fx.portalLead}`, {
      method: "POST",
      headers: { origin: app.url, "x-forwarded-for": nextClientAddress(), cookie: cookies.customer },
      body: new URLSearchParams([["intent", "send-message"], ["body", "And a second one from the page without JavaScript."]]),
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("And a second one from the page without JavaScript.");
    const appointment = await post(`/admin/leads/${fx.leadA}`, "admin", [["intent", "set-appointment"], ["date", futureDate(14)], ["start", "10:00"], ["end", "12:30"]]);
    expect(`${appointment.status} ${await appointment.text()}`).toMatch(/^200 .*Appointment saved/);
    const afterAppointment = await snapshot();
    expect(afterAppointment.leads).not.toBe(afterMessage.leads);
    expect(afterAppointment.email_outbox).not.toBe(afterMessage.email_outbox);

    // Every valid submission the issue-22 cases started from is accepted and writes what it should: the
    // mutation, not the base, is what the refusals above refused.
    const writes: Record<string, string[]> = {
      "portal/update-insurance": ["leads"],
      "portal/send-message": ["lead_messages"],
      "portal/confirm-appointment": ["leads"],
      "portal/request-another-time": ["leads", "lead_messages"],
      "portal-files/add-files": ["lead_attachments", "files"],
      // A new account, its link and the email; no role and no lead link until the link is used (ADR 046).
      "lead/invite-to-portal": ["users", "account_links", "email_outbox"],
      "lead/send-message": ["lead_messages", "email_outbox"],
      "lead/set-appointment": ["leads", "email_outbox"],
      "lead/clear-appointment": ["leads", "email_outbox"],
      "lead/send-review-request": ["leads", "email_outbox"],
    };
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const [endpoint, [intent, pathName, fields, files = []]] of portalIntentBases()) {
      const c: Case = { n: -1, endpoint, intent, category: "valid", path: pathName, method: "POST", document: false, encoding: files.length > 0 ? "multipart" : "urlencoded", fields, files };
      const was = await snapshot();
      const answer = await send(app, cookies, c);
      const now = await snapshot();
      const changed = Object.keys(now).filter((key) => now[key] !== was[key]);
      const expected = writes[`${endpoint}/${intent}`] ?? ["(unlisted)"];
      seen.push(`${endpoint}/${intent}: ${answer.status}, ${expected.filter((key) => changed.includes(key)).join(" ")}`);
      wanted.push(`${endpoint}/${intent}: 200, ${expected.join(" ")}`);
    }
    expect(seen).toEqual(wanted);
    expect(errorLines().slice(errorsBefore).slice(0, 5), "errors in the server log after the valid submissions").toEqual([]);
  }, 600_000);
});
