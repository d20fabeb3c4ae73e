import { clearAppointment } from "~/domain/leads/appointments/clear-appointment.server";
import { APPOINTMENT_TEXT, clearAppointmentSchema, setAppointmentSchema } from "~/domain/leads/appointments/schemas";
import { setAppointment } from "~/domain/leads/appointments/set-appointment.server";
import { answer, leadIntent } from "./section.server";

/** The inspection appointment: staff propose (or change) it, or clear it. */
export const intents = {
  "set-appointment": leadIntent({
    schema: setAppointmentSchema,
    failure: APPOINTMENT_TEXT.failed,
    run: async (change, { leadId, actor, request, intent, failure }) => {
      const outcome = await setAppointment({ leadId, date: change.date, start: change.start, end: change.end, actor, request });
      if (!outcome.ok && outcome.reason === "invalid") {
        const typed = { date: change.date, start: change.start, end: change.end };
        return answer({ ok: false, intent, message: "", fieldErrors: { [outcome.field]: outcome.message }, values: typed }, 400);
      }
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: APPOINTMENT_TEXT.saved });
    },
  }),
  "clear-appointment": leadIntent({
    schema: clearAppointmentSchema,
    failure: "Failed to clear the appointment. Please try again.",
    run: async (_change, { leadId, actor, request, intent, failure }) => {
      const outcome = await clearAppointment({ leadId, actor, request });
      if (!outcome.ok && outcome.reason === "no_appointment") return answer({ ok: false, intent, message: APPOINTMENT_TEXT.nothingToClear }, 409);
      if (!outcome.ok) return answer({ ok: false, intent, message: failure }, 404);
      return answer({ ok: true, intent, message: APPOINTMENT_TEXT.cleared });
    },
  }),
};
