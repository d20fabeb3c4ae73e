import type { Route } from "./+types/book";
import { EstimateSummary } from "~/components/estimate/estimate-summary";
import { InspectionForm } from "~/components/leads/inspection-form";
import { estimateForLead } from "~/domain/estimate/estimate-for-lead.server";
import { inspectionPageAction } from "~/domain/leads/inspection-page-action.server";
import { BOOKING_TEXT } from "~/domain/scheduling/booking-text";
import { findOpenSlots } from "~/domain/scheduling/find-open-slots.server";
import { NO_SCRIPT_SLOT_LIMIT, slotChoice } from "~/domain/scheduling/slot-choices";
import { usePublicSiteSettings } from "~/lib/public-site";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import inspectionFormScript from "~/enhance/inspection-form.js?url";

/**
 * /book (issue 31 item 3, ADR 053): the inspection form with the next free slots as choices, rendered for
 * this visit (never cached: the places change with every booking). The cached pages' forms link here when
 * the browser runs no script; with one, every form gets the live picker. `?estimate=` carries the inputs of
 * an /estimate result into the request (the server prices them again).
 */

export const handle: PageScriptsHandle = { scripts: [inspectionFormScript] };

export const action = inspectionPageAction;

const ESTIMATE_QUERY = /^[A-Za-z0-9=&._%+-]{1,500}$/;

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("estimate");
  const estimateQuery = query && ESTIMATE_QUERY.test(query) ? query : null;
  // Priced again here (never a figure from the URL); an invalid one is simply not carried.
  const [slots, estimate] = await Promise.all([findOpenSlots({ limit: NO_SCRIPT_SLOT_LIMIT }), estimateQuery ? estimateForLead(estimateQuery) : null]);
  return { slots: slots.map(slotChoice), estimateQuery: estimate ? estimateQuery : null, estimate };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const businessName = matches[1]?.loaderData?.settings.businessName;
  return [
    { title: businessName ? `Book your free roof inspection | ${businessName}` : "Book your free roof inspection" },
    { name: "description", content: "Pick a time for your free roof inspection and we'll book it for you." },
    { name: "robots", content: "noindex" },
  ];
}

export default function Book({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The booking page must render inside the public layout");
  return (
    <section id="inspection-form" aria-labelledby="book-heading" className="bg-brand-cream py-12 sm:py-16">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h1 id="book-heading" className="text-3xl font-extrabold tracking-tight text-brand-navy sm:text-4xl">
          Book your free roof inspection
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          {loaderData.estimateQuery
            ? "Your estimate comes with the request. Pick a time and tell us where the property is: the inspection sets the price."
            : "Pick a time that suits you and tell us where the property is. We'll confirm by email with a calendar invitation."}
        </p>
        {loaderData.estimate ? <EstimateSummary estimate={loaderData.estimate} className="mt-6" /> : null}
        {loaderData.slots.length === 0 ? <p className="mt-3 text-slate-700">{BOOKING_TEXT.noSlots}</p> : null}
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
          <InspectionForm formId="inspection-form" settings={settings} slots={loaderData.slots} estimate={loaderData.estimateQuery} />
        </div>
      </div>
    </section>
  );
}
