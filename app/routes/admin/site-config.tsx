import { z } from "zod";
import { History } from "lucide-react";
import { useState } from "react";
import type { Route } from "./+types/site-config";
import { HistoryDialog } from "~/components/admin/history-dialog";
import { Button } from "~/components/ui/button";
import { AdminData } from "~/components/admin/admin-data";
import { AdminForm, type FieldSpec } from "~/components/admin/admin-form";
import { AdminPage } from "~/components/admin/admin-page";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { loadSiteConfiguration } from "~/domain/site-settings/load-site-configuration.server";
import { saveSiteConfiguration } from "~/domain/site-settings/save-site-configuration.server";
import {
  HOURS_FORMAT_HINT,
  saveSiteConfigurationSchema,
  SITE_CONFIG_TEXT,
  siteConfigurationActionSchema,
  SOCIAL_NETWORKS,
  US_STATES,
} from "~/domain/site-settings/site-configuration-schema";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { HISTORY_TEXT, restoreVersionSchema, SITE_CONFIGURATION_ITEM_ID } from "~/domain/content-history/kinds";
import { restoreVersionIntent } from "~/domain/content-history/restore-version.server";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { phoneExample } from "~/domain/site-settings/phone-example";

/**
 * /admin/site-config (spec 1 §2: the dashboard's "Site Configuration" card;
 * ADR 020): the business facts the public pages and their JSON-LD show, as one
 * typed form saved in one transaction with one audit entry. The public pages
 * show the new values on the next request. The lead alert address is private.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { config: adminLoad(loadSiteConfiguration, SITE_CONFIG_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

/** The screen's intents, and Restore of its History dialog (ADR 029). */
const actionSchema = z.discriminatedUnion("intent", [...siteConfigurationActionSchema.options, restoreVersionSchema(["site_configuration"])]);

