import { useMemo } from "react";
import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/requests.$id";
import { FormMessage } from "~/components/admin/form-message";
import { useFieldErrors } from "~/components/admin/use-field-errors";
import { MessageThread } from "~/components/leads/message-thread";
import { AddFilesForm } from "~/components/portal/add-files-form";
import { AppointmentCard } from "~/components/portal/appointment-card";
import { useKeptDrafts } from "~/components/portal/kept-drafts";
import { PortalAnswer } from "~/components/portal/portal-answer";
import { BookingChange } from "~/components/leads/booking-change";
import { bookingView } from "~/domain/scheduling/booking-view.server";
import { changePortalBooking } from "~/domain/scheduling/change-portal-booking.server";
import { RequestFiles } from "~/components/portal/request-files";
import { formatPortalDate } from "~/components/portal/format";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { respondToAppointment } from "~/domain/leads/appointments/respond-to-appointment.server";
import { APPOINTMENT_TEXT, confirmAppointmentSchema, requestAnotherTimeSchema } from "~/domain/leads/appointments/schemas";
import { addCustomerFiles } from "~/domain/leads/customer-files/add-customer-files.server";
import { markLeadMessagesRead } from "~/domain/leads/messages/mark-lead-messages-read.server";
import { postLeadMessage } from "~/domain/leads/messages/post-lead-message.server";
import { MESSAGE_TEXT, sendMessageSchema } from "~/domain/leads/messages/schemas";
import { ADD_FILES_INTENT } from "~/domain/leads/customer-files/add-files-texts";
import { CUSTOMER_STEPS, customerStatusWords, formatPhone, serviceLabel } from "~/domain/leads/options";
import { correctAddressSchema, correctInsuranceSchema } from "~/domain/leads/schemas";
import { ADDRESS_TEXT, formatAddress, US_STATE_CODES } from "~/domain/leads/options";
import { correctAddress } from "~/domain/portal/correct-address.server";
import { correctInsurance } from "~/domain/portal/correct-insurance.server";
import { findCustomerLeadId } from "~/domain/portal/customer-leads.server";
import { getCustomerRequest } from "~/domain/portal/get-customer-request.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { listRequestProposals } from "~/domain/proposals/customer-proposals.server";
import { formatDay, STATE_LABELS } from "~/domain/proposals/proposal-state";
import { fieldErrorsOf } from "~/lib/admin-result";
import { cn } from "~/lib/cn";
import { currentRequestId, logger } from "~/lib/logger.server";

/**
 * /portal/requests/:id (issue 22): one of the customer's requests. Its status and progress, the
 * appointment (confirm, or ask for another time), the messages with the office, what they sent and the
 * files they add, and the insurance details they can correct. Every loader and action: requireCustomer,
 * then the lead must be one of theirs (findCustomerLeadId); anything else is 404, never the data.
 */

const leadIdParam = z.uuid();

