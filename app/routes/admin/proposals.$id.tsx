import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/proposals.$id";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { FormMessage } from "~/components/admin/form-message";
import { formatDateTime } from "~/components/leads/format";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { reportLeadFailure } from "~/domain/leads/lead-failure.server";
import { CATEGORY_LABELS } from "~/domain/price-book/schemas";
import { parseBuilderForm } from "~/domain/proposals/builder-schemas";
import { UNIT_LABELS, type OptionTotals, type ProposalContent, type ProposalOption } from "~/domain/proposals/content";
import { deleteDraft, editDraft, reviseProposal } from "~/domain/proposals/edit-draft.server";
import { getAdminProposal, type AdminProposal } from "~/domain/proposals/get-proposal.server";
import { formatBasisPoints, formatCents, formatHundredths, lineAmountCents } from "~/domain/proposals/money";
import { formatDay, PROPOSAL_TEXT, STATE_LABELS } from "~/domain/proposals/proposal-state";
import { sendProposal } from "~/domain/proposals/send-proposal.server";
import { cn } from "~/lib/cn";
import { currentRequestId } from "~/lib/logger.server";

/**
 * /admin/proposals/:id (issue 30 item 3): one revision of a proposal. A draft is the builder: each option
 * rebuilt from the price book or its lines edited, add-ons offered, terms set, then sent. A sent revision
 * is read-only (a change makes a new revision) with what the homeowner did: viewed, accepted and signed,
 * or declined. Every total on this page is computed by the server from the stored revision.
 */

export { headers } from "./admin-headers";

const idParam = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idParam.safeParse(params.id);
  const proposal = id.success ? await getAdminProposal(id.data) : null;
  if (!proposal) throw data({ message: "Proposal not found" }, { status: 404 });
  return { proposal };
}

interface BuilderResult {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
  reference?: string;
}

const answer = (value: BuilderResult, status = 200) => data(value, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw data({ message: "Proposal not found" }, { status: 404 });
  let form: Record<string, string>;
  try {
    form = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  } catch {
    return answer({ ok: false, intent: "", message: "The form could not be read." }, 400);
  }
  const intent = form.intent ?? "";
  const parsed = parseBuilderForm(form);
  if (!parsed.ok) return answer({ ok: false, intent, message: parsed.message ?? "", fieldErrors: parsed.fieldErrors }, 400);
  const { change } = parsed;
  try {
    if (change.intent === "send") {
      const outcome = await sendProposal({ proposalId: id.data, actor, request });
      return answer({ ok: outcome.ok, intent, message: outcome.message }, outcome.ok ? 200 : outcome.status);
    }
    if (change.intent === "revise") {
      const outcome = await reviseProposal({ proposalId: id.data, actor, request });
      if (outcome.ok && outcome.proposalId) return redirect(`/admin/proposals/${outcome.proposalId}`);
      return answer({ ok: outcome.ok, intent, message: outcome.message }, outcome.ok ? 200 : outcome.status);
    }
    if (change.intent === "delete-draft") {
      const outcome = await deleteDraft({ proposalId: id.data, actor, request });
      if (outcome.ok && outcome.leadId) return redirect(`/admin/leads/${outcome.leadId}`);
      return answer({ ok: outcome.ok, intent, message: outcome.message }, outcome.ok ? 200 : outcome.status);
    }
    const outcome = await editDraft({ proposalId: id.data, change, actor, request });
    if (!outcome.ok && outcome.field) return answer({ ok: false, intent, message: "", fieldErrors: { [outcome.field]: outcome.message } }, outcome.status);
    return answer({ ok: outcome.ok, intent, message: outcome.message }, outcome.ok ? 200 : outcome.status);
  } catch (error) {
    reportLeadFailure(error, "a proposal change failed", { intent, proposalId: id.data });
    return answer({ ok: false, intent, message: intent === "send" ? PROPOSAL_TEXT.sendFailed : PROPOSAL_TEXT.saveFailed, reference: currentRequestId() }, 500);
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData ? `${loaderData.proposal.label} | ${loaderData.proposal.leadName}` : "Proposal" }, { name: "robots", content: "noindex" }];
}

const card = "rounded-xl border border-border bg-white p-5 shadow-sm";
const control = "h-10 w-full rounded-md border border-input bg-white px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40";
const label = "mb-1 block text-sm font-medium text-slate-700";

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-destructive">
      {text}
    </p>
  );
}

