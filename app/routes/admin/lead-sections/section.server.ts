import { data } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "~/domain/accounts/session.server";
import type { LeadDetail } from "~/domain/leads/get-lead.server";
import type { LeadActionResult } from "./action-result";

/**
 * What a section of the lead page (/admin/leads/:id) is made of on the server: its data (`load(ctx)`) and its
 * intents (the forms it posts). The registry (./index.server.ts) runs the loads and dispatches the intents.
 */

/** The lead's own fields as the page gets them (dates as ISO strings; the submission key never leaves the server). */
export function leadView(lead: LeadDetail["lead"]) {
  return { ...lead, createdAt: lead.createdAt.toISOString(), updatedAt: lead.updatedAt.toISOString() };
}
export type LeadView = ReturnType<typeof leadView>;

/** What a section's `load(ctx)` gets: the lead's id, and the lead as read once for the whole page. */
export interface LeadLoadContext {
  leadId: string;
  detail: LeadDetail;
}

/** What an intent's `run(input, ctx)` gets. */
interface LeadActionContext {
  leadId: string;
  actor: SessionUser;
  request: Request;
  /** The intent's name, for the answer. */
  intent: string;
  /** The intent's failure text, for the answer of a change that could not be made. */
  failure: string;
}

/** The page's answer (`LeadActionResult`) with its HTTP status. */
export function answer(value: LeadActionResult, status = 200) {
  return data(value, { status });
}
type LeadAnswer = ReturnType<typeof answer>;

/**
 * One intent of a section: the zod schema of its form (from the domain's schemas), the text of its
 * failure, and the use case's call. Refusals of the schema are answered by the registry; `run` gets
 * the parsed input and answers everything else (its own 4xx refusals included). Write it with
 * `leadIntent({...})`, which types `run`'s input from the schema.
 */
export interface LeadIntent<Input = unknown> {
  schema: z.ZodType<Input>;
  failure: string;
  run(input: Input, ctx: LeadActionContext): Promise<LeadAnswer>;
}

export function leadIntent<Input>(spec: LeadIntent<Input>): LeadIntent<Input> {
  return spec;
}