function notFound(): never {
  throw data({ message: "Request not found" }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const id = leadIdParam.safeParse(params.id);
  if (!id.success) notFound();
  const settings = await getPublicSiteSettings();
  const detail = await getCustomerRequest(user, id.data);
  if (!detail) notFound();
  // The page shows the thread: the office's messages count as read from now on (detail.readUntil keeps
  // the mark of before this visit, for the "New" labels).
  await markLeadMessagesRead(detail.id, "customer");
  return {
    request: {
      ...detail,
      createdAt: detail.createdAt.toISOString(),
      updatedAt: detail.updatedAt.toISOString(),
      readUntil: detail.readUntil?.toISOString() ?? null,
      files: detail.files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
      messages: detail.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    },
    proposals: await listRequestProposals(user, detail.id),
    // Move or cancel the inspection (issue 31 item 3): the next free times and whether it is still possible.
    booking: detail.appointment ? await bookingView(detail.id, null) : null,
    phone: settings.phone,
    phoneHref: settings.phoneHref,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const title = loaderData ? `Your request from ${formatPortalDate(loaderData.request.createdAt)}` : "Request";
  return [{ title }, { name: "robots", content: "noindex" }];
}

type ActionResult = {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
  reference?: string;
  /** The message box's title (the "Add files" answer: add-customer-files.server.ts). */
  title?: string;
};

function result(value: ActionResult, status = 200) {
  return data(value, { status, headers: { "Cache-Control": "private, no-store" } });
}

const FAILURE: Record<string, string> = {
  "update-insurance": "Your insurance details could not be saved. Please try again.",
  "update-address": "The address could not be saved. Please try again.",
  "send-message": MESSAGE_TEXT.failed,
  "confirm-appointment": "Your answer could not be saved. Please try again.",
  "request-another-time": "Your answer could not be saved. Please try again.",
};

const actionSchema = z.discriminatedUnion("intent", [correctInsuranceSchema, correctAddressSchema, sendMessageSchema, confirmAppointmentSchema, requestAnotherTimeSchema]);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireCustomer(request);
  const id = leadIdParam.safeParse(params.id);
  // Another customer's id, or no such request: 404 before the body is read.
  const leadId = id.success ? await findCustomerLeadId(user, id.data) : null;
  if (!leadId) return result({ ok: false, intent: "", message: "This request was not found." }, 404);
  // A multipart post is the "Add files" form (intent add-files, files in `files`): streamed with the
  // inspection form's limits and types, never read into memory here.
  if (/^\s*multipart\/form-data\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
    const outcome = await addCustomerFiles({ request, leadId, actor: user });
    return result(outcome, outcome.status);
  }
  let values: Record<string, string>;
  try {
    values = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  } catch {
    return result({ ok: false, intent: "", message: "The form could not be read." }, 400);
  }
  const intent = values.intent ?? "";
  if (intent === "move-booking" || intent === "cancel-booking") {
    const outcome = await changePortalBooking({ leadId, actor: user, values, request });
    return result({ ok: outcome.ok, intent, message: outcome.message }, outcome.status);
  }
  const failure = Object.hasOwn(FAILURE, intent) ? FAILURE[intent]! : "The change could not be made.";
  const parsed = actionSchema.safeParse(values);
  if (!parsed.success) {
    // The first message per field; the intent and the form as a whole are not fields the user can fix.
    const { intent: _intent, _form: _whole, ...fieldErrors } = fieldErrorsOf(parsed.error);
    if (Object.keys(fieldErrors).length > 0) {
      const typed = Object.fromEntries(Object.entries(values).filter(([key]) => key !== "intent"));
      return result({ ok: false, intent, message: "", fieldErrors, values: typed }, 400);
    }
    return result({ ok: false, intent, message: failure }, 400);
  }
  const change = parsed.data;
  try {
    switch (change.intent) {
      case "update-insurance": {
        const outcome = await correctInsurance({
          user,
          leadId,
          insurance: { insuranceCompany: change.insuranceCompany, claimNumber: change.claimNumber, dateOfLoss: change.dateOfLoss },
          request,
        });
        if (!outcome.ok) return result({ ok: false, intent, message: "This request was not found." }, 404);
        return result({ ok: true, intent, message: outcome.changed ? "Your insurance details were saved." : "Nothing changed." });
      }
      case "update-address": {
        const { intent: _intent, ...address } = change;
        const outcome = await correctAddress({ user, leadId, address, request });
        if (!outcome.ok && outcome.reason === "confirmed") return result({ ok: false, intent, message: ADDRESS_TEXT.locked }, 409);
        if (!outcome.ok) return result({ ok: false, intent, message: "This request was not found." }, 404);
        return result({ ok: true, intent, message: outcome.changed ? "The property's address was saved." : "Nothing changed." });
      }
      case "send-message": {
        const outcome = await postLeadMessage({ leadId, author: "customer", actor: user, body: change.body, request });
        if (!outcome.ok) return result({ ok: false, intent, message: "This request was not found." }, 404);
        return result({ ok: true, intent, message: "Your message was sent. We answer by email and here." });
      }
      case "confirm-appointment":
      case "request-another-time": {
        const response = change.intent === "confirm-appointment" ? ({ kind: "confirm" } as const) : ({ kind: "another-time", body: change.body } as const);
        const outcome = await respondToAppointment({ leadId, actor: user, response, request });
        if (!outcome.ok && outcome.reason !== "not_found") {
          return result({ ok: false, intent, message: outcome.reason === "past" ? APPOINTMENT_TEXT.past : APPOINTMENT_TEXT.noAppointment }, 409);
        }
        if (!outcome.ok) return result({ ok: false, intent, message: "This request was not found." }, 404);
        return result({ ok: true, intent, message: response.kind === "confirm" ? APPOINTMENT_TEXT.confirmed : APPOINTMENT_TEXT.changeRequested });
      }
    }
  } catch (error) {
    logger.error({ err: error, intent, leadId }, "a portal change failed");
    return result({ ok: false, intent, message: failure, reference: currentRequestId() }, 500);
  }
}

const cardClass = "rounded-xl border border-slate-300 bg-white p-5 shadow-sm";
const controlClass = cn(
  "h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-foreground shadow-xs",
  "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
);
const labelClass = "mb-1 block text-sm font-medium text-slate-800";

/** The intents whose answer shows beside their own form (PortalAnswer); any other answer shows at the top. */
const ANSWERED_IN_PLACE: readonly string[] = ["move-booking", "cancel-booking", "update-address", "update-insurance", "send-message", "confirm-appointment", "request-another-time", ADD_FILES_INTENT];

const FIELD_IDS: Record<string, string> = {
  addressStreet: "portal-address-street",
  addressCity: "portal-address-city",
  addressState: "portal-address-state",
  addressZip: "portal-address-zip",
  insuranceCompany: "portal-insurance-company",
  claimNumber: "portal-claim-number",
  dateOfLoss: "portal-date-of-loss",
};

/** The homeowner's steps, the current one marked (a closed request says so instead). */
function Progress({ pipelineStatus }: { pipelineStatus: string }) {
  const words = customerStatusWords(pipelineStatus);
  if (words === "Closed") return <p className="text-slate-700">This request is closed. Call or write to us if you would like to pick it up again.</p>;
  const current = CUSTOMER_STEPS.indexOf(words as (typeof CUSTOMER_STEPS)[number]);
  return (
    <ol className="grid gap-2 sm:grid-cols-6" aria-label="Progress">
      {CUSTOMER_STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? "step" : undefined}
          className={cn(
            "rounded-md border px-2 py-2 text-sm",
            index < current && "border-success/40 bg-success-soft text-success",
            index === current && "border-brand-navy bg-brand-navy font-semibold text-white",
            index > current && "border-slate-300 text-slate-700",
          )}
        >
          {index < current && <span className="sr-only">Done: </span>}
          {step}
        </li>
      ))}
    </ol>
  );
}

