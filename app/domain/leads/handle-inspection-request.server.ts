import { isConnectionError, noteDatabaseError, RETRY_AFTER_SECONDS } from "~/db/availability.server";
import { isOutsideServiceArea, SERVICE_AREA_TEXT } from "./service-area";
import { serviceAreaZips } from "./service-area.server";
import { clientIp, userAgent } from "~/domain/accounts/client-ip.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { ATTACHMENT_TYPES, type UploadContentType } from "~/domain/storage/file-types";
import { readFormWithFiles, UploadError, type FormReadLimits } from "~/domain/storage/read-form-with-files.server";
import { discardUploads } from "~/domain/storage/read-form-with-files.server";
import { uploadStorage } from "~/domain/storage/upload-storage.server";
import { logger } from "~/lib/logger.server";
import { isSitePath } from "~/lib/url-safety";
import { FORM_LIMITS, INSPECTION_TEXT, UPLOAD_LIMITS } from "./options";
import { consumeLeadRateLimit } from "./rate-limit.server";
import {
  HONEYPOT_FIELD,
  INSPECTION_FIELD_NAMES,
  INSPECTION_FILE_FIELD,
  KEPT_FIELDS,
  parseInspectionFields,
  validationNotice,
  type KeptValues,
} from "./schemas";
import { submitInspectionRequest } from "./submit-inspection-request.server";
import { appointmentWords, type AppointmentWindow } from "./appointments/appointment-window";
import { BOOKING_TEXT } from "~/domain/scheduling/booking-text";
import { findOpenSlots } from "~/domain/scheduling/find-open-slots.server";
import { estimateForLead } from "~/domain/estimate/estimate-for-lead.server";
import { SlotUnavailableError } from "~/domain/scheduling/reserve-slot.server";
import { SLOT_CHOICES_LIMIT, slotChoice, type SlotChoice } from "~/domain/scheduling/slot-choices";

/**
 * One inspection-request POST, from the raw Request to an outcome, shared by
 * the JSON endpoint the enhancement script posts to
 * (routes/resources/inspection-request.ts) and the actions of the pages that
 * show the form (no-JavaScript posts; inspection-page-action.server.ts).
 *
 * Order: rate limit (before reading anything) -> stream the body with its
 * limits (413/415/400) -> honeypot (pretend success) -> validation (400) ->
 * one transaction (idempotent by submission key).
 */

export interface InspectionOutcome {
  ok: boolean;
  status: 200 | 400 | 409 | 413 | 415 | 429 | 500 | 503;
  title: string;
  message: string;
  /** Field name -> message (validation failures). */
  fieldErrors: Record<string, string>;
  /** Which form on the page was sent (its section id), when it said so. */
  formId: string | null;
  /** What the visitor typed, to fill the form again after a failure without JavaScript. */
  values: KeptValues;
  retryAfterSeconds?: number;
  /** The ZIP of a stored request from outside the service area (the success message says so). */
  outsideZip?: string;
  /** The inspection booked with the request ("2026-12-01T09:00"), when it was (issue 31 item 3). */
  bookedSlot?: string;
  /** A time was picked but not booked (the address is outside the service area). */
  slotNotBooked?: boolean;
  /** The next free slots, when the chosen one could not be booked (409). */
  slots?: SlotChoice[];
}

const INSPECTION_READ_LIMITS: FormReadLimits<UploadContentType> = {
  fileFields: [INSPECTION_FILE_FIELD],
  maxFiles: UPLOAD_LIMITS.maxFiles,
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  maxFields: INSPECTION_FIELD_NAMES.length + 5,
  // A 5,000-character message of 4-byte characters, with room to say "too long" rather than "too large".
  maxFieldBytes: 64 * 1024,
  types: ATTACHMENT_TYPES,
};

const FORM_ID = /^[a-z][a-z0-9-]{0,63}$/;

function keptValues(fields: ReadonlyMap<string, readonly string[]>): KeptValues {
  const values: KeptValues = {};
  for (const name of KEPT_FIELDS) {
    const value = fields.get(name)?.[0];
    if (value !== undefined) values[name] = value.slice(0, 6_000);
  }
  return values;
}

function formIdOf(fields: ReadonlyMap<string, readonly string[]>): string | null {
  const value = fields.get("formId")?.[0];
  return value && FORM_ID.test(value) ? value : null;
}

