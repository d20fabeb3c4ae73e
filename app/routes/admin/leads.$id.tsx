import { Download, Eye, FileText, Image as ImageIcon } from "lucide-react";
import { useState } from "react";
import { data, Form, isRouteErrorResponse, useNavigation, useRouteError } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/leads.$id";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { FormMessage } from "~/components/admin/form-message";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { ContactedToggle, type ContactedResult } from "~/components/leads/contacted-toggle";
import { formatDateTime } from "~/components/leads/format";
import { LeadBanner } from "~/components/leads/lead-banner";
import { LeadTimeline, type TimelineItem } from "~/components/leads/lead-timeline";
import { ReviewRequestSection } from "~/components/leads/review-request";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { addLeadNote } from "~/domain/leads/add-lead-note.server";
import { getLead } from "~/domain/leads/get-lead.server";
import { reportLeadFailure } from "~/domain/leads/lead-failure.server";
import { sendReviewRequest } from "~/domain/leads/send-review-request.server";
import { formatBytes, formatPhone, LEADS_TEXT, PIPELINE_STATUS_OPTIONS, pipelineLabel, serviceLabel } from "~/domain/leads/options";
import { addNoteSchema, inviteToPortalSchema, setContactedSchema, setStatusSchema, updateInsuranceSchema } from "~/domain/leads/schemas";
import { getPortalAccess } from "~/domain/portal/get-portal-access.server";
import { inviteToPortal } from "~/domain/portal/invite-to-portal.server";
import { PortalAccessSection } from "~/components/leads/portal-access";
import { setLeadContacted } from "~/domain/leads/set-lead-contacted.server";
import { setLeadStatus } from "~/domain/leads/set-lead-status.server";
import { updateLeadInsurance } from "~/domain/leads/update-lead-insurance.server";
import { LeadAppointment } from "~/components/leads/lead-appointment";
import { MessageThread } from "~/components/leads/message-thread";
import { clearAppointment } from "~/domain/leads/appointments/clear-appointment.server";
import { APPOINTMENT_TEXT, clearAppointmentSchema, setAppointmentSchema } from "~/domain/leads/appointments/schemas";
import { setAppointment } from "~/domain/leads/appointments/set-appointment.server";
import { listLeadMessages } from "~/domain/leads/messages/list-lead-messages.server";
import { markLeadMessagesRead } from "~/domain/leads/messages/mark-lead-messages-read.server";
import { postLeadMessage } from "~/domain/leads/messages/post-lead-message.server";
import { MESSAGE_TEXT, sendMessageSchema } from "~/domain/leads/messages/schemas";
import { cn } from "~/lib/cn";
import { currentRequestId } from "~/lib/logger.server";

/**
 * /admin/leads/:id: every field of a lead, its attachments (download), where
 * it came from, the pipeline status and the Contacted flag, the editable
 * insurance-claim details, and a timeline of notes and changes.
 */

export { headers } from "./admin-headers";

const leadIdParam = z.uuid();

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = leadIdParam.safeParse(params.id);
  if (!id.success) throw data({ message: "Lead not found" }, { status: 404 });
  const detail = await getLead(id.data);
  if (!detail) throw data({ message: "Lead not found" }, { status: 404 });
  const portal = await getPortalAccess(id.data);
  // Opening the lead shows its messages: the homeowner's count as read from now on (after the guard and
  // only for a lead that exists, as a mail reader marks what it opens).
  await markLeadMessagesRead(id.data, "staff");
  const messages = await listLeadMessages(id.data, "staff");
  const { lead } = detail;
  const timeline: TimelineItem[] = [
    { id: "received", kind: "received", body: "Inspection request received from the website.", createdAt: lead.createdAt.toISOString(), authorName: null },
    ...detail.timeline.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
  ];
  return {
    lead: { ...lead, createdAt: lead.createdAt.toISOString(), updatedAt: lead.updatedAt.toISOString() },
    attachments: detail.attachments.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    timeline,
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    reviewRequest: detail.reviewRequest && { sentAt: detail.reviewRequest.sentAt.toISOString(), sentByName: detail.reviewRequest.sentByName },
    portal: {
      account: portal.account,
      invitation: portal.invitation && {
        sentAt: portal.invitation.sentAt.toISOString(),
        expiresAt: portal.invitation.expiresAt.toISOString(),
        usedAt: portal.invitation.usedAt?.toISOString() ?? null,
        expired: portal.invitation.expired,
      },
    },
  };
}

/** The review request's form sends its intent only (send-review-request.server.ts decides the rest). */
const sendReviewRequestSchema = z.strictObject({ intent: z.literal("send-review-request") });

