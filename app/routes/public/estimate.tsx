import type { Route } from "./+types/estimate";
import { staticPageMeta } from "./page-meta";
import { EstimatePage, type EstimatePageState } from "~/components/estimate/estimate-page";
import { computeEstimate } from "~/domain/estimate/compute-estimate.server";
import { bookingHref, estimateFormValues, isEstimateQuery, readEstimateForm } from "~/domain/estimate/inputs";
import { isOutsideServiceArea } from "~/domain/leads/service-area";
import { serviceAreaZips } from "~/domain/leads/service-area.server";
import { usePublicSiteSettings } from "~/lib/public-site";
import { siteOrigin } from "~/lib/site-origin.server";

/**
 * /estimate (issue 31 item 4, ADR 054): the instant price range. A static public page (ADR 007): the GET
 * form's answers come back in the query and the loader computes the ranges from the price book on the
 * server. The page without a query is the same bytes for everyone (page cache); a query with an
 * estimate's field is rendered every time (server/app.ts lists them as the cache's bypass parameters).
 */

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const origin = siteOrigin();
  if (!isEstimateQuery(params)) return { origin, state: null satisfies EstimatePageState };
  const values = estimateFormValues(params);
  const form = readEstimateForm(params);
  if (!form.ok) return { origin, state: { values, fieldErrors: form.fieldErrors, result: null } satisfies EstimatePageState };
  const [estimate, area] = await Promise.all([computeEstimate(form.inputs), serviceAreaZips()]);
  const outsideZip = isOutsideServiceArea(form.inputs.zip, area) ? form.inputs.zip : null;
  return { origin, state: { values, fieldErrors: {}, result: { estimate, bookingHref: bookingHref(form.inputs), outsideZip } } satisfies EstimatePageState };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticPageMeta(args, {
    title: "Instant Roof Price Estimate",
    description:
      "A good, better and best price range for a new roof in seconds, from our price book: your ZIP, the home's size, stories, roof steepness and material. The free inspection sets the price.",
    path: "/estimate",
  });
}

export default function Estimate({ loaderData }: Route.ComponentProps) {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The estimate page must render inside the public layout");
  return <EstimatePage state={loaderData.state as EstimatePageState} phone={settings.phone} phoneHref={settings.phoneHref} />;
}
