import { useMemo, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/proposals.$id";
import { useKeptDrafts } from "~/components/portal/kept-drafts";
import { PortalAnswer } from "~/components/portal/portal-answer";
import { SignatureField } from "~/components/portal/signature-field";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { clientIp, userAgent } from "~/domain/accounts/client-ip.server";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { OPTION_TITLES, optionTotals, UNIT_LABELS } from "~/domain/proposals/content";
import { getCustomerProposal, recordProposalView } from "~/domain/proposals/customer-proposals.server";
import { acceptProposal, declineProposal } from "~/domain/proposals/decide-proposal.server";
import { formatBasisPoints, formatCents, formatHundredths, lineAmountCents } from "~/domain/proposals/money";
import { formatDay, PROPOSAL_TEXT, STATE_LABELS } from "~/domain/proposals/proposal-state";
import { readSignaturePng } from "~/domain/proposals/signature-image.server";
import { cn } from "~/lib/cn";
import { currentRequestId, logger } from "~/lib/logger.server";

/**
 * /portal/proposals/:id (issue 30 item 5), phone first: the options side by side (stacked on a phone)
 * with what differs in plain words; the homeowner picks one, ticks add-ons, picks a colour from that
 * shingle line's swatches, sees the total and deposit change, and accepts by typing their full name (and,
 * if they like, drawing a signature) after consenting to sign electronically, or declines. Guarded by
 * requireCustomer and scoped to the customer's own requests: anything else is a 404.
 */

const idParam = z.uuid();

function notFound(): never {
  throw data({ message: "Proposal not found" }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) notFound();
  const proposal = await getCustomerProposal(user, id.data);
  if (!proposal) notFound();
  if (proposal.state === "sent") await recordProposalView(user, proposal);
  return { proposal, signer: `${user.firstName} ${user.lastName}`.trim() };
}

interface DecisionResult {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
  current?: { id: string; label: string } | null;
  reference?: string;
}

const answer = (value: DecisionResult, status = 200) => data(value, { status, headers: { "Cache-Control": "private, no-store" } });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireCustomer(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) notFound();
  // Another customer's proposal, a draft or an unknown id is a 404 before anything of the form is read.
  if (!(await getCustomerProposal(user, id.data))) notFound();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer({ ok: false, intent: "", message: "The form could not be read." }, 400);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  try {
    if (intent === "decline") {
      const outcome = await declineProposal({ proposalId: id.data, customer: user, reason: text("reason") || null });
      if (!outcome.ok && outcome.status === 404) notFound();
      if (!outcome.ok) return answer({ ok: false, intent, message: outcome.field ? "" : outcome.message, current: outcome.current ?? null, ...(outcome.field ? { fieldErrors: { [outcome.field]: outcome.message } } : {}) }, outcome.status);
      return answer({ ok: true, intent, message: outcome.message });
    }
    if (intent !== "accept") return answer({ ok: false, intent, message: "This change is not available. Reload the page and try again." }, 400);
    const signature = text("signature");
    const signaturePng = signature ? readSignaturePng(signature) : null;
    if (signature && !signaturePng) return answer({ ok: false, intent, message: "", fieldErrors: { signature: PROPOSAL_TEXT.signature } }, 422);
    const outcome = await acceptProposal({
      proposalId: id.data,
      customer: user,
      shownDocumentSha256: text("documentSha256"),
      optionKey: text("optionKey"),
      addOnKeys: form.getAll("addOn").filter((v): v is string => typeof v === "string"),
      colorId: text("colorId") || null,
      signerName: text("signerName"),
      consent: text("consent") === "on",
      signaturePng,
      clientIp: clientIp(request),
      userAgent: userAgent(request),
    });
    if (!outcome.ok && outcome.status === 404) notFound();
    if (!outcome.ok) return answer({ ok: false, intent, message: outcome.field ? "" : outcome.message, current: outcome.current ?? null, ...(outcome.field ? { fieldErrors: { [outcome.field]: outcome.message } } : {}) }, outcome.status);
    return answer({ ok: true, intent, message: outcome.message });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, proposalId: id.data, intent }, "a proposal decision failed");
    return answer({ ok: false, intent, message: "We could not record your answer. Please try again.", reference: currentRequestId() }, 500);
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData ? `${loaderData.proposal.label} | Your portal` : "Proposal" }, { name: "robots", content: "noindex" }];
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-destructive">
      {text}
    </p>
  );
}