const actionSchema = z.discriminatedUnion("intent", [setContactedSchema, setStatusSchema, addNoteSchema, updateInsuranceSchema, inviteToPortalSchema, sendReviewRequestSchema, sendMessageSchema, setAppointmentSchema, clearAppointmentSchema]);

/**
 * `fieldErrors`: the first message per field of a refused form, shown under the field it is about;
 * `values`: what was typed, for the form to come back with it (a page posted without JavaScript
 * re-renders); `reference`: the request id of a failure the user cannot fix.
 */
type ActionResult = {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
  reference?: string;
};

function result(value: ActionResult, status = 200) {
  return data(value, { status });
}

const FAILURE: Record<string, string> = {
  "set-contacted": LEADS_TEXT.updateFailed,
  "set-status": LEADS_TEXT.updateFailed,
  "add-note": "Failed to add the note. Please try again.",
  "update-insurance": "Failed to save the insurance details. Please try again.",
  "invite-to-portal": "Failed to invite the homeowner to the portal. Please try again.",
  "send-review-request": "Failed to send the review request. Please try again.",
  "send-message": MESSAGE_TEXT.failed,
  "set-appointment": APPOINTMENT_TEXT.failed,
  "clear-appointment": "Failed to clear the appointment. Please try again.",
};

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const id = leadIdParam.safeParse(params.id);
  let values: Record<string, string>;
  try {
    values = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  } catch {
    return result({ ok: false, intent: "", message: "The form could not be read." }, 400);
  }
  const intent = values.intent ?? "";
  // Own keys only: an intent named "constructor" or "__proto__" must not read Object.prototype.
  const failure = Object.hasOwn(FAILURE, intent) ? FAILURE[intent]! : "The change could not be made.";
  const parsed = actionSchema.safeParse(values);
  if (!id.success || !parsed.success) {
    const detail = parsed.success ? "" : ` ${parsed.error.issues[0]?.message ?? ""}`;
    const fieldErrors: Partial<Record<string, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && field !== "intent") fieldErrors[field] ??= issue.message;
    }
    // A value the user can fix is told under its field, and only there: no "Failed to ..." (issue 23).
    if (Object.keys(fieldErrors).length > 0) {
      const typed = Object.fromEntries(Object.entries(values).filter(([key]) => key !== "intent"));
      return result({ ok: false, intent, message: "", fieldErrors, values: typed }, 400);
    }
    return result({ ok: false, intent, message: `${failure}${detail}`.trim() }, 400);
  }
  const leadId = id.data;
  const change = parsed.data;
  try {
    switch (change.intent) {
      case "set-contacted": {
        if (change.leadId !== leadId) return result({ ok: false, intent, message: failure }, 400);
        const outcome = await setLeadContacted({ leadId, contacted: change.contacted, actor, request });
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({ ok: true, intent, message: outcome.contacted ? "Marked as contacted." : "Marked as not contacted." });
      }
      case "set-status": {
        const outcome = await setLeadStatus({ leadId, status: change.status, actor, request });
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({ ok: true, intent, message: `Status set to ${pipelineLabel(outcome.pipelineStatus)}.` });
      }
      case "add-note": {
        const outcome = await addLeadNote({ leadId, body: change.body, actor, request });
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({ ok: true, intent, message: "Note added." });
      }
      case "update-insurance": {
        const outcome = await updateLeadInsurance({
          leadId,
          insurance: {
            hasInsuranceDocs: change.hasInsuranceDocs,
            insuranceCompany: change.insuranceCompany,
            claimNumber: change.claimNumber,
            dateOfLoss: change.dateOfLoss,
          },
          actor,
          request,
        });
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({ ok: true, intent, message: outcome.changed ? "Insurance details saved." : "Nothing changed." });
      }
      case "send-message": {
        const outcome = await postLeadMessage({ leadId, author: "staff", actor, body: change.body, request });
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({ ok: true, intent, message: "Message sent to the homeowner." });
      }
      case "set-appointment": {
        const outcome = await setAppointment({ leadId, date: change.date, start: change.start, end: change.end, actor, request });
        if (!outcome.ok && outcome.reason === "invalid") {
          const typed = { date: change.date, start: change.start, end: change.end };
          return result({ ok: false, intent, message: "", fieldErrors: { [outcome.field]: outcome.message }, values: typed }, 400);
        }
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({ ok: true, intent, message: APPOINTMENT_TEXT.saved });
      }
      case "clear-appointment": {
        const outcome = await clearAppointment({ leadId, actor, request });
        if (!outcome.ok && outcome.reason === "no_appointment") return result({ ok: false, intent, message: APPOINTMENT_TEXT.nothingToClear }, 409);
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({ ok: true, intent, message: APPOINTMENT_TEXT.cleared });
      }
      case "send-review-request": {
        const outcome = await sendReviewRequest({ leadId, actor, request });
        return result({ ok: outcome.ok, intent, message: outcome.message }, outcome.ok ? 200 : outcome.status);
      }
      case "invite-to-portal": {
        const outcome = await inviteToPortal({ leadId, actor, request });
        if (!outcome.ok && outcome.reason === "rejected_account") {
          return result(
            { ok: false, intent, message: "This email address belongs to an account that was not approved. A super admin can change that in User Management." },
            409,
          );
        }
        if (!outcome.ok) return result({ ok: false, intent, message: failure }, 404);
        return result({
          ok: true,
          intent,
          message:
            outcome.kind === "invitation"
              ? `Invitation sent to ${outcome.email}.`
              : `${outcome.email} can already sign in: we told them this request is in their portal.`,
        });
      }
    }
  } catch (error) {
    reportLeadFailure(error, "a lead change failed", { intent });
    return result({ ok: false, intent, message: failure, reference: currentRequestId() }, 500);
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaderData ? `${loaderData.lead.firstName} ${loaderData.lead.lastName}` : "Lead";
  return [{ title: `${name} | Lead Management` }, { name: "robots", content: "noindex" }];
}

