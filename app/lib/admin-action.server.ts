import { data, type Params } from "react-router";
import type { z } from "zod";
import { noteDatabaseError } from "~/db/availability.server";
import { db, type DbTransaction } from "~/db/client.server";
import { recordAudit } from "~/domain/accounts/audit.server";
import { requireAdmin } from "~/domain/accounts/guards.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { SITE_CONFIGURATION_ITEM_ID, type HistoryKind } from "~/domain/content-history/kinds";
import { recordBaseline, recordVersion, staffActor } from "~/domain/content-history/record-version.server";
import { fieldErrorsOf, type AdminActionData } from "~/lib/admin-result";
import { emitContentChange } from "~/lib/content-changes.server";
import { currentRequestId, logger } from "~/lib/logger.server";

/**
 * The one way to write an admin screen's server side (the admin screen kit).
 *
 *   export const action = adminAction({
 *     schema: reviewActionSchema,                  // z.discriminatedUnion("intent", [...]) shared with the form
 *     intents: {
 *       "save-review": { failure: REVIEW_TEXT.saveFailed, run: (input, ctx) => saveReview(ctx.tx, input) },
 *       ...
 *     },
 *   });
 *
 * For every POST it:
 * 1. calls the guard first (requireAdmin unless given);
 * 2. reads the form (at most 1 MiB, else 413), refuses an unknown intent (400) and parses the intent's
 *    schema (400 with the catalogue's failure text and a message per field);
 * 3. runs the intent's use case in ONE transaction, and on success writes the
 *    audit-log entry (who, what, when, target) in that same transaction (and,
 *    for an intent with `history`, the item's new version: ADR 029), then
 *    clears this instance's caches of public pages;
 *    an expected failure (`{ ok: false }`: not found, conflict) rolls back and
 *    answers with the catalogue's text (4xx), so nothing is half-written;
 * 4. logs anything unexpected with the request id, and answers 500 with the
 *    catalogue's text and that id as a reference.
 * The answer is always `AdminActionData` (see ~/lib/admin-result), which the
 * kit's components turn into the spec's "Success" / "Error" toasts.
 *
 * Loaders use `adminLoad` below.
 */

/** What an intent's use case gets. */
export interface AdminActionContext {
  /** The transaction the change and its audit entry are written in. */
  tx: DbTransaction;
  actor: SessionUser;
  request: Request;
  params: Params;
}

/** What a use case reports. */
export type AdminChange =
  | {
      ok: true;
      /** The success text of the catalogue, e.g. "Color created successfully". */
      message: string;
      /** The toast's title when the catalogue gives the notice its own ("Crawl Started"); else "Success". */
      title?: string;
      /** The audit entry: `action` like "gaf.color.create", and the record it changed. */
      audit: { action: string; targetType: string; targetId: string; details?: Record<string, unknown> };
      /**
       * Work outside the database once the transaction has committed (never before: a rolled-back change
       * must leave nothing behind), e.g. deleting a deleted image's files or sending its job. A failure is
       * logged and does not change the answer: make it something a later sweep completes.
       */
      afterCommit?: () => Promise<unknown>;
    }
  | {
      ok: false;
      /** 404 for a record that is not there (or not of this kind), 409 for a conflict. */
      status: 404 | 409 | 422;
      /** Overrides the intent's failure text (rarely: the catalogue's text is the default). */
      message?: string;
      /** A second line of the toast after the failure text: why (e.g. "BidNet Direct has 12 contracts..."). */
      detail?: string;
      fieldErrors?: Record<string, string>;
    };

/**
 * What a check reports (an intent that changes nothing but looks at something outside, e.g. the "Test" of
 * a contract source, which makes an HTTP request): passed or not, its texts, and the audit entry.
 */
export type AdminCheck =
  | {
      ok: boolean;
      /** The toast: e.g. "Success" / "Source is working correctly", or "Failed" / "Source test failed". */
      title: "Success" | "Failed";
      message: string;
      /** A second line: what the check found ("HTTP 503 Service Unavailable"). */
      detail?: string;
      audit: { action: string; targetType: string; targetId: string; details?: Record<string, unknown> };
    }
  | { ok: false; status: 404 | 409 | 422; message?: string };

export interface ChangeSpec<Input> {
  /** The catalogue's failure text for this intent, e.g. "Failed to save color". */
  failure: string;
  /** The answer names the record the change made (`targetId`), for a screen that goes on with it (an upload). */
  answerTarget?: true;
  run: (input: Input, ctx: AdminActionContext) => Promise<AdminChange>;
  /**
   * The kind of item this intent saves, when its screen keeps a version history (ADR 029): a new
   * version of the item (the audit entry's target) is written in the same transaction after the use
   * case, and an item without history first gets its values from before as version 1.
   */
  history?: HistoryKind | ((input: Input) => HistoryKind);
}

