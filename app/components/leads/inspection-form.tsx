import { CircleAlert, CircleCheck, Phone, Upload } from "~/components/site/icons";
import { useActionData, useFormAction, useLocation } from "react-router";
import { INSPECTION_AREA_PARAM, INSPECTION_BOOKED_PARAM, INSPECTION_SENT_PARAM, isInspectionActionData, type InspectionFormState } from "~/domain/leads/form-state";
import { FORM_LIMITS, INSPECTION_TEXT, SERVICE_OPTIONS, UPLOAD_LIMITS, US_STATE_CODES } from "~/domain/leads/options";
import { SERVICE_AREA_TEXT } from "~/domain/leads/service-area";
import type { KeptValues } from "~/domain/leads/schemas";
import { UPLOAD_ACCEPT, UPLOAD_EXTENSIONS } from "~/domain/storage/file-types";
import { cn } from "~/lib/cn";
import { BOOKING_TEXT } from "~/domain/scheduling/booking-text";
import type { SlotChoice } from "~/domain/scheduling/slot-choices";
import { parseSlotKey } from "~/domain/scheduling/slots";
import { SlotPicker } from "./slot-picker";
import { phoneExample } from "~/domain/site-settings/phone-example";

/**
 * The inspection-request form (spec 1 §3-§5, §8), server-rendered on public
 * pages that do not hydrate (ADR 007). It is a plain multipart form that
 * posts to the page's own action and works without JavaScript; the page
 * re-renders with the outcome. A page that shows it:
 *
 *   export const action = inspectionPageAction; // ~/domain/leads/inspection-page-action.server
 *   export const handle = { scripts: [inspectionFormScript] }; // ~/enhance/inspection-form.js?url
 * app/enhance/inspection-form.js (listed in the
 * page's `handle.scripts`) enhances it: the required-field check with the
 * "Missing Information" notice, "Submitting...", a JSON post to
 * /inspection-request, drag and drop and a file list. The script finds
 * everything through `data-*` attributes (the DOM contract below).
 */

const INSPECTION_ENDPOINT = "/inspection-request";

export interface InspectionFormProps {
  /** The id of the section the form is in; also tells the server which form was sent. */
  formId?: string;
  /** Where a post without JavaScript goes (default: this page's own action). */
  action?: string;
  /** For the line under the button ("Prefer to talk? Call ..."). */
  settings: { phone: string; phoneHref: string };
  /** The outcome to show (default: this page's action data for this form). */
  state?: InspectionFormState | null;
  /** Show the success notice (default: `?inspection-sent=<formId>` in the URL). */
  sent?: boolean;
  className?: string;
  /**
   * The next free inspection slots, for a page rendered for this visit (/book); null on a cached page,
   * which links to /book instead (the enhancement script shows a live picker either way).
   */
  slots?: SlotChoice[] | null;
  /** The /estimate inputs the request carries (their query string), for a request made from an estimate. */
  estimate?: string | null;
}

/** Its utilities are written once in app.css (`.lead-field`): the form is on many pages, its fields on every one. */
const fieldClass = "lead-field";
const labelClass = "mb-1.5 block text-sm font-semibold text-slate-800";

function Required() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-brand-red">
      *
    </span>
  );
}

