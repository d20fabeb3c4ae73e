import { updateInsuranceSchema } from "~/domain/leads/schemas";
import { updateLeadInsurance } from "~/domain/leads/update-lead-insurance.server";
import { answer, leadIntent } from "./section.server";

/** The insurance claim's details, as staff correct them. */
export const intents = {
  "update-insurance": leadIntent({
    schema: updateInsuranceSchema,
    failure: "Failed to save the insurance details. Please try again.",
    run: async (change, { leadId, actor, request, intent, failure }) => {
      const insurance = {
        hasInsuranceDocs: change.hasInsuranceDocs,
        insuranceCompany: change.insuranceCompany,
        claimNumber: change.claimNumber,
        dateOfLoss: change.dateOfLoss,
      };
      const outcome = await updateLeadInsurance({ leadId, insurance, actor, request });
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: outcome.changed ? "Insurance details saved." : "Nothing changed." });
    },
  }),
};