/** The item an intent is about to change, when known before the change (an edit's `id`). */
function itemBefore(kind: HistoryKind, input: unknown): string | undefined {
  if (kind === "site_configuration") return SITE_CONFIGURATION_ITEM_ID;
  const id = (input as { id?: unknown }).id;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/**
 * A check: runs OUTSIDE any transaction (it may wait on the network for many seconds and must not hold a
 * database connection in a transaction meanwhile); its audit entry is written afterwards. A check that
 * ran answers 200 whether it passed or not; `{ ok: false, status }` without a title is a 4xx (not found).
 */
interface CheckSpec<Input> {
  failure: string;
  check: (input: Input, ctx: Omit<AdminActionContext, "tx">) => Promise<AdminCheck>;
}

type IntentSpec<Input> = ChangeSpec<Input> | CheckSpec<Input>;

type Intents<T extends { intent: string }> = { [K in T["intent"]]: IntentSpec<Extract<T, { intent: K }>> };

/** Thrown inside the transaction to roll back an expected failure. */
class Rollback extends Error {
  constructor(readonly change: Extract<AdminChange, { ok: false }>) {
    super("rollback");
  }
}

const TOO_LARGE_TEXT = "This form is too large to save. Shorten the longest texts and try again.";

/** The text of the change that could not be read or is unknown. */
const UNKNOWN_CHANGE_TEXT = "This change is not available. Reload the page and try again.";

function answer(value: AdminActionData, status = 200) {
  return data(value, { status });
}

/** An admin action's answer (the kit's toasts read it), with its HTTP status. */
export const adminAnswer = answer;
export type AdminAnswer = ReturnType<typeof answer>;

/** The largest form an admin action reads (an admin form is text: 1 MiB is far above any real one). */
const ADMIN_FORM_MAX_BYTES = 1024 * 1024;

class TooLarge extends Error {}

/**
 * How much of a refused body is still read (and thrown away) so that the 413 reaches the client on a
 * connection that stays in step; a client sending more than this loses its connection instead.
 */
const DISCARD_MAX_BYTES = 16 * ADMIN_FORM_MAX_BYTES;

/** The request's form, read up to `maxBytes` (a larger body is refused; its rest is drained, not parsed). */
async function readForm(request: Request, maxBytes: number): Promise<FormData> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
      await discardRest(reader, 0);
      throw new TooLarge();
    }
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await discardRest(reader, size);
        throw new TooLarge();
      }
      chunks.push(value);
    }
  }
  const headers = { "content-type": request.headers.get("content-type") ?? "" };
  return new Response(Buffer.concat(chunks), { headers }).formData();
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, read: number) {
  for (let size = read; size <= DISCARD_MAX_BYTES; ) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
  }
  await reader.cancel();
}

/** A form's text fields; a field sent twice, or a file, makes the submission invalid (null). */
function readFields(form: FormData): Record<string, string> | null {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of form) {
    if (typeof value !== "string" || Object.hasOwn(out, key)) return null;
    out[key] = value;
  }
  return out;
}

export function adminAction<T extends { intent: string }>(options: {
  schema: z.ZodType<T>;
  intents: Intents<T>;
  guard?: (request: Request) => Promise<SessionUser>;
}) {
  const guard = options.guard ?? requireAdmin;
  const intents = options.intents as unknown as Record<string, IntentSpec<T>>;
  return async function action({ request, params }: { request: Request; params: Params }) {
    const actor = await guard(request);

    let fields: Record<string, string> | null = null;
    try {
      fields = readFields(await readForm(request, ADMIN_FORM_MAX_BYTES));
    } catch (error) {
      if (error instanceof TooLarge) {
        logger.info("admin action refused: the form is too large");
        return answer({ ok: false, intent: "", toast: { variant: "error", title: "Error", text: TOO_LARGE_TEXT } }, 413);
      }
      fields = null;
    }
    const intent = fields?.intent ?? "";
    const spec = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
    if (!fields || !spec) {
      logger.info({ intent: intent.slice(0, 60) }, "admin action refused: unreadable form or unknown intent");
      return answer({ ok: false, intent: "", toast: { variant: "error", title: "Error", text: UNKNOWN_CHANGE_TEXT } }, 400);
    }

    const parsed = options.schema.safeParse({ ...fields });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      logger.info({ intent, fields: Object.keys(fieldErrors) }, "admin action refused: invalid input");
      return answer({ ok: false, intent, fieldErrors, toast: { variant: "error", title: "Error", text: spec.failure } }, 400);
    }

    if ("check" in spec) return runCheck(spec, intent, parsed.data, { actor, request, params });
    return runAdminChange(spec, intent, parsed.data, { actor, request, params });
  };
}