function Totals({ totals, content }: { totals: OptionTotals; content: ProposalContent }) {
  return (
    <dl className="mt-3 grid max-w-sm gap-1 text-sm">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div className="flex justify-between">
          <dt>Discount</dt>
          <dd>-{formatCents(totals.discountCents)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>Sales tax ({formatBasisPoints(content.taxBp)}%)</dt>
        <dd>{formatCents(totals.taxCents)}</dd>
      </div>
      <div className="flex justify-between font-bold text-brand-navy">
        <dt>Total</dt>
        <dd>{formatCents(totals.totalCents)}</dd>
      </div>
      <div className="flex justify-between text-slate-600">
        <dt>Deposit ({formatBasisPoints(content.depositBp)}%)</dt>
        <dd>{formatCents(totals.depositCents)}</dd>
      </div>
    </dl>
  );
}

function Warranty({ option }: { option: ProposalOption }) {
  const w = option.warranty;
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-900">{w.name ? `Qualifies for: ${w.name}${w.windProven ? " + WindProven" : ""}` : "No GAF warranty (not a GAF shingle line)"}</p>
      {w.next && (
        <p className="text-slate-700">
          For the {w.next.name}: {w.next.missing.join("; ")}.
        </p>
      )}
    </div>
  );
}

function OptionCard({ proposal, option, draft, errors, busy }: { proposal: AdminProposal; option: ProposalOption; draft: boolean; errors: Record<string, string>; busy: boolean }) {
  const totals = proposal.totals[option.key]!;
  const headingId = `option-${option.key}`;
  const chosen = proposal.acceptance?.optionKey === option.key;
  const componentOf = (category: string) => option.lines.find((l) => l.category === category)?.priceBookItemId ?? "";
  const shingleItem = option.lines.find((l) => l.category === "shingles")?.priceBookItemId ?? "";
  return (
    <section aria-labelledby={headingId} className={cn(card, chosen && "ring-2 ring-emerald-600")}>
      <h2 id={headingId} className="text-lg font-bold text-brand-navy">
        {option.title}: {option.shingleName} {chosen && <Badge variant="success">Accepted</Badge>}
      </h2>
      <Warranty option={option} />
      {draft ? (
        <Form method="post" preventScrollReset className="mt-4" key={JSON.stringify(option.lines)}>
          <input type="hidden" name="intent" value="save-lines" />
          <input type="hidden" name="optionKey" value={option.key} />
          {/* A list, not a table: on a phone each line is a card with its own labelled fields. */}
          <ul className="grid gap-3" aria-label={`Lines of the ${option.title} option`}>
            {option.lines.map((line) => (
              <li key={line.key} className="grid gap-2 border-t border-slate-100 pt-3 sm:grid-cols-[minmax(0,1fr)_8rem_8rem_7rem_5rem] sm:items-start">
                <span className="text-sm">
                  {line.description}
                  <span className="block text-xs text-slate-500">{CATEGORY_LABELS[line.category]}</span>
                </span>
                <span>
                  <label className="mb-1 block text-xs text-slate-600" htmlFor={`qty-${line.key}`}>
                    Quantity ({UNIT_LABELS[line.unit].short})<span className="sr-only"> of {line.description}</span>
                  </label>
                  <input id={`qty-${line.key}`} name={`qty:${line.key}`} defaultValue={formatHundredths(line.quantityHundredths)} inputMode="decimal" className={control} aria-invalid={errors[`qty:${line.key}`] ? true : undefined} aria-describedby={errors[`qty:${line.key}`] ? `qty-${line.key}-error` : undefined} />
                  <FieldError id={`qty-${line.key}-error`} text={errors[`qty:${line.key}`]} />
                </span>
                <span>
                  <label className="mb-1 block text-xs text-slate-600" htmlFor={`price-${line.key}`}>
                    Unit price ($)<span className="sr-only"> of {line.description}</span>
                  </label>
                  <input id={`price-${line.key}`} name={`price:${line.key}`} defaultValue={(line.unitPriceCents / 100).toFixed(2)} inputMode="decimal" className={control} aria-invalid={errors[`price:${line.key}`] ? true : undefined} aria-describedby={errors[`price:${line.key}`] ? `price-${line.key}-error` : undefined} />
                  <FieldError id={`price-${line.key}-error`} text={errors[`price:${line.key}`]} />
                </span>
                <span className="text-sm tabular-nums sm:pt-6 sm:text-right">
                  <span className="text-slate-600 sm:sr-only">Amount: </span>
                  {formatCents(lineAmountCents(line.quantityHundredths, line.unitPriceCents))}
                </span>
                <label className="flex min-h-11 items-center gap-2 text-sm sm:pt-4">
                  <input type="checkbox" name={`remove:${line.key}`} className="size-6 shrink-0 accent-brand-navy" />
                  Remove<span className="sr-only"> {line.description}</span>
                </label>
              </li>
            ))}
          </ul>
          <button type="submit" disabled={busy} className={cn(buttonVariants({ size: "sm", variant: "outline" }), "mt-2")}>
            Save {option.title.toLowerCase()} lines
          </button>
        </Form>
      ) : (
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Lines of the {option.title} option</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col">Line</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col" className="text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {option.lines.map((line, index) => (
              <tr key={line.key} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {line.description}
                </th>
                <td className="py-1 pr-2">
                  {formatHundredths(line.quantityHundredths)} {UNIT_LABELS[line.unit].short}
                </td>
                <td className="py-1 pr-2">{formatCents(line.unitPriceCents)}</td>
                <td className="py-1 text-right tabular-nums">{formatCents(totals.lineAmounts[index]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Totals totals={totals} content={proposal.content} />
      {draft && proposal.catalogue && (
        <details className="mt-4">
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-navy">Rebuild from the price book</summary>
          <Form method="post" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="build-option" />
            <input type="hidden" name="optionKey" value={option.key} />
            <div>
              <label htmlFor={`shingle-${option.key}`} className={label}>
                Shingle line
              </label>
              <select id={`shingle-${option.key}`} name="shingleItemId" defaultValue={shingleItem} className={control}>
                {proposal.catalogue.shingles.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            {proposal.catalogue.components.map((group) => (
              <div key={group.category}>
                <label htmlFor={`component-${option.key}-${group.category}`} className={label}>
                  {CATEGORY_LABELS[group.category as keyof typeof CATEGORY_LABELS]}
                </label>
                <select id={`component-${option.key}-${group.category}`} name={`component-${group.category}`} defaultValue={componentOf(group.category)} className={control}>
                  <option value="">None</option>
                  {group.items.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
                Rebuild {option.title.toLowerCase()} option
              </button>
            </div>
          </Form>
          {proposal.content.options.length > 1 && (
            <Form method="post" preventScrollReset className="mt-2">
              <input type="hidden" name="intent" value="remove-option" />
              <input type="hidden" name="optionKey" value={option.key} />
              <button type="submit" disabled={busy} className={buttonVariants({ size: "sm", variant: "outline" })}>
                Remove {option.title.toLowerCase()} option
              </button>
            </Form>
          )}
        </details>
      )}
    </section>
  );
}

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal } = loaderData;
  const busy = useNavigation().state !== "idle";
  const draft = proposal.state === "draft";
  const errors = actionData?.fieldErrors ?? {};
  const { content } = proposal;
  const stateVariant = proposal.state === "accepted" ? "success" : proposal.state === "draft" ? "warning" : "secondary";
  return (
    <AdminPage
      title={proposal.label}
      description={
        <>
          For <Link to={`/admin/leads/${proposal.leadId}`} className="text-brand-navy underline underline-offset-4">{proposal.leadName}</Link>. <Badge variant={stateVariant}>{STATE_LABELS[proposal.state]}</Badge>
        </>
      }
      links={<BackLink to={`/admin/leads/${proposal.leadId}`}>Back to the lead</BackLink>}
    >
      {actionData?.message && <FormMessage variant={actionData.ok ? "success" : "error"} title={actionData.ok ? "Saved" : "Error"} text={actionData.message} reference={actionData.reference} />}

      <div className="grid gap-6">
        <section aria-labelledby="proposal-record" className={card}>
          <h2 id="proposal-record" className="mb-3 text-lg font-bold text-brand-navy">
            Record
          </h2>
          <div className="grid gap-1 text-sm">
            <div>Open until {formatDay(proposal.expiresOn)}</div>
            {proposal.sentAt && <div>Sent {formatDateTime(proposal.sentAt)}</div>}
            {proposal.firstViewedAt && <div>First viewed {formatDateTime(proposal.firstViewedAt)}</div>}
            {proposal.state === "declined" && <div>Declined {proposal.decidedAt ? formatDateTime(proposal.decidedAt) : ""}{proposal.declineReason ? `: “${proposal.declineReason}”` : " (no reason given)"}</div>}
            {proposal.documentSha256 && <div className="break-all">Document SHA-256: {proposal.documentSha256}</div>}
          </div>
          {proposal.acceptance && (
            <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm">
              <p className="font-medium">
                Accepted by {proposal.acceptance.signerName} ({proposal.acceptance.drawn ? "drawn signature" : "typed name"}) on {formatDateTime(proposal.acceptance.acceptedAt)}
              </p>
              <p>
                Total {formatCents(proposal.acceptance.totalCents)}, deposit {formatCents(proposal.acceptance.depositCents)}
                {proposal.acceptance.colorName ? `, colour ${proposal.acceptance.colorName}` : ""}
              </p>
              <p className="break-all text-slate-600">
                From {proposal.acceptance.clientIp ?? "an unknown address"}, {proposal.acceptance.userAgent ?? "unknown browser"}. Accepted document SHA-256: {proposal.acceptance.acceptedDocumentSha256}
              </p>
            </div>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {proposal.pdfAttachmentId && (
              <a href={`/admin/leads/${proposal.leadId}/attachments/${proposal.pdfAttachmentId}`} download className={buttonVariants({ size: "sm", variant: "outline" })}>
                Download the sent PDF
              </a>
            )}
            {proposal.acceptance?.signedPdfAttachmentId && (
              <a href={`/admin/leads/${proposal.leadId}/attachments/${proposal.acceptance.signedPdfAttachmentId}`} download className={buttonVariants({ size: "sm", variant: "outline" })}>
                Download the signed PDF
              </a>
            )}
            {draft ? (
              <>
                <Form method="post">
                  <input type="hidden" name="intent" value="send" />
                  <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
                    Send to the homeowner
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-draft" />
                  <button type="submit" disabled={busy} className={buttonVariants({ size: "sm", variant: "outline" })}>
                    Delete draft
                  </button>
                </Form>
              </>
            ) : proposal.state !== "accepted" && proposal.state !== "superseded" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="revise" />
                <button type="submit" disabled={busy} className={buttonVariants({ size: "sm", variant: "outline" })}>
                  Make a new revision
                </button>
              </Form>
            ) : null}
          </div>
          {proposal.revisions.length > 1 && (
            <nav aria-label="Revisions" className="mt-3 text-sm">
              Revisions:{" "}
              {proposal.revisions.map((r, i) => (
                <span key={r.id}>
                  {i > 0 && ", "}
                  {r.id === proposal.id ? (
                    <span aria-current="page" className="font-medium">
                      {r.revision} ({STATE_LABELS[r.state].toLowerCase()})
                    </span>
                  ) : (
                    <Link to={`/admin/proposals/${r.id}`} className="inline-flex min-h-6 items-center text-brand-navy underline-offset-4 hover:underline">
                      {r.revision} ({STATE_LABELS[r.state].toLowerCase()})
                    </Link>
                  )}
                </span>
              ))}
            </nav>
          )}
        </section>

        {content.options.map((option) => (
          <OptionCard key={option.key} proposal={proposal} option={option} draft={draft} errors={errors} busy={busy} />
        ))}

        {draft && proposal.catalogue && content.options.length < 3 && (
          <section aria-labelledby="add-option" className={card}>
            <h2 id="add-option" className="mb-3 text-lg font-bold text-brand-navy">
              Add an option
            </h2>
            <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="add-option" />
              <div>
                <label htmlFor="add-option-shingle" className={label}>
                  Shingle line
                </label>
                <select id="add-option-shingle" name="shingleItemId" className={control}>
                  {proposal.catalogue.shingles.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
                Add option
              </button>
            </Form>
          </section>
        )}

        <section aria-labelledby="add-ons" className={card}>
          <h2 id="add-ons" className="mb-3 text-lg font-bold text-brand-navy">
            Optional add-ons
          </h2>
          {content.addOns.length === 0 ? (
            <p className="text-sm text-slate-600">No add-ons offered.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {content.addOns.map((addOn) => (
                <li key={addOn.key} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
                  <span>
                    {addOn.description}: {formatHundredths(addOn.quantityHundredths)} {UNIT_LABELS[addOn.unit].short} × {formatCents(addOn.unitPriceCents)} = {formatCents(lineAmountCents(addOn.quantityHundredths, addOn.unitPriceCents))}
                    {proposal.acceptance?.addOnKeys.includes(addOn.key) && (
                      <Badge variant="success" className="ml-2">
                        Chosen
                      </Badge>
                    )}
                  </span>
                  {draft && (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="remove-add-on" />
                      <input type="hidden" name="key" value={addOn.key} />
                      <button type="submit" disabled={busy} className={buttonVariants({ size: "sm", variant: "outline" })} aria-label={`Remove add-on ${addOn.description}`}>
                        Remove
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
          {draft && proposal.catalogue && (
            <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-start gap-3">
              <input type="hidden" name="intent" value="add-add-on" />
              <div>
                <label htmlFor="addon-item" className={label}>
                  Price book item
                </label>
                <select id="addon-item" name="priceBookItemId" className={control} aria-invalid={errors.priceBookItemId ? true : undefined}>
                  {proposal.catalogue.addOnItems.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
                <FieldError id="addon-item-error" text={errors.priceBookItemId} />
              </div>
              <div>
                <label htmlFor="addon-quantity" className={label}>
                  Quantity
                </label>
                <input id="addon-quantity" name="quantity" inputMode="decimal" defaultValue="1" className={cn(control, "w-28")} aria-invalid={errors.quantity ? true : undefined} aria-describedby={errors.quantity ? "addon-quantity-error" : undefined} />
                <FieldError id="addon-quantity-error" text={errors.quantity} />
              </div>
              <button type="submit" disabled={busy} className={cn(buttonVariants({ size: "sm" }), "mt-6")}>
                Offer add-on
              </button>
            </Form>
          )}
        </section>

        <section aria-labelledby="proposal-terms" className={card}>
          <h2 id="proposal-terms" className="mb-3 text-lg font-bold text-brand-navy">
            Terms
          </h2>
          {draft ? (
            <Form method="post" preventScrollReset className="grid gap-3 sm:grid-cols-2" key={`${proposal.expiresOn}-${content.discountCents}-${content.taxBp}-${content.depositBp}`}>
              <input type="hidden" name="intent" value="save-terms" />
              {(
                [
                  ["discount", "Discount ($)", (content.discountCents / 100).toFixed(2)],
                  ["taxRate", "Sales tax rate (%)", formatBasisPoints(content.taxBp)],
                  ["deposit", "Deposit (% of the total)", formatBasisPoints(content.depositBp)],
                ] as const
              ).map(([name, text, value]) => (
                <div key={name}>
                  <label htmlFor={`terms-${name}`} className={label}>
                    {text}
                  </label>
                  <input id={`terms-${name}`} name={name} defaultValue={value} inputMode="decimal" className={control} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `terms-${name}-error` : undefined} />
                  <FieldError id={`terms-${name}-error`} text={errors[name]} />
                </div>
              ))}
              <div>
                <label htmlFor="terms-expiresOn" className={label}>
                  Open until
                </label>
                <input id="terms-expiresOn" name="expiresOn" type="date" defaultValue={proposal.expiresOn} className={control} aria-invalid={errors.expiresOn ? true : undefined} aria-describedby={errors.expiresOn ? "terms-expiresOn-error" : undefined} />
                <FieldError id="terms-expiresOn-error" text={errors.expiresOn} />
              </div>
              <div className="sm:col-span-2">
                <label htmlFor="terms-terms" className={label}>
                  Terms and conditions
                </label>
                <textarea id="terms-terms" name="terms" rows={8} defaultValue={content.terms} className={cn(control, "h-auto py-2")} aria-invalid={errors.terms ? true : undefined} />
                <FieldError id="terms-terms-error" text={errors.terms} />
              </div>
              <div>
                <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
                  Save terms
                </button>
              </div>
            </Form>
          ) : (
            <p className="whitespace-pre-wrap text-sm text-slate-700">{content.terms || "No terms."}</p>
          )}
        </section>
      </div>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminPage title={notFound ? "Proposal not found" : "Proposal"} links={<BackLink to="/admin/leads">All leads</BackLink>}>
      <p>{notFound ? PROPOSAL_TEXT.notFound : "The proposal could not be loaded. Please try again."}</p>
    </AdminPage>
  );
}