export const action = adminAction({
  schema: actionSchema,
  intents: {
    "restore-version": restoreVersionIntent,
    "save-site-configuration": { history: "site_configuration", failure: SITE_CONFIG_TEXT.saveFailed, run: (input, { tx }) => saveSiteConfiguration(tx, input) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: SITE_CONFIG_TEXT.title }, { name: "robots", content: "noindex" }];
}

const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

const FIELDS: readonly FieldSpec[] = [
  { section: "Business", name: "businessName", label: "Business Name", kind: "text", required: true, maxLength: 200, wide: true },
  { name: "phone", label: "Phone", kind: "text", required: true, maxLength: 30, hint: "A US number with its area code." },
  { name: "email", label: "Public Email", kind: "text", required: true, maxLength: 254, hint: "Shown on the website." },
  {
    name: "leadAlertEmail",
    label: "Lead Alert Email",
    kind: "text",
    maxLength: 254,
    wide: true,
    hint: "Private: new inspection requests are emailed here; never shown on the website. Left blank, they go to the public email.",
  },
  { section: "Address and Location", name: "addressStreet", label: "Street Address", kind: "text", required: true, maxLength: 200, wide: true },
  { name: "addressLocality", label: "City", kind: "text", required: true, maxLength: 100 },
  { name: "addressRegion", label: "State", kind: "select", required: true, options: STATE_OPTIONS },
  { name: "addressPostalCode", label: "ZIP Code", kind: "text", required: true, maxLength: 10 },
  { name: "addressCountry", label: "Country", kind: "text", required: true, maxLength: 2, hint: "Two-letter code, e.g. US." },
  { name: "geoLatitude", label: "Latitude", kind: "text", maxLength: 20, hint: "For maps and search engines, e.g. 40.0992. Leave both coordinates blank to publish none." },
  { name: "geoLongitude", label: "Longitude", kind: "text", maxLength: 20, hint: "e.g. -83.1141." },
  { section: "Service Area and Hours", name: "serviceArea", label: "Service Area", kind: "textarea", required: true, hint: "One city or county per line." },
  {
    name: "serviceAreaZips",
    label: "ZIPs you serve",
    kind: "textarea",
    maxLength: 20000,
    hint: "Private: 5-digit ZIP codes, or their first 3 digits for a whole region (430 covers 43001-43099), separated by commas. A request from elsewhere is still taken, flagged on the lead, and the homeowner is told. Leave blank to serve everywhere.",
  },
  { name: "openingHours", label: "Opening Hours", kind: "textarea", maxLength: 2000, hint: HOURS_FORMAT_HINT },
  { section: "Accreditation", name: "accreditationBureauName", label: "Bureau Name", kind: "text", required: true, maxLength: 200 },
  { name: "accreditationBusinessName", label: "Name Listed by the Bureau", kind: "text", required: true, maxLength: 200 },
  { name: "accreditationRating", label: "Rating", kind: "text", required: true, maxLength: 10, hint: "e.g. A+." },
  { name: "accreditationAccreditedSince", label: "Accredited Since", kind: "text", required: true, maxLength: 10, placeholder: "YYYY-MM-DD" },
  { name: "accreditationComplaints", label: "Complaints", kind: "number", required: true, maxLength: 6 },
  { name: "accreditationProfileUrl", label: "Profile URL", kind: "url", maxLength: 2000, hint: "The bureau's page about the business. Left blank, no link is shown." },
  { name: "accreditationStandardsText", label: "Standards Text", kind: "textarea", required: true, maxLength: 5000, hint: "Shown in the accreditation badge's dialog." },
  { section: "Certification", name: "certificationName", label: "Certification Name", kind: "text", required: true, maxLength: 200 },
  {
    name: "certificationImageUrl",
    label: "Badge Image",
    kind: "text",
    required: true,
    maxLength: 2000,
    hint: "A path on this site (e.g. /images/badges/certified-contractor.svg) or a full web address.",
  },
  ...SOCIAL_NETWORKS.map(
    (network, index): FieldSpec => ({
      ...(index === 0 ? { section: "Social Links" } : {}),
      name: network.field,
      label: network.label,
      kind: "url",
      maxLength: 2000,
      placeholder: "https://",
    }),
  ),
  {
    section: "Review Requests",
    name: "reviewRequestUrl",
    label: "Review link",
    kind: "url",
    maxLength: 2000,
    wide: true,
    placeholder: "https://",
    hint: "Private: the page where customers leave a review, sent in the review request email when a job is done. Left blank, the Google Business Profile link above is used.",
  },
  {
    section: "Proposals",
    name: "gafCertificationLevel",
    label: "GAF certification level",
    kind: "select",
    options: [
      { value: "none", label: "Not GAF certified" },
      { value: "certified", label: "GAF Certified" },
      { value: "certified-plus", label: "GAF Certified Plus" },
      { value: "master-elite", label: "GAF Master Elite" },
    ],
    hint: "Decides which GAF warranties proposals offer: System Plus needs Certified, Silver Pledge Certified Plus, Golden Pledge Master Elite.",
  },
  {
    name: "contractorLicense",
    label: "Licence and registration",
    kind: "text",
    maxLength: 200,
    hint: "Printed on proposals under the business name, e.g. your city contractor registration number.",
  },
  {
    name: "proposalTerms",
    label: "Proposal terms and conditions",
    kind: "textarea",
    maxLength: 20000,
    wide: true,
    hint: "Every new proposal carries this text; a proposal already sent keeps the terms it was sent with.",
  },
];

/**
 * The fields with examples made from the live values: the phone's is a fictional number in the business's
 * own area code (never the number it had before a change, nor the one it has now).
 */
function withLiveExamples(values: Record<string, string>): FieldSpec[] {
  return FIELDS.map((field) => (field.name === "phone" ? { ...field, hint: `A US number with its area code, e.g. ${phoneExample(values.phone ?? "")}.` } : field));
}

export default function SiteConfiguration({ loaderData }: Route.ComponentProps) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <AdminPage
      title={SITE_CONFIG_TEXT.title}
      description="The business facts the website shows in its footer, contact page and search results. Changes appear on the website at once."
      action={
        <>
          <Button type="button" variant="outline" onClick={() => setHistoryOpen(true)}>
            <History aria-hidden="true" />
            {HISTORY_TEXT.menu}
          </Button>
          <HistoryDialog
            target={{ kind: "site_configuration", id: SITE_CONFIGURATION_ITEM_ID, name: SITE_CONFIG_TEXT.title }}
            open={historyOpen}
            onOpenChange={setHistoryOpen}
            fields={FIELDS}
          />
        </>
      }
    >
      <AdminData resolve={loaderData.config} loadingText={SITE_CONFIG_TEXT.loading}>
        {(config) => (
          <div className="rounded-xl border border-border bg-white p-5 shadow-sm">
            <AdminForm
              // A restored version (History) shows at once: new starting values make a new form.
              key={JSON.stringify(config.values)}
              schema={saveSiteConfigurationSchema}
              intent="save-site-configuration"
              fields={withLiveExamples(config.values)}
              values={config.values}
              submitLabel="Save Configuration"
              label={SITE_CONFIG_TEXT.title}
            />
          </div>
        )}
      </AdminData>
    </AdminPage>
  );
}