/**
 * Step 3 and 4 of `adminAction` for an input read and checked already: the use case in one transaction with
 * its audit entry (and version), the caches cleared, the answer. For an action that reads its request
 * another way than `adminAction` (a file upload: app/domain/media/upload-media-action.server.ts).
 */
export async function runAdminChange<Input>(
  spec: ChangeSpec<Input>,
  intent: string,
  input: Input,
  { actor, request, params }: Omit<AdminActionContext, "tx">,
): Promise<AdminAnswer> {
  try {
    const change = await db().transaction(async (tx) => {
      const history = typeof spec.history === "function" ? spec.history(input) : spec.history;
      const before = history && itemBefore(history, input);
      if (history && before) await recordBaseline(tx, history, before);
      const outcome = await spec.run(input, { tx, actor, request, params });
      if (!outcome.ok) throw new Rollback(outcome);
      if (history) await recordVersion(tx, history, outcome.audit.targetId, staffActor(actor));
      await recordAudit(tx, {
        action: outcome.audit.action,
        actor,
        request,
        targetType: outcome.audit.targetType,
        targetId: outcome.audit.targetId,
        details: outcome.audit.details,
      });
      return outcome;
    });
    if (change.afterCommit) {
      await change.afterCommit().catch((error: unknown) => logger.error({ err: error, intent }, "admin action: the work after the commit failed"));
    }
    // This instance's page cache forgets at once (the database's NOTIFY tells the others, and this one
    // again, a moment later): the public page requested right after this answer shows the change.
    emitContentChange("*");
    const target = spec.answerTarget ? { targetId: change.audit.targetId } : {};
    return answer({ ok: true, intent, ...target, toast: { variant: "success", title: change.title ?? "Success", text: change.message } });
  } catch (error) {
    if (error instanceof Rollback) {
      const { status, message, detail, fieldErrors } = error.change;
      logger.info({ intent, status }, "admin action refused by its use case");
      const toast = { variant: "error", title: "Error", text: message ?? spec.failure, ...(detail ? { detail } : {}) } as const;
      return answer({ ok: false, intent, fieldErrors, toast }, status);
    }
    noteDatabaseError(error);
    logger.error({ err: error, intent }, "admin action failed");
    return answer(
      { ok: false, intent, toast: { variant: "error", title: "Error", text: spec.failure, reference: currentRequestId() } },
      500,
    );
  }
}

async function runCheck<Input>(spec: CheckSpec<Input>, intent: string, input: Input, ctx: Omit<AdminActionContext, "tx">) {
  try {
    const outcome = await spec.check(input, ctx);
    if (!("title" in outcome)) {
      logger.info({ intent, status: outcome.status }, "admin check refused");
      return answer({ ok: false, intent, toast: { variant: "error", title: "Error", text: outcome.message ?? spec.failure } }, outcome.status);
    }
    await recordAudit(db(), {
      action: outcome.audit.action,
      outcome: outcome.ok ? "success" : "failure",
      actor: ctx.actor,
      request: ctx.request,
      targetType: outcome.audit.targetType,
      targetId: outcome.audit.targetId,
      details: outcome.audit.details,
    });
    const toast = { variant: outcome.ok ? "success" : "error", title: outcome.title, text: outcome.message, ...(outcome.detail ? { detail: outcome.detail } : {}) } as const;
    return answer({ ok: outcome.ok, intent, toast });
  } catch (error) {
    noteDatabaseError(error);
    logger.error({ err: error, intent }, "admin check failed");
    return answer({ ok: false, intent, toast: { variant: "error", title: "Error", text: spec.failure, reference: currentRequestId() } }, 500);
  }
}

/** What `adminLoad` resolves to: the data, or the catalogue's load-failure text. */
export type AdminLoaded<T> = { ok: true; data: T } | { ok: false; message: string; reference?: string };

/**
 * A screen's data, loaded without holding up the page: the loader returns
 * the promise, the page streams at once with the kit's skeleton and its
 * "Loading ..." text, and the list appears when the data does (the kit's
 * <AdminData>). A failure is logged with the request id and resolves to the
 * catalogue's load-failure text ("Failed to load GAF data").
 *
 *   export async function loader({ request }: Route.LoaderArgs) {
 *     await requireAdmin(request);
 *     return { reviews: adminLoad(listReviews, REVIEW_TEXT.loadFailed) };
 *   }
 */
export function adminLoad<T>(load: () => Promise<T>, failure: string): Promise<AdminLoaded<T>> {
  return load().then(
    (value): AdminLoaded<T> => ({ ok: true, data: value }),
    (error: unknown): AdminLoaded<T> => {
      noteDatabaseError(error);
      logger.error({ err: error }, "admin screen: loading its data failed");
      return { ok: false, message: failure, reference: currentRequestId() };
    },
  );
}
