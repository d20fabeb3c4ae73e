import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/leads.$id.proposals.new";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { FormMessage } from "~/components/admin/form-message";
import { buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { getLead } from "~/domain/leads/get-lead.server";
import { createProposal } from "~/domain/proposals/create-proposal.server";
import { listShingleItems } from "~/domain/proposals/get-proposal.server";
import { getLeadMeasurements } from "~/domain/proposals/measurements.server";
import { PROPOSAL_TEXT } from "~/domain/proposals/proposal-state";
import { reportLeadFailure } from "~/domain/leads/lead-failure.server";
import { currentRequestId } from "~/lib/logger.server";
import { cn } from "~/lib/cn";

/**
 * /admin/leads/:id/proposals/new (issue 30 item 3): choose the shingle line of each option (good, better,
 * best; better and best may be left out), then the builder opens on the new draft.
 */

export { headers } from "./admin-headers";

const leadIdParam = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = leadIdParam.safeParse(params.id);
  const detail = id.success ? await getLead(id.data) : null;
  if (!id.success || !detail) throw data({ message: "Lead not found" }, { status: 404 });
  const [measurements, shingles] = await Promise.all([getLeadMeasurements(id.data), listShingleItems()]);
  return { lead: { id: detail.lead.id, name: `${detail.lead.firstName} ${detail.lead.lastName}` }, measured: measurements !== null, shingles };
}

const formSchema = z.strictObject({ good: z.string(), better: z.string().optional(), best: z.string().optional() });

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const id = leadIdParam.safeParse(params.id);
  if (!id.success) throw data({ message: "Lead not found" }, { status: 404 });
  const parsed = formSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "Choose a shingle line for the first option.", field: "good" }, { status: 400 });
  try {
    const outcome = await createProposal({ leadId: id.data, shingleItemIds: [parsed.data.good, parsed.data.better ?? "", parsed.data.best ?? ""], actor, request });
    if (!outcome.ok) return data({ message: outcome.message, field: outcome.field ?? null }, { status: outcome.status });
    return redirect(`/admin/proposals/${outcome.proposalId}`);
  } catch (error) {
    reportLeadFailure(error, "a proposal could not be created", { leadId: id.data });
    return data({ message: PROPOSAL_TEXT.saveFailed, field: null, reference: currentRequestId() }, { status: 500 });
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `New proposal | ${loaderData?.lead.name ?? "Lead"}` }, { name: "robots", content: "noindex" }];
}

const SLOTS = [
  { name: "good", label: "Good option: shingle line", optional: false, pick: 1 },
  { name: "better", label: "Better option: shingle line", optional: true, pick: 2 },
  { name: "best", label: "Best option: shingle line", optional: true, pick: 3 },
] as const;

export default function NewProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, measured, shingles } = loaderData;
  const busy = useNavigation().state !== "idle";
  // The price book's shingle lines in order: good the first (often the entry line), better and best the next.
  const preset = (pick: number) => shingles[Math.min(pick, shingles.length) - 1]?.id ?? "";
  return (
    <AdminPage title="New proposal" description={`For ${lead.name}. Each option is measured from the roof's measurements and priced from the price book; you can change every line afterwards.`} links={<BackLink to={`/admin/leads/${lead.id}`}>Back to the lead</BackLink>}>
      {actionData?.message && <FormMessage variant="error" title="Error" text={actionData.message} reference={"reference" in actionData ? String(actionData.reference) : undefined} />}
      {!measured ? (
        <p className="text-slate-700">{PROPOSAL_TEXT.needsMeasurements}</p>
      ) : shingles.length === 0 ? (
        <p className="text-slate-700">The price book has no shingle line yet. Add one on the Price Book page first.</p>
      ) : (
        <Form method="post" className="grid max-w-xl gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
          {SLOTS.map((slot) => (
            <div key={slot.name}>
              <label htmlFor={`new-${slot.name}`} className="mb-1 block text-sm font-medium text-slate-700">
                {slot.label}
              </label>
              <select
                id={`new-${slot.name}`}
                name={slot.name}
                defaultValue={slot.pick <= shingles.length ? preset(slot.pick) : ""}
                aria-invalid={actionData?.field === `option-${SLOTS.indexOf(slot)}` || undefined}
                className={cn("h-10 w-full rounded-md border border-input bg-white px-3 text-sm")}
              >
                {slot.optional && <option value="">No {slot.name} option</option>}
                {shingles.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div>
            <button type="submit" disabled={busy} className={buttonVariants()}>
              Build the proposal
            </button>
          </div>
        </Form>
      )}
    </AdminPage>
  );
}