export default function CustomerProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal, signer } = loaderData;
  const { content } = proposal;
  const busy = useNavigation().state !== "idle";
  const open = proposal.state === "sent" || proposal.state === "viewed";
  const accepted = proposal.acceptance;
  const [optionKey, setOptionKey] = useState<string>(accepted?.optionKey ?? (content.options.length === 1 ? content.options[0]!.key : (content.options[1]?.key ?? content.options[0]!.key)));
  const [addOns, setAddOns] = useState<string[]>(accepted?.addOnKeys ?? []);
  const option = content.options.find((o) => o.key === optionKey) ?? content.options[0]!;
  const totals = useMemo(() => optionTotals(content, option.key, addOns)!, [content, option.key, addOns]);
  const errors = actionData?.fieldErrors ?? {};
  const done = actionData?.ok === true;
  const answer = useMemo(() => (actionData ? { ...actionData, title: actionData.ok ? "Thank you" : "Not recorded" } : null), [actionData]);
  // What they type is kept by the browser until sent: a lapsed session loses none of it (issue 31 item 5).
  useKeptDrafts(actionData);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="grid gap-2">
        <Link to={`/portal/requests/${proposal.leadId}`} className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-brand-navy underline-offset-4 hover:underline">
          Back to your request
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-brand-navy">{proposal.label}</h1>
        <p className="text-slate-700">
          From {content.letterhead.businessName} for {content.customer.name}.{" "}
          {open ? `Open until ${formatDay(proposal.expiresOn)}.` : <Badge variant={proposal.state === "accepted" ? "success" : "secondary"}>{STATE_LABELS[proposal.state]}</Badge>}
        </p>
      </div>

      {(actionData?.current ?? proposal.current) && (
        <p className="rounded-lg bg-amber-50 p-3 text-slate-800">
          {proposal.state === "superseded" ? PROPOSAL_TEXT.acceptRefused.superseded : "A newer revision is waiting."}{" "}
          <Link to={`/portal/proposals/${(actionData?.current ?? proposal.current)!.id}`} className="font-medium text-brand-navy underline">
            Open {(actionData?.current ?? proposal.current)!.label}
          </Link>
        </p>
      )}
      {!open && !accepted && proposal.state !== "superseded" && <p className="rounded-lg bg-slate-100 p-3 text-slate-800">{proposal.state === "declined" ? PROPOSAL_TEXT.acceptRefused.declined : proposal.state === "expired" ? PROPOSAL_TEXT.acceptRefused.expired : ""}</p>}

      <Form method="post" className="grid gap-6" noValidate>
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="documentSha256" value={proposal.documentSha256} />
        <fieldset className="grid gap-4" disabled={!open || done}>
          <legend className="mb-2 text-xl font-bold text-brand-navy">{content.options.length > 1 ? "Compare the options and choose one" : "Our recommendation"}</legend>
          <div className={cn("grid gap-4", content.options.length === 2 && "md:grid-cols-2", content.options.length === 3 && "md:grid-cols-3")}>
            {content.options.map((o) => {
              const optionTotal = optionTotals(content, o.key, [])!;
              const checked = o.key === option.key;
              return (
                <div key={o.key} className={cn("grid content-start gap-3 rounded-xl border-2 bg-white p-4 shadow-sm", checked ? "border-brand-navy" : "border-slate-200")}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3">
                    <input type="radio" name="optionKey" value={o.key} checked={checked} onChange={() => setOptionKey(o.key)} className="size-6 accent-brand-navy" />
                    <span>
                      <span className="block text-lg font-bold text-brand-navy">
                        {OPTION_TITLES[o.key]}: {o.shingleName}
                      </span>
                      <span className="block text-slate-800">From {formatCents(optionTotal.totalCents)}</span>
                    </span>
                  </label>
                  <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-800">{o.warranty.name ? `Qualifies for the ${o.warranty.name}${o.warranty.windProven ? " and the WindProven wind warranty" : ""}.` : "Manufacturer's standard terms only."}</p>
                  {(proposal.differences[o.key]?.length ?? 0) > 0 && (
                    <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-800">
                      {proposal.differences[o.key]!.map((d) => (
                        <li key={d}>{d}</li>
                      ))}
                    </ul>
                  )}
                  <details className="text-sm">
                    <summary className="cursor-pointer py-2 font-medium text-brand-navy">What is included ({o.lines.length} items)</summary>
                    <ul className="grid gap-1">
                      {o.lines.map((line, index) => (
                        <li key={line.key} className="flex justify-between gap-2 border-t border-slate-100 pt-1">
                          <span>
                            {line.description} ({formatHundredths(line.quantityHundredths)} {UNIT_LABELS[line.unit].short})
                          </span>
                          <span className="tabular-nums">{formatCents(optionTotal.lineAmounts[index]!)}</span>
                        </li>
                      ))}
                    </ul>
                  </details>
                </div>
              );
            })}
          </div>
          <FieldError id="optionKey-error" text={errors.optionKey} />

          {content.addOns.length > 0 && (
            <fieldset className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
              <legend className="px-1 font-bold text-brand-navy">Optional add-ons</legend>
              {content.addOns.map((a) => (
                <label key={a.key} className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    name="addOn"
                    value={a.key}
                    checked={addOns.includes(a.key)}
                    onChange={(e) => setAddOns((list) => (e.target.checked ? [...list, a.key] : list.filter((k) => k !== a.key)))}
                    className="size-6 accent-brand-navy"
                  />
                  <span>
                    {a.description} ({formatHundredths(a.quantityHundredths)} {UNIT_LABELS[a.unit].short}): {formatCents(lineAmountCents(a.quantityHundredths, a.unitPriceCents))}
                  </span>
                </label>
              ))}
            </fieldset>
          )}

          {option.colors.length > 0 && (
            <fieldset className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4" aria-describedby={errors.colorId ? "colorId-error" : "color-hint"}>
              <legend className="px-1 font-bold text-brand-navy">Shingle colour ({option.shingleName})</legend>
              <p id="color-hint" className="text-sm text-slate-600">
                Screen colours are approximate: we bring a physical sample before the work starts.
              </p>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {option.colors.map((c) => (
                  <label key={c.id} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 p-2 has-[:checked]:border-brand-navy has-[:checked]:ring-2 has-[:checked]:ring-brand-navy">
                    <input type="radio" name="colorId" value={c.id} defaultChecked={accepted?.colorName === c.name} className="size-6 accent-brand-navy" />
                    <span aria-hidden="true" className="size-6 shrink-0 rounded ring-1 ring-black/20" style={{ backgroundColor: c.hex }} />
                    <span className="text-sm">{c.name}</span>
                  </label>
                ))}
              </div>
              <FieldError id="colorId-error" text={errors.colorId} />
            </fieldset>
          )}

          <section aria-labelledby="your-total" className="rounded-xl border-2 border-brand-navy bg-white p-4">
            <h2 id="your-total" className="font-bold text-brand-navy">
              Your total
            </h2>
            <dl className="mt-2 grid gap-1" aria-live="polite">
              <div className="flex justify-between">
                <dt>
                  {OPTION_TITLES[option.key]} ({option.shingleName}){addOns.length > 0 ? ` with ${addOns.length} add-on${addOns.length > 1 ? "s" : ""}` : ""}
                </dt>
                <dd className="tabular-nums">{formatCents(totals.subtotalCents)}</dd>
              </div>
              {totals.discountCents > 0 && (
                <div className="flex justify-between">
                  <dt>Discount</dt>
                  <dd className="tabular-nums">-{formatCents(totals.discountCents)}</dd>
                </div>
              )}
              <div className="flex justify-between">
                <dt>Sales tax ({formatBasisPoints(content.taxBp)}%)</dt>
                <dd className="tabular-nums">{formatCents(totals.taxCents)}</dd>
              </div>
              <div className="flex justify-between text-lg font-bold text-brand-navy">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="proposal-total">
                  {formatCents(totals.totalCents)}
                </dd>
              </div>
              <div className="flex justify-between text-slate-700">
                <dt>Deposit due on acceptance ({formatBasisPoints(content.depositBp)}%)</dt>
                <dd className="tabular-nums" data-testid="proposal-deposit">
                  {formatCents(totals.depositCents)}
                </dd>
              </div>
            </dl>
          </section>

          {open && !done && (
            <section aria-labelledby="sign-heading" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="sign-heading" className="text-xl font-bold text-brand-navy">
                Accept and sign
              </h2>
              <details className="text-sm">
                <summary className="cursor-pointer py-2 font-medium text-brand-navy">Terms and conditions</summary>
                <p className="whitespace-pre-wrap text-slate-800">{content.terms}</p>
              </details>
              <label className="flex min-h-11 cursor-pointer items-start gap-3">
                <input type="checkbox" name="consent" className="mt-1 size-6 shrink-0 accent-brand-navy" aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? "consent-error" : undefined} />
                <span>I agree to sign this proposal electronically, and that my typed name is my signature.</span>
              </label>
              <FieldError id="consent-error" text={errors.consent} />
              <div>
                <label htmlFor="signer-name" className="mb-1 block font-medium text-slate-800">
                  Type your full name
                </label>
                <input id="signer-name" name="signerName" autoComplete="name" defaultValue={signer} className="h-11 w-full rounded-md border border-input bg-white px-3" aria-invalid={errors.signerName ? true : undefined} aria-describedby={errors.signerName ? "signerName-error" : undefined} />
                <FieldError id="signerName-error" text={errors.signerName} />
              </div>
              <SignatureField disabled={busy} />
              <FieldError id="signature-error" text={errors.signature} />
              <div>
                <button type="submit" disabled={busy} className={buttonVariants({ size: "lg" })}>
                  Accept and sign for {formatCents(totals.totalCents)}
                </button>
              </div>
            </section>
          )}
        </fieldset>
      </Form>
      {/* The answer to Accept or Decline, next to the button used (the top of a long proposal is far above a phone's screen). */}
      <PortalAnswer id="proposal-answer" answer={answer} />

      {accepted && (
        <section aria-labelledby="signed-heading" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4">
          <h2 id="signed-heading" className="font-bold text-emerald-900">
            Accepted
          </h2>
          <p>
            Signed by {accepted.signerName}: {OPTION_TITLES[accepted.optionKey as keyof typeof OPTION_TITLES] ?? accepted.optionKey}
            {accepted.colorName ? `, colour ${accepted.colorName}` : ""}, total {formatCents(accepted.totalCents)}, deposit {formatCents(accepted.depositCents)}.
          </p>
          {accepted.signedPdfFileId && (
            <a href={`/portal/requests/${proposal.leadId}/files/${accepted.signedPdfFileId}`} download className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-2")}>
              Download the signed proposal (PDF)
            </a>
          )}
        </section>
      )}
      {!accepted && proposal.pdfFileId && (
        <p>
          <a href={`/portal/requests/${proposal.leadId}/files/${proposal.pdfFileId}`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            Download this proposal (PDF)
          </a>
        </p>
      )}

      {open && !done && (
        <details className="rounded-xl border border-slate-200 bg-white p-4">
          <summary className="flex min-h-11 cursor-pointer items-center font-medium text-brand-navy">Decline this proposal</summary>
          <Form method="post" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="decline" />
            <label htmlFor="decline-reason" className="font-medium text-slate-800">
              Why? (optional)
            </label>
            <textarea id="decline-reason" name="reason" rows={3} maxLength={2000} className="rounded-md border border-input p-2" aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? "reason-error" : undefined} />
            <FieldError id="reason-error" text={errors.reason} />
            <div>
              <button type="submit" disabled={busy} className={buttonVariants({ variant: "outline" })}>
                Decline proposal
              </button>
            </div>
          </Form>
        </details>
      )}
    </div>
  );
}