function failure(
  status: InspectionOutcome["status"],
  title: string,
  message: string,
  extra: Partial<InspectionOutcome> = {},
): InspectionOutcome {
  return { ok: false, status, title, message, fieldErrors: {}, formId: null, values: {}, ...extra };
}

function success(formId: string | null, outsideZip: string | null, booking?: AppointmentWindow, notBooked = false): InspectionOutcome {
  const base = booking ? bookedText(booking) : INSPECTION_TEXT.successText;
  const area = outsideZip ? ` ${SERVICE_AREA_TEXT.outside(outsideZip)}${notBooked ? ` ${BOOKING_TEXT.outsideNotBooked}` : ""}` : "";
  return {
    ok: true,
    status: 200,
    title: booking ? BOOKING_TEXT.bookedTitle : INSPECTION_TEXT.successTitle,
    message: `${base}${area}`,
    ...(outsideZip ? { outsideZip } : {}),
    ...(booking ? { bookedSlot: `${booking.date}T${booking.start}` } : {}),
    ...(notBooked ? { slotNotBooked: true } : {}),
    fieldErrors: {},
    formId,
    values: {},
  };
}

/** What the file field says about a refusal of the files (null: the refusal is not about them). */
function filesMessage(error: UploadError): string | null {
  switch (error.code) {
    case "file_too_large": // "Each file must be 10 MB or smaller." (from UPLOAD_LIMITS)
    case "too_many_files": // "At most 10 files can be attached."
    case "empty_file":
      return error.message;
    case "too_large":
      return INSPECTION_TEXT.tooLargeText;
    case "unsupported_file_type":
      return INSPECTION_TEXT.unsupportedText;
    default:
      return null;
  }
}

/** A refusal while reading: the notice, and the file field's own message when it is about the files. */
function uploadFailure(error: UploadError, fields: ReadonlyMap<string, readonly string[]>): InspectionOutcome {
  const files = filesMessage(error);
  const fieldErrors: Record<string, string> = files ? { [INSPECTION_FILE_FIELD]: files } : {};
  const extra = { formId: formIdOf(fields), values: keptValues(fields), fieldErrors };
  if (error.status === 413) return failure(413, INSPECTION_TEXT.tooLargeTitle, INSPECTION_TEXT.tooLargeText, extra);
  if (error.status === 415 && error.code === "unsupported_file_type") {
    return failure(415, INSPECTION_TEXT.unsupportedTitle, INSPECTION_TEXT.unsupportedText, extra);
  }
  return failure(error.status, INSPECTION_TEXT.failureTitle, error.message, extra);
}

/** "Your inspection is booked for Tuesday, December 1, 2026, 9:00 AM – 11:00 AM Eastern Time. ..." */
function bookedText(window: AppointmentWindow): string {
  return `Your inspection is booked for ${appointmentWords(window)}. We emailed you the details with a calendar invitation.`;
}

/** The chosen slot was taken a moment before (or is no longer offered): nothing was stored; the next free ones. */
async function slotRefusal(error: SlotUnavailableError, fields: ReadonlyMap<string, readonly string[]>): Promise<InspectionOutcome> {
  const taken = error.reason === "taken";
  logger.info({ reason: error.reason }, "inspection request refused: the chosen slot is not free");
  const slots = await findOpenSlots({ limit: SLOT_CHOICES_LIMIT }).catch(() => []);
  const message = taken ? BOOKING_TEXT.takenText : BOOKING_TEXT.unavailableText;
  return failure(409, taken ? BOOKING_TEXT.takenTitle : BOOKING_TEXT.unavailableTitle, slots.length > 0 ? message : `${message} ${BOOKING_TEXT.noSlots}`, {
    fieldErrors: { slot: taken ? BOOKING_TEXT.takenTitle : BOOKING_TEXT.unavailableTitle },
    formId: formIdOf(fields),
    values: { ...keptValues(fields), slot: "" },
    slots: slots.map(slotChoice),
  });
}

async function serverFailure(error: unknown, fields: ReadonlyMap<string, readonly string[]>): Promise<InspectionOutcome> {
  noteDatabaseError(error);
  const unavailable = isConnectionError(error);
  logger.error({ err: error }, unavailable ? "inspection request failed: database unavailable" : "inspection request failed");
  return failure(unavailable ? 503 : 500, INSPECTION_TEXT.failureTitle, INSPECTION_TEXT.failureText, {
    formId: formIdOf(fields),
    values: keptValues(fields),
    ...(unavailable ? { retryAfterSeconds: RETRY_AFTER_SECONDS } : {}),
  });
}