export default function PortalRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fields = useFieldErrors(actionData, FIELD_IDS);
  // What they type is kept by the browser until sent: a lapsed session loses none of it (issue 31 item 5).
  useKeptDrafts(actionData);
  const typed = actionData && !actionData.ok && actionData.intent === "update-insurance" ? actionData.values : undefined;
  const typedAddress = actionData && !actionData.ok && actionData.intent === "update-address" ? actionData.values : undefined;
  const addressLocked = r.appointment?.status === "confirmed";
  const refused = (intent: string) => (actionData && !actionData.ok && actionData.intent === intent ? actionData : undefined);
  const messageRefusal = refused("send-message");
  const anotherTimeRefusal = refused("request-another-time");
  const title = `Your request from ${formatPortalDate(r.createdAt)}`;
  // One object per answer (PortalAnswer acts when it changes, not at every render of the page).
  const answer = useMemo(() => (actionData ? { ...actionData, title: actionData.ok && actionData.intent === "send-message" ? "Sent" : undefined } : null), [actionData]);
  /** The last answer when it came from one of `intents`' forms (with its title: "Sent" for a message). */
  const answerTo = (...intents: string[]) => (answer && intents.includes(answer.intent) ? answer : null);

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link to="/portal" className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-brand-navy underline-offset-4 hover:underline">
          All your requests
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">{title}</h1>
          <Badge variant="secondary">Status: {customerStatusWords(r.pipelineStatus)}</Badge>
        </div>
      </div>

      {actionData?.message && !ANSWERED_IN_PLACE.includes(actionData.intent) && (
        <FormMessage variant={actionData.ok ? "success" : "error"} title={actionData.ok ? "Saved" : "Error"} text={actionData.message} reference={actionData.reference} />
      )}

      <section aria-labelledby="portal-progress" className={cardClass}>
        <h2 id="portal-progress" className="mb-4 text-lg font-bold text-brand-navy">
          Progress
        </h2>
        <Progress pipelineStatus={r.pipelineStatus} />
      </section>

      {loaderData.proposals.length > 0 && (
        <section aria-labelledby="portal-proposals" className={cardClass}>
          <h2 id="portal-proposals" className="mb-4 text-lg font-bold text-brand-navy">
            Proposals
          </h2>
          <ul className="grid gap-2">
            {loaderData.proposals.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
                <span>
                  <Link to={`/portal/proposals/${p.id}`} className="font-medium text-brand-navy underline-offset-4 hover:underline">
                    {p.label}
                  </Link>
                  <span className="block text-sm text-slate-600">
                    {p.state === "sent" || p.state === "viewed" ? `Waiting for your answer until ${formatDay(p.expiresOn)}` : STATE_LABELS[p.state]}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="portal-appointment" className={cardClass}>
        <h2 id="portal-appointment" className="mb-4 text-lg font-bold text-brand-navy">
          Inspection appointment
        </h2>
        <AppointmentCard
          appointment={r.appointment}
          error={anotherTimeRefusal?.fieldErrors?.body}
          typed={anotherTimeRefusal?.values?.body}
          busy={busy}
          version={r.messages.length}
        />
        <PortalAnswer id="portal-appointment-answer" answer={answerTo("confirm-appointment", "request-another-time")} />
        {loaderData.booking?.appointment ? (
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="mb-3 font-bold text-brand-navy">Move or cancel the inspection</h3>
            <BookingChange
              slots={loaderData.booking.slots}
              changeable={loaderData.booking.changeable}
              cutoffHours={loaderData.booking.cutoffHours}
              phone={{ text: loaderData.phone, href: loaderData.phoneHref }}
              Form={Form}
            />
            <PortalAnswer id="portal-booking-answer" answer={answerTo("move-booking", "cancel-booking")} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="portal-sent" className={cardClass}>
        <h2 id="portal-sent" className="mb-4 text-lg font-bold text-brand-navy">
          What you sent
        </h2>
        <dl className="grid gap-3">
          <div>
            <dt className="text-sm font-medium text-slate-700">Service</dt>
            <dd className="text-slate-900">{r.service ? serviceLabel(r.service) : "Not specified"}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700">Your message</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{r.message ?? "None"}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="portal-files" className={cardClass}>
        <h2 id="portal-files" className="mb-4 text-lg font-bold text-brand-navy">
          Photos and documents
        </h2>
        <RequestFiles requestId={r.id} files={r.files} />
        <h3 className="mt-6 mb-3 font-semibold text-brand-navy">Add photos or documents</h3>
        <AddFilesForm result={actionData?.intent === ADD_FILES_INTENT ? actionData : null} />
      </section>

      <section aria-labelledby="portal-address" className={cardClass}>
        <h2 id="portal-address" className="mb-1 text-lg font-bold text-brand-navy">
          Property address
        </h2>
        {addressLocked ? (
          <>
            <p className="text-slate-800">{formatAddress({ addressStreet: r.address.street, addressCity: r.address.city, addressState: r.address.state, addressZip: r.address.zip }) ?? "Not given"}</p>
            <p className="mt-2 text-sm text-slate-700">{ADDRESS_TEXT.locked}</p>
          </>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-700">Where the roof is. You can correct it until your appointment is confirmed.</p>
            <Form method="post" preventScrollReset key={`address-${r.updatedAt}`} className="grid gap-3 sm:grid-cols-6">
              <input type="hidden" name="intent" value="update-address" />
              <div className="sm:col-span-6">
                <label htmlFor="portal-address-street" className={labelClass}>
                  Street address
                </label>
                <input id="portal-address-street" name="addressStreet" autoComplete="street-address" maxLength={200} defaultValue={typedAddress ? (typedAddress.addressStreet ?? "") : (r.address.street ?? "")} className={controlClass} {...fields.invalid("addressStreet")} />
                {fields.message("addressStreet")}
              </div>
              <div className="sm:col-span-3">
                <label htmlFor="portal-address-city" className={labelClass}>
                  City
                </label>
                <input id="portal-address-city" name="addressCity" autoComplete="address-level2" maxLength={100} defaultValue={typedAddress ? (typedAddress.addressCity ?? "") : (r.address.city ?? "")} className={controlClass} {...fields.invalid("addressCity")} />
                {fields.message("addressCity")}
              </div>
              <div className="sm:col-span-1">
                <label htmlFor="portal-address-state" className={labelClass}>
                  State
                </label>
                <select id="portal-address-state" name="addressState" autoComplete="address-level1" defaultValue={typedAddress ? (typedAddress.addressState ?? "OH") : (r.address.state ?? "OH")} className={controlClass} {...fields.invalid("addressState")}>
                  {US_STATE_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
                {fields.message("addressState")}
              </div>
              <div className="sm:col-span-2">
                <label htmlFor="portal-address-zip" className={labelClass}>
                  ZIP code
                </label>
                <input id="portal-address-zip" name="addressZip" autoComplete="postal-code" inputMode="numeric" maxLength={10} defaultValue={typedAddress ? (typedAddress.addressZip ?? "") : (r.address.zip ?? "")} className={controlClass} {...fields.invalid("addressZip")} />
                {fields.message("addressZip")}
              </div>
              <div className="sm:col-span-6">
                <button type="submit" disabled={busy} className={buttonVariants()}>
                  Save address
                </button>
              </div>
            </Form>
          </>
        )}
        <PortalAnswer id="portal-address-answer" answer={answerTo("update-address")} />
      </section>

      <section aria-labelledby="portal-insurance" className={cardClass}>
        <h2 id="portal-insurance" className="mb-1 text-lg font-bold text-brand-navy">
          Insurance details
        </h2>
        <p className="mb-4 text-sm text-slate-700">If your claim details changed, correct them here; our office sees the change.</p>
        <Form method="post" preventScrollReset key={`ins-${r.updatedAt}`} className="grid gap-3">
          <input type="hidden" name="intent" value="update-insurance" />
          <div>
            <label htmlFor="portal-insurance-company" className={labelClass}>
              Insurance company
            </label>
            <input
              id="portal-insurance-company"
              name="insuranceCompany"
              defaultValue={typed ? (typed.insuranceCompany ?? "") : (r.insuranceCompany ?? "")}
              maxLength={200}
              autoComplete="off"
              className={controlClass}
              {...fields.invalid("insuranceCompany")}
            />
            {fields.message("insuranceCompany")}
          </div>
          <div>
            <label htmlFor="portal-claim-number" className={labelClass}>
              Claim number
            </label>
            <input
              id="portal-claim-number"
              name="claimNumber"
              defaultValue={typed ? (typed.claimNumber ?? "") : (r.claimNumber ?? "")}
              maxLength={100}
              autoComplete="off"
              className={controlClass}
              {...fields.invalid("claimNumber")}
            />
            {fields.message("claimNumber")}
          </div>
          <div>
            <label htmlFor="portal-date-of-loss" className={labelClass}>
              Date of loss
            </label>
            <input
              id="portal-date-of-loss"
              name="dateOfLoss"
              type="date"
              defaultValue={typed ? (typed.dateOfLoss ?? "") : (r.dateOfLoss ?? "")}
              className={controlClass}
              {...fields.invalid("dateOfLoss")}
            />
            {fields.message("dateOfLoss")}
          </div>
          <div>
            <button type="submit" disabled={busy} className={buttonVariants()}>
              Save insurance details
            </button>
          </div>
        </Form>
        <PortalAnswer id="portal-insurance-answer" answer={answerTo("update-insurance")} />
      </section>

      <section aria-labelledby="portal-contact" className={cardClass}>
        <h2 id="portal-contact" className="mb-4 text-lg font-bold text-brand-navy">
          Your contact details
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-medium text-slate-700">Name</dt>
            <dd className="break-words text-slate-900">
              {r.firstName} {r.lastName}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700">Email</dt>
            <dd className="break-all text-slate-900">{r.email}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700">Phone</dt>
            <dd className="text-slate-900">{formatPhone(r.phone)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          To change these, write to us below or call{" "}
          <a href={loaderData.phoneHref} className="font-medium text-brand-navy underline underline-offset-4">
            {loaderData.phone}
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="portal-messages" className={cardClass}>
        <h2 id="portal-messages" className="mb-4 text-lg font-bold text-brand-navy">
          Messages
        </h2>
        <MessageThread
          messages={r.messages}
          viewer="customer"
          readUntil={r.readUntil}
          error={messageRefusal?.fieldErrors?.body}
          typed={messageRefusal?.values?.body}
          busy={busy}
        />
        <PortalAnswer id="portal-messages-answer" answer={answerTo("send-message")} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="grid gap-4">
      <h1 className="text-3xl font-bold tracking-tight text-brand-navy">{missing ? "Request not found" : "Something went wrong"}</h1>
      <FormMessage
        title="Error"
        text={missing ? "This request does not exist, or it is not one of yours." : "Your request could not be shown. Please try again later."}
      />
      <Link to="/portal" className="inline-flex min-h-11 items-center font-medium text-brand-navy underline-offset-4 hover:underline">
        All your requests
      </Link>
    </div>
  );
}
