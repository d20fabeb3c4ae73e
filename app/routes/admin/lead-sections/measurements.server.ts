import { MEASUREMENT_TEXT, measurementFormValues, saveMeasurementsSchema } from "~/domain/proposals/measurement-schema";
import { getLeadMeasurements, saveLeadMeasurements } from "~/domain/proposals/measurements.server";
import { answer, leadIntent, type LeadLoadContext } from "./section.server";

/** The roof's measurements (issue 30 item 2): what the proposal builder measures every line from. */
export async function load({ leadId }: LeadLoadContext) {
  const m = await getLeadMeasurements(leadId);
  return { values: measurementFormValues(m), measured: m !== null, updatedAt: m?.updatedAt.toISOString() ?? null };
}
export type MeasurementsData = Awaited<ReturnType<typeof load>>;

export const intents = {
  "save-measurements": leadIntent({
    schema: saveMeasurementsSchema,
    failure: MEASUREMENT_TEXT.failed,
    run: async (input, { leadId, actor, request, intent, failure }) => {
      const outcome = await saveLeadMeasurements(leadId, input, actor, request);
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: MEASUREMENT_TEXT.saved });
    },
  }),
};
