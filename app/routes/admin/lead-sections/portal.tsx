import { PortalAccessSection } from "~/components/leads/portal-access";
import type { PortalData } from "./portal.server";
import { cardClass, type LeadSectionProps } from "./section-ui";

/** The "Customer portal" card (~/components/leads/portal-access): the account, the invitation, Invite. */
export function PortalSection({ lead, data, busy }: LeadSectionProps & { data: PortalData }) {
  return <PortalAccessSection access={data} email={lead.email} busy={busy} className={cardClass} />;
}
