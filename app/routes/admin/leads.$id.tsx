import { useState } from "react";
import { data, isRouteErrorResponse, useNavigation, useRouteError } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/leads.$id";
import { AdminPage } from "~/components/admin/admin-page";
import { BackLink } from "~/components/admin/back-link";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { FormMessage } from "~/components/admin/form-message";
import { formatDateTime } from "~/components/leads/format";
import { LeadBanner } from "~/components/leads/lead-banner";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { LEADS_TEXT, pipelineLabel } from "~/domain/leads/options";
import { AppointmentSection } from "./lead-sections/appointment";
import { AttachmentsSection } from "./lead-sections/attachments";
import { EstimateSection } from "./lead-sections/estimate";
import { loadLeadPage, runLeadIntent } from "./lead-sections/index.server";
import { InsuranceSection } from "./lead-sections/insurance";
import { MeasurementsSection } from "./lead-sections/measurements";
import { MessagesSection } from "./lead-sections/messages";
import { PipelineSection } from "./lead-sections/pipeline";
import { PortalSection } from "./lead-sections/portal";
import { ProposalsSection } from "./lead-sections/proposals";
import { RequestSection } from "./lead-sections/request";
import { ReviewRequestSection } from "./lead-sections/review-request";
import { leadName, type LeadSectionProps } from "./lead-sections/section-ui";
import { SourceSection } from "./lead-sections/source";
import { TimelineSection } from "./lead-sections/timeline";

/**
 * /admin/leads/:id: a lead, section by section (./lead-sections/: each section's data, intents and
 * component; index.server.ts puts them together and says how to add one). This module keeps the guard,
 * the lead's id, the 404, the page's header and which section goes in which column.
 */

export { headers } from "./admin-headers";

const leadIdParam = z.uuid();

const leadNotFound = () => data({ message: "Lead not found" }, { status: 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = leadIdParam.safeParse(params.id);
  if (!id.success) throw leadNotFound();
  const page = await loadLeadPage(id.data);
  if (!page) throw leadNotFound();
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const id = leadIdParam.safeParse(params.id);
  return runLeadIntent({ request, actor, leadId: id.success ? id.data : null });
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaderData ? leadName(loaderData.lead) : "Lead";
  return [{ title: `${name} | Lead Management` }, { name: "robots", content: "noindex" }];
}

export default function LeadDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  const navigation = useNavigation();
  const [contactedFailed, setContactedFailed] = useState(false);
  const section: LeadSectionProps = { lead, answer: actionData, busy: navigation.state === "submitting" };

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <BackToDashboard />
          <BackLink to="/admin/leads">All leads</BackLink>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">{leadName(lead)}</h1>
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
          <RequestSection {...section} />
          {loaderData.estimate && <EstimateSection data={loaderData.estimate} />}
          <AttachmentsSection {...section} data={loaderData.attachments} />
          <MeasurementsSection {...section} data={loaderData.measurements} />
          <ProposalsSection {...section} data={loaderData.proposals} measured={loaderData.measurements.measured} />
          <MessagesSection {...section} data={loaderData.messages} />
          <TimelineSection {...section} data={loaderData.timeline} />
        </div>

        <div className="grid content-start gap-6">
          <PipelineSection {...section} onContacted={(result) => setContactedFailed(!result.ok)} />
          <AppointmentSection {...section} />
          <PortalSection {...section} data={loaderData.portal} />
          <ReviewRequestSection {...section} data={loaderData.reviewRequest} />
          <InsuranceSection {...section} />
          <SourceSection {...section} />
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
