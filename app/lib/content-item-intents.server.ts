import { restoreVersionSchema } from "~/domain/content-history/kinds";
import { restoreVersionIntent } from "~/domain/content-history/restore-version.server";
import { cancelScheduleSchema, setScheduleSchema, type ScheduleKind } from "~/domain/content-schedule/schedule";
import { cancelScheduleIntent, setScheduleIntent } from "~/domain/content-schedule/set-schedule.server";

/**
 * The intents every screen of content items with a version history and scheduled publishing takes
 * (ADR 029): Restore of its History dialog (`restore-version`), and Schedule / Cancel schedule
 * (`set-schedule`, `cancel-schedule`), for the kinds of item the screen manages. The schemas join the
 * screen's own in its action schema, the intents join its own in `adminAction`:
 *
 *   const itemIntents = contentItemIntents(["service"]);
 *   const actionSchema = z.discriminatedUnion("intent", [...serviceActionSchema.options, ...itemIntents.schemas]);
 *   export const action = adminAction({ schema: actionSchema, intents: { ...itemIntents.intents, "create-service": ... } });
 */
export function contentItemIntents<const K extends readonly [ScheduleKind, ...ScheduleKind[]]>(kinds: K) {
  return {
    schemas: [restoreVersionSchema(kinds), setScheduleSchema(kinds), cancelScheduleSchema(kinds)] as const,
    intents: { "restore-version": restoreVersionIntent, "set-schedule": setScheduleIntent, "cancel-schedule": cancelScheduleIntent },
  };
}