function FieldError({ id, field, message }: { id: string; field: string; message?: string }) {
  return (
    <p id={id} data-error-for={field} hidden={!message} className="mt-1 text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** "Your inspection is booked for Tuesday, December 1, 2026 at 9:00 AM Eastern Time. ..." (the slot's end is the schedule's). */
function bookedNotice(key: { date: string; start: string }): string {
  const day = new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${key.date}T00:00:00Z`));
  const [h = 0, m = 0] = key.start.split(":").map(Number);
  const time = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  return `Your inspection is booked for ${day} at ${time} Eastern Time. We emailed you the details with a calendar invitation.`;
}

function withoutQuery(action: string): string {
  const query = action.indexOf("?");
  if (query < 0) return action;
  const path = action.slice(0, query);
  return new URLSearchParams(action.slice(query + 1)).has("index") ? `${path}?index` : path;
}

export function InspectionForm({ formId = "inspection-form", action, settings, state, sent, className, slots = null, estimate = null }: InspectionFormProps) {
  const actionData = useActionData();
  const location = useLocation();
  // The page's own action without the visit's query (UTM and the like): the page is the same bytes for
  // every query (the page cache keeps one copy, ADR 039). `?index` stays: it picks the home page's action.
  const ownAction = withoutQuery(useFormAction());
  const fromAction = isInspectionActionData(actionData) ? actionData.inspection : null;
  // Action data belongs to the form that was sent (a page can show two forms).
  const result = state !== undefined ? state : fromAction && (fromAction.formId ?? "inspection-form") === formId ? fromAction : null;
  const showSent = !result && (sent ?? new URLSearchParams(location.search).get(INSPECTION_SENT_PARAM) === formId);
  // A request from outside the service area (after a post without JavaScript): the notice says so.
  const outsideZip = showSent ? /^\d{5}$/.exec(new URLSearchParams(location.search).get(INSPECTION_AREA_PARAM) ?? "")?.[0] : undefined;
  // A booked inspection (after a post without JavaScript): the notice names the time.
  const bookedKey = showSent ? parseSlotKey(new URLSearchParams(location.search).get(INSPECTION_BOOKED_PARAM) ?? "") : null;
  // A time picked from outside the service area is not booked (the office calls): the notice says so.
  const notBookedOutside = showSent && new URLSearchParams(location.search).get(INSPECTION_BOOKED_PARAM) === "no";
  // A refused booking brings the next free slots with it.
  const slotChoices = result?.slots ?? slots;
  const values: KeptValues = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const id = (name: string) => `${formId}-${name}`;
  const invalid = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": id(`${name}-error`) } : {});
  // The path only: the page is the same bytes for every query (the page cache keeps one copy, ADR 039); the
  // enhancement script puts the visit's real landing page, query included, in its place.
  const landingPath = location.pathname.slice(0, FORM_LIMITS.landingPath);
  const insuranceChecked = values.hasInsuranceDocs === "on" || values.hasInsuranceDocs === "true";

  const notice = result
    ? { variant: "error", title: result.title, text: result.message }
    : showSent
      ? bookedKey
        ? { variant: "success", title: BOOKING_TEXT.bookedTitle, text: `${bookedNotice(bookedKey)}${outsideZip ? ` ${SERVICE_AREA_TEXT.outside(outsideZip)}` : ""}` }
        : {
            variant: "success",
            title: INSPECTION_TEXT.successTitle,
            text: outsideZip
              ? `${INSPECTION_TEXT.successText} ${SERVICE_AREA_TEXT.outside(outsideZip)}${notBookedOutside ? ` ${BOOKING_TEXT.outsideNotBooked}` : ""}`
              : INSPECTION_TEXT.successText,
          }
      : null;

  return (
    <form
      method="post"
      encType="multipart/form-data"
      // At the form: without JavaScript, a refused post comes back as the whole page, scrolled to the
      // form and its messages instead of the top (an accepted one is redirected to the same place).
      action={`${action ?? ownAction}#${formId}`}
      aria-label="Request a free roof inspection"
      className={cn("grid gap-5", className)}
      data-inspection-form
      data-endpoint={INSPECTION_ENDPOINT}
      data-max-files={UPLOAD_LIMITS.maxFiles}
      data-max-bytes={UPLOAD_LIMITS.maxFileBytes}
      data-max-size={UPLOAD_LIMITS.maxFileSizeText}
      data-extensions={UPLOAD_EXTENSIONS.join(",")}
      data-texts={JSON.stringify(INSPECTION_TEXT)}
    >
      {/* First in the body, so the server reads them even when a file part fails. */}
      <input type="hidden" name="formId" value={formId} />
      {/* Empty in the HTML, which is the same for every visitor (ADR 030): the enhancement script puts a
          random key here; a post without JavaScript is recognised by its details instead. */}
      <input type="hidden" name="submissionKey" value="" />
      <input type="hidden" name="landingPath" value={landingPath} />
      <input type="hidden" name="referrer" value="" />
      {estimate || values.estimate ? <input type="hidden" name="estimate" value={estimate ?? values.estimate} /> : null}

      <div
        data-inspection-notice
        data-variant={notice?.variant ?? ""}
        role={notice?.variant === "error" ? "alert" : "status"}
        aria-live={notice?.variant === "error" ? "assertive" : "polite"}
        hidden={!notice}
        tabIndex={-1}
        className={cn(
          "flex gap-3 rounded-lg border p-4 outline-none",
          "data-[variant=error]:border-red-300 data-[variant=error]:bg-red-50 data-[variant=error]:text-red-900",
          "data-[variant=success]:border-green-300 data-[variant=success]:bg-green-50 data-[variant=success]:text-green-900",
        )}
      >
        <CircleAlert aria-hidden="true" data-icon="error" className="mt-0.5 size-5 shrink-0 [[data-variant=success]_&]:hidden" />
        <CircleCheck aria-hidden="true" data-icon="success" className="mt-0.5 hidden size-5 shrink-0 [[data-variant=success]_&]:block" />
        <div>
          <p data-notice-title className="font-bold">
            {notice?.title}
          </p>
          <p data-notice-text>{notice?.text}</p>
        </div>
      </div>

      <p className="text-sm text-slate-600">
        Fields marked <span className="text-brand-red">*</span> are required.
      </p>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={id("firstName")} className={labelClass}>
            First name
            <Required />
          </label>
          <input
            id={id("firstName")}
            name="firstName"
            type="text"
            autoComplete="given-name"
            required
            maxLength={FORM_LIMITS.name}
            defaultValue={values.firstName}
            className={fieldClass}
            {...invalid("firstName")}
          />
          <FieldError id={id("firstName-error")} field="firstName" message={errors.firstName} />
        </div>
        <div>
          <label htmlFor={id("lastName")} className={labelClass}>
            Last name
            <Required />
          </label>
          <input
            id={id("lastName")}
            name="lastName"
            type="text"
            autoComplete="family-name"
            required
            maxLength={FORM_LIMITS.name}
            defaultValue={values.lastName}
            className={fieldClass}
            {...invalid("lastName")}
          />
          <FieldError id={id("lastName-error")} field="lastName" message={errors.lastName} />
        </div>
        <div>
          <label htmlFor={id("email")} className={labelClass}>
            Email
            <Required />
          </label>
          <input
            id={id("email")}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={FORM_LIMITS.email}
            defaultValue={values.email}
            className={fieldClass}
            {...invalid("email")}
          />
          <FieldError id={id("email-error")} field="email" message={errors.email} />
        </div>
        <div>
          <label htmlFor={id("phone")} className={labelClass}>
            Phone
            <Required />
          </label>
          <input
            id={id("phone")}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={FORM_LIMITS.phone}
            placeholder={phoneExample(settings.phone)}
            defaultValue={values.phone}
            className={fieldClass}
            {...invalid("phone")}
          />
          <FieldError id={id("phone-error")} field="phone" message={errors.phone} />
        </div>
      </div>

      <fieldset className="grid gap-5 sm:grid-cols-6">
        <legend className="mb-1 text-sm font-medium text-slate-800">Property address (optional: lets us check we work in your area; needed to book a time)</legend>
        <div className="sm:col-span-6">
          <label htmlFor={id("addressStreet")} className={labelClass}>
            Street address
          </label>
          <input id={id("addressStreet")} name="addressStreet" autoComplete="street-address" maxLength={FORM_LIMITS.addressStreet} defaultValue={values.addressStreet} className={fieldClass} {...invalid("addressStreet")} />
          <FieldError id={id("addressStreet-error")} field="addressStreet" message={errors.addressStreet} />
        </div>
        <div className="sm:col-span-3">
          <label htmlFor={id("addressCity")} className={labelClass}>
            City
          </label>
          <input id={id("addressCity")} name="addressCity" autoComplete="address-level2" maxLength={FORM_LIMITS.addressCity} defaultValue={values.addressCity} className={fieldClass} {...invalid("addressCity")} />
          <FieldError id={id("addressCity-error")} field="addressCity" message={errors.addressCity} />
        </div>
        <div className="sm:col-span-1">
          <label htmlFor={id("addressState")} className={labelClass}>
            State
          </label>
          <select id={id("addressState")} name="addressState" autoComplete="address-level1" defaultValue={values.addressState || "OH"} className={fieldClass} {...invalid("addressState")}>
            {US_STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <FieldError id={id("addressState-error")} field="addressState" message={errors.addressState} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("addressZip")} className={labelClass}>
            ZIP code
          </label>
          <input id={id("addressZip")} name="addressZip" autoComplete="postal-code" inputMode="numeric" maxLength={10} defaultValue={values.addressZip} className={fieldClass} {...invalid("addressZip")} />
          <FieldError id={id("addressZip-error")} field="addressZip" message={errors.addressZip} />
        </div>
      </fieldset>

      <SlotPicker id={id} slots={slotChoices} selected={values.slot} error={errors.slot} />

      <div>
        <label htmlFor={id("service")} className={labelClass}>
          Service needed
        </label>
        <select id={id("service")} name="service" defaultValue={values.service ?? ""} className={fieldClass} {...invalid("service")}>
          <option value="">Select a service (optional)</option>
          {SERVICE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError id={id("service-error")} field="service" message={errors.service} />
      </div>

      <div>
        <label htmlFor={id("message")} className={labelClass}>
          Message
        </label>
        <textarea
          id={id("message")}
          name="message"
          rows={4}
          maxLength={FORM_LIMITS.message}
          placeholder="Tell us about your roof: leaks, storm damage, age, anything you've noticed."
          defaultValue={values.message}
          className={cn(fieldClass, "h-auto min-h-28 py-2")}
          {...invalid("message")}
        />
        <FieldError id={id("message-error")} field="message" message={errors.message} />
      </div>

      {/* The insurance part opens when the box is ticked: by CSS (:has) without JavaScript; the
          script also disables it while closed so nothing in it is sent. */}
      <div className="group/ins grid gap-4">
        <label htmlFor={id("hasInsuranceDocs")} className="flex cursor-pointer items-start gap-3 text-slate-800">
          <input
            id={id("hasInsuranceDocs")}
            name="hasInsuranceDocs"
            type="checkbox"
            defaultChecked={insuranceChecked}
            className="size-6 shrink-0 accent-brand-navy"
          />
          <span className="font-semibold">I have insurance documents or photos of the damage</span>
        </label>
        <fieldset data-insurance-panel className="hidden gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 group-has-checked/ins:grid">
          <legend className="sr-only">Insurance claim (optional)</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={id("insuranceCompany")} className={labelClass}>
                Insurance company
              </label>
              <input
                id={id("insuranceCompany")}
                name="insuranceCompany"
                type="text"
                autoComplete="off"
                maxLength={FORM_LIMITS.insuranceCompany}
                defaultValue={values.insuranceCompany}
                className={fieldClass}
                {...invalid("insuranceCompany")}
              />
              <FieldError id={id("insuranceCompany-error")} field="insuranceCompany" message={errors.insuranceCompany} />
            </div>
            <div>
              <label htmlFor={id("claimNumber")} className={labelClass}>
                Claim number
              </label>
              <input
                id={id("claimNumber")}
                name="claimNumber"
                type="text"
                autoComplete="off"
                maxLength={FORM_LIMITS.claimNumber}
                defaultValue={values.claimNumber}
                className={fieldClass}
                {...invalid("claimNumber")}
              />
              <FieldError id={id("claimNumber-error")} field="claimNumber" message={errors.claimNumber} />
            </div>
            <div>
              <label htmlFor={id("dateOfLoss")} className={labelClass}>
                Date of loss
              </label>
              <input
                id={id("dateOfLoss")}
                name="dateOfLoss"
                type="date"
                min="1990-01-01"
                defaultValue={values.dateOfLoss}
                className={fieldClass}
                {...invalid("dateOfLoss")}
              />
              <FieldError id={id("dateOfLoss-error")} field="dateOfLoss" message={errors.dateOfLoss} />
            </div>
          </div>

          <div
            data-dropzone
            className={cn(
              "group/drop rounded-lg border-2 border-dashed border-slate-300 bg-white p-5 text-center transition-colors",
              "has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring data-[dragging=true]:border-brand-red data-[dragging=true]:bg-red-50",
            )}
          >
            <label htmlFor={id("files")} className="flex cursor-pointer flex-col items-center gap-1">
              <Upload aria-hidden="true" className="size-7 text-brand-navy" />
              <span className="font-semibold text-brand-navy">
                {INSPECTION_TEXT.uploadTitle} <span className="font-normal text-slate-600">(optional)</span>
              </span>
              <span className="text-sm text-slate-700">{INSPECTION_TEXT.uploadHint}</span>
              <span className="text-xs text-slate-600">
                PDF, JPG, PNG, HEIC or WebP · up to {UPLOAD_LIMITS.maxFiles} files, {UPLOAD_LIMITS.maxFileSizeText} each
              </span>
            </label>
            <input
              id={id("files")}
              name="files"
              type="file"
              multiple
              accept={UPLOAD_ACCEPT}
              data-file-input
              className="mx-auto mt-3 block max-w-full text-sm group-data-[enhanced=true]/drop:sr-only"
            />
            <p data-file-error hidden className="mt-2 text-sm font-medium text-destructive" role="alert" />
            {/* The server's word on the files sent (too large, too many, a type it refused by content). */}
            <FieldError id={id("files-error")} field="files" message={errors.files} />
            <ul data-file-list className="mt-3 grid gap-2 text-left text-sm empty:hidden" aria-label="Files to send" />
          </div>
        </fieldset>
      </div>

      {/* Honeypot: off-screen and out of the tab order; people leave it empty, bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id("company_website")}>Company website (leave empty)</label>
        <input id={id("company_website")} name="company_website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="grid gap-3">
        <button
          type="submit"
          data-submit
          className={cn(
            "inline-flex h-12 w-full items-center justify-center rounded-md bg-brand-red px-6 text-base font-bold text-white shadow-sm transition-colors",
            "outline-none hover:bg-brand-red-dark focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
            "disabled:cursor-wait disabled:opacity-70",
          )}
        >
          Request Free Inspection
        </button>
        <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <Phone aria-hidden="true" className="size-4" />
          <span>
            Prefer to talk? Call{" "}
            <a href={settings.phoneHref} className="font-semibold text-brand-navy underline-offset-4 hover:underline">
              {settings.phone}
            </a>
          </span>
        </p>
      </div>
    </form>
  );
}
