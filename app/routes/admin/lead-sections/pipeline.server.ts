import { LEADS_TEXT, pipelineLabel } from "~/domain/leads/options";
import { setContactedSchema, setStatusSchema } from "~/domain/leads/schemas";
import { setLeadContacted } from "~/domain/leads/set-lead-contacted.server";
import { setLeadStatus } from "~/domain/leads/set-lead-status.server";
import { answer, leadIntent } from "./section.server";

/** The pipeline: the Contacted flag (its toggle posts the lead's id too) and the status. */
export const intents = {
  "set-contacted": leadIntent({
    schema: setContactedSchema,
    failure: LEADS_TEXT.updateFailed,
    run: async (change, { leadId, actor, request, intent, failure }) => {
      if (change.leadId !== leadId) return answer({ ok: false, intent, message: failure }, 400);
      const outcome = await setLeadContacted({ leadId, contacted: change.contacted, actor, request });
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: outcome.contacted ? "Marked as contacted." : "Marked as not contacted." });
    },
  }),
  "set-status": leadIntent({
    schema: setStatusSchema,
    failure: LEADS_TEXT.updateFailed,
    run: async (change, { leadId, actor, request, intent, failure }) => {
      const outcome = await setLeadStatus({ leadId, status: change.status, actor, request });
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: `Status set to ${pipelineLabel(outcome.pipelineStatus)}.` });
    },
  }),
};
