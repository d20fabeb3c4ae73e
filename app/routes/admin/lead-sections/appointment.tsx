import { LeadAppointment } from "~/components/leads/lead-appointment";
import { refusalOf } from "./action-result";
import { cardClass, type LeadSectionProps } from "./section-ui";

/** The appointment's card: its state, the form to set it, Clear; a refused date comes back with what was chosen. */
export function AppointmentSection({ lead, answer, busy }: LeadSectionProps) {
  const refusal = refusalOf(answer, "set-appointment");
  const appointment =
    lead.appointmentDate && lead.appointmentStart && lead.appointmentEnd && lead.appointmentStatus
      ? { date: lead.appointmentDate, start: lead.appointmentStart, end: lead.appointmentEnd, status: lead.appointmentStatus, bookedOnline: lead.appointmentBookedOnline }
      : null;
  return (
    <section aria-labelledby="lead-appointment" className={cardClass}>
      <h2 id="lead-appointment" className="mb-4 text-lg font-bold text-brand-navy">
        Appointment
      </h2>
      <LeadAppointment appointment={appointment} sequence={lead.appointmentSequence} errors={refusal?.fieldErrors} typed={refusal?.values} busy={busy} />
    </section>
  );
}