const cardClass = "rounded-xl border border-border bg-white p-5 shadow-sm";
const controlClass = cn(
  "h-10 w-full rounded-md border border-input bg-white px-3 text-sm text-foreground shadow-xs",
  "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
);
const labelClass = "mb-1 block text-sm font-medium text-slate-700";

/** The element id of each form field of this page, by its name in the form. */
const FIELD_IDS: Record<string, string> = {
  body: "lead-note",
  status: "lead-status",
  insuranceCompany: "lead-insurance-company",
  claimNumber: "lead-claim-number",
  dateOfLoss: "lead-date-of-loss",
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Intents whose sections (Messages, Appointment) show their field refusals themselves. */
const SECTION_INTENTS: ReadonlySet<string> = new Set(["send-message", "set-appointment", "clear-appointment"]);

export default function LeadDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, attachments, timeline, portal } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [contactedFailed, setContactedFailed] = useState(false);
  // The Messages and Appointment sections show their own refusals (their fields are named like others here).
  const fields = useFieldErrors(actionData && !SECTION_INTENTS.has(actionData.intent) ? actionData : undefined, FIELD_IDS);
  const refused = (intent: string) => (actionData && !actionData.ok && actionData.intent === intent ? actionData : undefined);
  const messageRefusal = refused("send-message");
  const appointmentRefusal = refused("set-appointment");
  const appointment =
    lead.appointmentDate && lead.appointmentStart && lead.appointmentEnd && lead.appointmentStatus
      ? { date: lead.appointmentDate, start: lead.appointmentStart, end: lead.appointmentEnd, status: lead.appointmentStatus }
      : null;
  // What a refused insurance form had in it: the form comes back with it (the no-JavaScript post re-renders the page).
  const typed = actionData && !actionData.ok && actionData.intent === "update-insurance" ? actionData.values : undefined;
  const name = `${lead.firstName} ${lead.lastName}`;
  const utm = [
    ["Source", lead.utmSource],
    ["Medium", lead.utmMedium],
    ["Campaign", lead.utmCampaign],
    ["Term", lead.utmTerm],
    ["Content", lead.utmContent],
  ].filter(([, v]) => v) as Array<[string, string]>;
  const onContacted = (r: ContactedResult) => setContactedFailed(!r.ok);

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <BackToDashboard />
          <BackLink to="/admin/leads">All leads</BackLink>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">{name}</h1>
          <Badge variant={lead.pipelineStatus === "new" ? "warning" : "secondary"}>{pipelineLabel(lead.pipelineStatus)}</Badge>
        </div>
        <p className="text-slate-600">Received {formatDateTime(lead.createdAt)}</p>
      </div>

      {contactedFailed && <LeadBanner text={LEADS_TEXT.updateFailed} />}
      {actionData?.message && (
        <FormMessage
          variant={actionData.ok ? "success" : "error"}
          title={actionData.ok ? "Saved" : "Error"}
          text={actionData.message}
          reference={actionData.reference}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <section aria-labelledby="lead-request" className={cardClass}>
            <h2 id="lead-request" className="mb-4 text-lg font-bold text-brand-navy">
              Request
            </h2>
            <dl className="grid gap-3">
              <Field label="Name">{name}</Field>
              <Field label="Email">
                <a href={`mailto:${lead.email}`} className="inline-flex min-h-6 items-center break-all text-brand-navy underline-offset-4 hover:underline">
                  {lead.email}
                </a>
              </Field>
              <Field label="Phone">
                <a href={`tel:${lead.phone}`} className="inline-flex min-h-6 items-center text-brand-navy underline-offset-4 hover:underline">
                  {formatPhone(lead.phone)}
                </a>
              </Field>
              <Field label="Service">{lead.service ? serviceLabel(lead.service) : "Not specified"}</Field>
              <Field label="Message">
                {lead.message ? <span className="whitespace-pre-wrap">{lead.message}</span> : <span className="text-slate-500">None</span>}
              </Field>
            </dl>
          </section>

          <section aria-labelledby="lead-attachments" className={cardClass}>
            <h2 id="lead-attachments" className="mb-4 text-lg font-bold text-brand-navy">
              Attachments
            </h2>
            {attachments.length === 0 ? (
              <p className="text-slate-600">No files were attached.</p>
            ) : (
              <ul className="grid gap-2">
                {attachments.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
                    <span className="flex min-w-0 items-center gap-3">
                      {a.thumbnailStatus === "ready" ? (
                        <img
                          src={`/admin/leads/${lead.id}/attachments/${a.id}/thumbnail`}
                          alt={a.originalName}
                          loading="lazy"
                          decoding="async"
                          width={64}
                          height={64}
                          className="size-16 shrink-0 rounded-md border border-slate-200 object-cover"
                        />
                      ) : a.contentType === "application/pdf" ? (
                        <FileText className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
                      ) : (
                        <ImageIcon className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
                      )}
                      <span className="grid min-w-0 gap-0.5">
                        <span className="flex min-w-0 items-center gap-2">
                          <span className="truncate">{a.originalName}</span>
                          <span className="shrink-0 text-sm text-slate-600">{formatBytes(a.sizeBytes)}</span>
                        </span>
                        <span className="text-sm text-slate-600">
                          {a.addedFrom === "request"
                            ? "Sent with the request"
                            : a.addedByName
                              ? `Added by ${a.addedByName} from the portal, ${formatDateTime(a.createdAt)}`
                              : `Added from the portal by an account since deleted, ${formatDateTime(a.createdAt)}`}
                        </span>
                      </span>
                    </span>
                    <span className="flex flex-wrap gap-2">
                      {a.thumbnailStatus === "ready" && (
                        // The 1600 px picture made of the image: every browser shows it, a phone's HEIC original not.
                        <a
                          href={`/admin/leads/${lead.id}/attachments/${a.id}/view`}
                          className={buttonVariants({ variant: "outline", size: "sm" })}
                          aria-label={`View ${a.originalName}`}
                        >
                          <Eye aria-hidden="true" />
                          View
                        </a>
                      )}
                      <a
                        href={`/admin/leads/${lead.id}/attachments/${a.id}`}
                        download
                        className={buttonVariants({ variant: "outline", size: "sm" })}
                        aria-label={`Download ${a.originalName}`}
                      >
                        <Download aria-hidden="true" />
                        Download
                      </a>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="lead-messages" className={cardClass}>
            <h2 id="lead-messages" className="mb-4 scroll-mt-4 text-lg font-bold text-brand-navy">
              Messages
            </h2>
            <MessageThread
              messages={loaderData.messages}
              viewer="staff"
              readUntil={lead.staffReadAt?.toISOString() ?? null}
              error={messageRefusal?.fieldErrors?.body}
              typed={messageRefusal?.values?.body}
              busy={busy}
            />
          </section>

          <section aria-labelledby="lead-timeline" className={cardClass}>
            <h2 id="lead-timeline" className="mb-4 text-lg font-bold text-brand-navy">
              Timeline
            </h2>
            <LeadTimeline items={timeline} />
            <Form method="post" preventScrollReset key={timeline.length} className="mt-6 grid gap-2">
              <input type="hidden" name="intent" value="add-note" />
              <label htmlFor="lead-note" className={labelClass}>
                Add a note
              </label>
              <textarea id="lead-note" name="body" rows={3} required maxLength={5000} className={cn(controlClass, "h-auto py-2")} {...fields.invalid("body")} />
              {fields.message("body")}
              <div>
                <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
                  Add note
                </button>
              </div>
            </Form>
          </section>
        </div>

        <div className="grid content-start gap-6">
          <section aria-labelledby="lead-pipeline" className={cardClass}>
            <h2 id="lead-pipeline" className="mb-4 text-lg font-bold text-brand-navy">
              Pipeline
            </h2>
            <div className="mb-4 flex items-center gap-3">
              <ContactedToggle leadId={lead.id} name={name} contacted={lead.contacted} onResult={onContacted} />
              <span className="font-medium text-slate-800">Contacted</span>
            </div>
            <Form method="post" preventScrollReset key={`status-${lead.pipelineStatus}`} className="grid gap-2">
              <input type="hidden" name="intent" value="set-status" />
              <label htmlFor="lead-status" className={labelClass}>
                Status
              </label>
              <select id="lead-status" name="status" defaultValue={lead.pipelineStatus} className={controlClass} {...fields.invalid("status")}>
                {PIPELINE_STATUS_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              {fields.message("status")}
              <div>
                <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
                  Update status
                </button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="lead-appointment" className={cardClass}>
            <h2 id="lead-appointment" className="mb-4 text-lg font-bold text-brand-navy">
              Appointment
            </h2>
            <LeadAppointment
              appointment={appointment}
              sequence={lead.appointmentSequence}
              errors={appointmentRefusal?.fieldErrors}
              typed={appointmentRefusal?.values}
              busy={busy}
            />
          </section>

          <PortalAccessSection access={portal} email={lead.email} busy={busy} className={cardClass} />

          <ReviewRequestSection pipelineStatus={lead.pipelineStatus} reviewRequest={loaderData.reviewRequest} customerName={name} busy={busy} className={cardClass} />

          <section aria-labelledby="lead-insurance" className={cardClass}>
            <h2 id="lead-insurance" className="mb-4 text-lg font-bold text-brand-navy">
              Insurance claim
            </h2>
            <Form method="post" preventScrollReset key={`ins-${lead.updatedAt}`} className="grid gap-3">
              <input type="hidden" name="intent" value="update-insurance" />
              {/* The whole line is the target (44 px tall), the box itself 24 x 24 (issue 23: it was 16 x 16). */}
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  name="hasInsuranceDocs"
                  defaultChecked={typed ? typed.hasInsuranceDocs === "on" : lead.hasInsuranceDocs}
                  className="size-6 shrink-0 accent-brand-navy"
                />
                Has insurance documents
              </label>
              <div>
                <label htmlFor="lead-insurance-company" className={labelClass}>
                  Insurance company
                </label>
                <input
                  id="lead-insurance-company"
                  name="insuranceCompany"
                  defaultValue={typed ? (typed.insuranceCompany ?? "") : (lead.insuranceCompany ?? "")}
                  maxLength={200}
                  className={controlClass}
                  {...fields.invalid("insuranceCompany")}
                />
                {fields.message("insuranceCompany")}
              </div>
              <div>
                <label htmlFor="lead-claim-number" className={labelClass}>
                  Claim number
                </label>
                <input id="lead-claim-number" name="claimNumber" defaultValue={typed ? (typed.claimNumber ?? "") : (lead.claimNumber ?? "")} maxLength={100} className={controlClass} {...fields.invalid("claimNumber")} />
                {fields.message("claimNumber")}
              </div>
              <div>
                <label htmlFor="lead-date-of-loss" className={labelClass}>
                  Date of loss
                </label>
                <input id="lead-date-of-loss" name="dateOfLoss" type="date" defaultValue={typed ? (typed.dateOfLoss ?? "") : (lead.dateOfLoss ?? "")} className={controlClass} {...fields.invalid("dateOfLoss")} />
                {fields.message("dateOfLoss")}
              </div>
              <div>
                <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
                  Save insurance details
                </button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="lead-source" className={cardClass}>
            <h2 id="lead-source" className="mb-4 text-lg font-bold text-brand-navy">
              Where it came from
            </h2>
            <dl className="grid gap-3 text-sm">
              <Field label="Form page">{lead.landingPath ?? "Unknown"}</Field>
              <Field label="Referrer">{lead.referrer ?? "Direct or unknown"}</Field>
              {utm.map(([label, value]) => (
                <Field key={label} label={`UTM ${label.toLowerCase()}`}>
                  {value}
                </Field>
              ))}
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminPage title={notFound ? "Lead not found" : "Lead Management"} links={<BackLink to="/admin/leads">All leads</BackLink>}>
      <LeadBanner text={notFound ? "This lead does not exist or was deleted." : LEADS_TEXT.loadFailed} />
    </AdminPage>
  );
}
