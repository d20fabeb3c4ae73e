import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/booking.$leadId";
import { BookingChange } from "~/components/leads/booking-change";
import { bookingChangeSchema, bookingOutcomeMessage } from "~/domain/scheduling/booking-action.server";
import { bookingToken } from "~/domain/scheduling/booking-link.server";
import { BOOKING_TEXT } from "~/domain/scheduling/booking-text";
import { bookingView } from "~/domain/scheduling/booking-view.server";
import { changeBooking } from "~/domain/scheduling/change-booking.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/**
 * /booking/:leadId?t=<token> (issue 31 item 3, ADR 053): the page of the signed link in a booking's email.
 * The homeowner moves or cancels the inspection without an account, up to the cut-off. The token is checked
 * against the appointment as it is now (a changed appointment makes an older link unknown); after a change
 * the page moves to the new link, which the new email also carries. Never cached, no referrer sent.
 */

const TOKEN = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const LEAD_ID = z.uuid();
const DONE = { moved: BOOKING_TEXT.moved, cancelled: BOOKING_TEXT.cancelled } as const;

function accessOf(leadId: string | undefined, token: string | null | undefined) {
  const id = LEAD_ID.safeParse(leadId);
  const t = TOKEN.safeParse(token);
  return id.success && t.success ? { leadId: id.data, token: t.data } : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const access = accessOf(params.leadId, url.searchParams.get("t"));
  const view = access ? await bookingView(access.leadId, access.token) : null;
  const done = url.searchParams.get("done");
  return data(
    { view, token: access?.token ?? null, done: done === "moved" || done === "cancelled" ? DONE[done] : null },
    { status: view ? 200 : 404 },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const access = accessOf(params.leadId, typeof form.get("t") === "string" ? (form.get("t") as string) : null);
  if (!access) return data({ error: BOOKING_TEXT.linkInvalid }, { status: 404 });
  const parsed = bookingChangeSchema.safeParse({ intent: form.get("intent"), slot: form.get("slot") ?? undefined });
  if (!parsed.success) return data({ error: BOOKING_TEXT.slotInvalid }, { status: 400 });
  const change = parsed.data.intent === "move-booking" ? ({ kind: "move", slotKey: parsed.data.slot } as const) : ({ kind: "cancel" } as const);
  const result = await changeBooking({ leadId: access.leadId, access: { kind: "link", token: access.token }, change, request });
  if (result.ok) {
    const done = result.kind === "moved" ? "moved" : "cancelled";
    return redirect(`/booking/${access.leadId}?t=${bookingToken(access.leadId, result.sequence)}&done=${done}`, { status: 303 });
  }
  const outcome = bookingOutcomeMessage(result);
  return data({ error: outcome.message }, { status: outcome.status });
}

export function headers() {
  // same-origin: no referrer to other sites (the token is in the URL), and the form's own post keeps its Origin (no-referrer would send "null", which the cross-site check refuses).
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const businessName = matches[1]?.loaderData?.settings.businessName;
  return [{ title: businessName ? `Your roof inspection | ${businessName}` : "Your roof inspection" }, { name: "robots", content: "noindex" }];
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The booking page must render inside the public layout");
  const { view, token, done } = loaderData;
  return (
    <section aria-labelledby="booking-heading" className="bg-brand-cream py-12 sm:py-16">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h1 id="booking-heading" className="text-3xl font-extrabold tracking-tight text-brand-navy">
          Your roof inspection
        </h1>
        {done ? (
          <p role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 font-semibold text-green-900">
            {done}
          </p>
        ) : null}
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 font-semibold text-red-900">
            {actionData.error}
          </p>
        ) : null}
        {!view || !token ? (
          <p className="mt-4 text-lg text-slate-700">
            {BOOKING_TEXT.linkInvalid}{" "}
            <a href={settings.phoneHref} className="font-semibold text-brand-navy underline underline-offset-4">
              {settings.phone}
            </a>
          </p>
        ) : (
          <div className="mt-6 grid gap-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
            {view.appointment ? (
              <p className="text-lg text-slate-800">
                Hi {view.firstName}, your inspection{view.address ? ` at ${view.address}` : ""} is booked for{" "}
                <strong>{view.appointment.words}</strong>.
              </p>
            ) : (
              <p className="text-lg text-slate-800">
                Hi {view.firstName}, there is no inspection booked on your request now. Book another time whenever it suits you:{" "}
                <a href="/book" className="font-semibold text-brand-navy underline underline-offset-4">
                  book an inspection
                </a>
                .
              </p>
            )}
            {view.appointment ? (
              <BookingChange
                slots={view.slots}
                changeable={view.changeable}
                cutoffHours={view.cutoffHours}
                phone={{ text: settings.phone, href: settings.phoneHref }}
                hidden={{ t: token }}
                error={actionData?.error}
              />
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