export async function handleInspectionRequest(request: Request): Promise<InspectionOutcome> {
  const ip = clientIp(request);
  try {
    const decision = await consumeLeadRateLimit(ip);
    if (!decision.allowed) {
      const settings = await getPublicSiteSettings().catch(() => null);
      const call = settings ? ` Or call us at ${settings.phone}.` : "";
      return failure(429, INSPECTION_TEXT.rateLimitedTitle, `${INSPECTION_TEXT.rateLimitedText}${call}`, {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
  } catch (error) {
    return serverFailure(error, new Map());
  }

  let form;
  try {
    form = await readFormWithFiles(request, uploadStorage(), INSPECTION_READ_LIMITS);
  } catch (error) {
    if (error instanceof UploadError) {
      logger.info({ status: error.status, code: error.code }, "inspection request refused while reading");
      return uploadFailure(error, error.fields ?? new Map());
    }
    return serverFailure(error, new Map());
  }

  const { fields, files } = form;
  try {
    const honeypot = fields.get(HONEYPOT_FIELD)?.[0];
    if (honeypot && honeypot.trim() !== "") {
      logger.warn({ ip }, "inspection request with the honeypot filled in: answered as success, not stored");
      await discardUploads(files);
      return success(formIdOf(fields), null);
    }
    const parsed = parseInspectionFields(fields);
    if (!parsed.ok) {
      await discardUploads(files);
      const notice = validationNotice(parsed.error);
      return failure(400, notice.title, notice.message, {
        fieldErrors: parsed.error.fieldErrors,
        formId: formIdOf(fields),
        values: keptValues(fields),
      });
    }
    const outside = isOutsideServiceArea(parsed.data.addressZip, await serviceAreaZips());
    const estimate = parsed.data.estimate ? await estimateForLead(parsed.data.estimate) : null;
    // Outside the service area the request is taken and flagged, but a chosen time is not booked: the office
    // decides whether it can go there, and the answer says so.
    const notBooked = outside && parsed.data.slot !== null;
    const stored = await submitInspectionRequest({
      request: { ...parsed.data, ...(notBooked ? { slot: null } : {}), landingPath: landingPathWithQuery(parsed.data.landingPath, request) },
      outsideServiceArea: outside,
      estimate,
      files,
      clientIp: ip,
      userAgent: userAgent(request),
      origin: siteOrigin(),
    });
    return success(parsed.data.formId ?? null, outside ? parsed.data.addressZip!.slice(0, 5) : null, stored.booking, notBooked);
  } catch (error) {
    await discardUploads(files);
    if (error instanceof SlotUnavailableError) return slotRefusal(error, fields);
    return serverFailure(error, fields);
  }
}

/**
 * The landing page with its query (UTM attribution). The form is rendered with the page's path only (the
 * page is the same bytes for every query, ADR 039); the enhancement script puts the visit's landing page,
 * query included, in its place. Without JavaScript the query is recovered from the post's Referer, the
 * page the form was on, when that is this site's and the same page (the site's Referrer-Policy sends the
 * whole URL to its own origin).
 */
export function landingPathWithQuery(landingPath: string | null, request: Request): string | null {
  if (!landingPath || landingPath.includes("?")) return landingPath;
  const referer = request.headers.get("referer");
  if (!referer) return landingPath;
  let page: URL;
  try {
    page = new URL(referer);
  } catch {
    return landingPath;
  }
  const samePage = page.pathname.replace(/\/+$/, "").toLowerCase() === landingPath.replace(/\/+$/, "").toLowerCase();
  if (page.origin !== siteOrigin() || !samePage || page.search === "") return landingPath;
  const withQuery = `${landingPath}${page.search}`;
  return withQuery.length <= FORM_LIMITS.landingPath && isSitePath(withQuery) ? withQuery : landingPath;
}

/** The JSON body of an outcome (the enhancement script reads `ok`, `title`, `message`, `fieldErrors`). */
export function outcomeJson(outcome: InspectionOutcome) {
  return {
    ok: outcome.ok,
    title: outcome.title,
    message: outcome.message,
    fieldErrors: outcome.fieldErrors,
    ...(outcome.slots ? { slots: outcome.slots } : {}),
    ...(outcome.bookedSlot ? { bookedSlot: outcome.bookedSlot } : {}),
  };
}

export function outcomeHeaders(outcome: InspectionOutcome): HeadersInit {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  return headers;
}
