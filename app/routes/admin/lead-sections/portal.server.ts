import { inviteToPortalSchema } from "~/domain/leads/schemas";
import { getPortalAccess } from "~/domain/portal/get-portal-access.server";
import { inviteToPortal } from "~/domain/portal/invite-to-portal.server";
import { answer, leadIntent, type LeadLoadContext } from "./section.server";

/** Who can see this request in the customer portal, and the latest invitation. */
export async function load({ leadId }: LeadLoadContext) {
  const portal = await getPortalAccess(leadId);
  return {
    account: portal.account,
    invitation: portal.invitation && {
      sentAt: portal.invitation.sentAt.toISOString(),
      expiresAt: portal.invitation.expiresAt.toISOString(),
      usedAt: portal.invitation.usedAt?.toISOString() ?? null,
      expired: portal.invitation.expired,
    },
  };
}
export type PortalData = Awaited<ReturnType<typeof load>>;

export const intents = {
  "invite-to-portal": leadIntent({
    schema: inviteToPortalSchema,
    failure: "Failed to invite the homeowner to the portal. Please try again.",
    run: async (_change, { leadId, actor, request, intent, failure }) => {
      const outcome = await inviteToPortal({ leadId, actor, request });
      if (!outcome.ok && outcome.reason === "rejected_account") {
        return answer(
          { ok: false, intent, message: "This email address belongs to an account that was not approved. A super admin can change that in User Management." },
          409,
        );
      }
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({
        ok: true,
        intent,
        message:
          outcome.kind === "invitation" ? `Invitation sent to ${outcome.email}.` : `${outcome.email} can already sign in: we told them this request is in their portal.`,
      });
    },
  }),
};
