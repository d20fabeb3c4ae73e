import type { SessionUser } from "~/domain/accounts/session.server";
import { getLead } from "~/domain/leads/get-lead.server";
import { reportLeadFailure } from "~/domain/leads/lead-failure.server";
import { currentRequestId } from "~/lib/logger.server";
import * as appointment from "./appointment.server";
import * as attachments from "./attachments.server";
import * as estimate from "./estimate.server";
import * as insurance from "./insurance.server";
import * as measurements from "./measurements.server";
import * as messages from "./messages.server";
import * as pipeline from "./pipeline.server";
import * as portal from "./portal.server";
import * as proposals from "./proposals.server";
import * as reviewRequest from "./review-request.server";
import { answer, leadView, type LeadIntent, type LeadLoadContext } from "./section.server";
import * as timeline from "./timeline.server";

/**
 * The sections of the lead page (/admin/leads/:id), put together: their data for the loader, their
 * intents for the action. The route (../leads.$id.tsx) keeps the guard, the id, the 404 and the layout.
 *
 * A section is a server file and a component here. To add one (say "measurements"):
 * 1. `measurements.server.ts`: `export function load(ctx: LeadLoadContext)` returning its data,
 *    serialisable (dates as ISO strings), with `export type MeasurementsData = Awaited<ReturnType<typeof load>>`;
 *    and/or `export const intents = { "add-measurement": leadIntent({ schema, failure, run }) }`: the schema
 *    from the domain (app/domain/<domain>/schemas.ts, shared with the form), the intent's failure text,
 *    and `run(input, ctx)` calling the use case and returning `answer({ ok, intent, message, ... }, status)`.
 *    Leave out `load` when the section shows only the lead's own fields, `intents` when it has no form.
 * 2. `measurements.tsx`: `export function MeasurementsSection(props: LeadSectionProps & { data: MeasurementsData })`,
 *    client code: a `<section aria-labelledby=...>` card whose forms post `intent`; the page's last answer
 *    is `props.answer`, its own when `answerTo(props.answer, "add-measurement")` (field errors, what was typed).
 * 3. Here: `measurements: measurements.load,` in LOADS (the loader's answer gets `measurements`) and/or
 *    `measurements.intents,` in INTENTS.
 * 4. In the page's layout (../leads.$id.tsx): `<MeasurementsSection {...section} data={loaderData.measurements} />`
 *    in its column.
 */

/**
 * The sections' loads, by the key of their data in the loader's answer (beside `lead`, the lead's own
 * fields, which every section may read). They run side by side once the lead is known to exist; a
 * section whose loads depend on each other orders them inside its own `load` (messages: marked read,
 * then listed).
 */
const LOADS = {
  attachments: attachments.load,
  timeline: timeline.load,
  messages: messages.load,
  reviewRequest: reviewRequest.load,
  portal: portal.load,
  measurements: measurements.load,
  proposals: proposals.load,
  estimate: estimate.load,
} satisfies Record<string, (ctx: LeadLoadContext) => unknown>;

type LeadSectionsData = { [K in keyof typeof LOADS]: Awaited<ReturnType<(typeof LOADS)[K]>> };

/**
 * Every section's intents, by name. A Map: only the names the sections gave are found (an intent named
 * "__proto__" or "constructor" is unknown, never a property of Object.prototype). Two sections giving one
 * name is a mistake caught when the server starts.
 */
const INTENTS = byName([
  pipeline.intents,
  timeline.intents,
  insurance.intents,
  portal.intents,
  reviewRequest.intents,
  messages.intents,
  appointment.intents,
  measurements.intents,
]);

function byName(sections: Array<Record<string, LeadIntent>>): ReadonlyMap<string, LeadIntent> {
  const intents = new Map<string, LeadIntent>();
  for (const [name, spec] of sections.flatMap((section) => Object.entries(section))) {
    if (intents.has(name)) throw new Error(`Two sections of the lead page answer the intent "${name}".`);
    intents.set(name, spec);
  }
  return intents;
}

/**
 * The lead and every section's data, or null when there is no such lead (before anything is loaded, or
 * marked read: a mail reader marks only what it opens).
 */
export async function loadLeadPage(leadId: string) {
  const detail = await getLead(leadId);
  if (!detail) return null;
  const ctx: LeadLoadContext = { leadId, detail };
  const loaded = await Promise.all(Object.entries(LOADS).map(async ([key, load]) => [key, await load(ctx)] as const));
  return { lead: leadView(detail.lead), ...(Object.fromEntries(loaded) as LeadSectionsData) };
}

const UNKNOWN_INTENT_FAILURE = "The change could not be made.";

/** The refusal of an intent no section has, naming those there are (as zod's discriminated union words it). */
function unknownIntentDetail(): string {
  return `Invalid discriminator value. Expected ${[...INTENTS.keys()].map((name) => `'${name}'`).join(" | ")}`;
}

/**
 * A post of the lead page, after the guard: its form read, its intent found and its input parsed with
 * the intent's schema, then the intent's `run`. `leadId` is null for a malformed id in the URL.
 *
 * Answers (`LeadActionResult` with the status): 400 for an unreadable form, an unknown intent or a
 * malformed id (the failure text, and zod's reason); 400 with `fieldErrors` and what was typed for a value
 * the user can fix (and no "Failed to ..." text: issue 23); whatever `run` answers; 500 with the failure
 * text and the request id when `run` throws (logged).
 */
export async function runLeadIntent({ request, actor, leadId }: { request: Request; actor: SessionUser; leadId: string | null }) {
  let values: Record<string, string>;
  try {
    values = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  } catch {
    return answer({ ok: false, intent: "", message: "The form could not be read." }, 400);
  }
  const intent = values.intent ?? "";
  const spec = INTENTS.get(intent);
  if (!spec) return answer({ ok: false, intent, message: `${UNKNOWN_INTENT_FAILURE} ${unknownIntentDetail()}` }, 400);
  const failure = spec.failure;
  const parsed = spec.schema.safeParse(values);
  if (!leadId || !parsed.success) {
    const detail = parsed.success ? "" : ` ${parsed.error.issues[0]?.message ?? ""}`;
    const fieldErrors: Partial<Record<string, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && field !== "intent") fieldErrors[field] ??= issue.message;
    }
    // A value the user can fix is told under its field, and only there: no "Failed to ..." (issue 23).
    if (Object.keys(fieldErrors).length > 0) {
      const typed = Object.fromEntries(Object.entries(values).filter(([key]) => key !== "intent"));
      return answer({ ok: false, intent, message: "", fieldErrors, values: typed }, 400);
    }
    return answer({ ok: false, intent, message: `${failure}${detail}`.trim() }, 400);
  }
  try {
    return await spec.run(parsed.data, { leadId, actor, request, intent, failure });
  } catch (error) {
    reportLeadFailure(error, "a lead change failed", { intent });
    return answer({ ok: false, intent, message: failure, reference: currentRequestId() }, 500);
  }
}
