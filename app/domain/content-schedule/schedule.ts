import { z } from "zod";
import { recordId, TEXT_ERRORS } from "~/lib/text-fields";
import { COMPANY_TIME_ZONE_LABEL, fromZonedLocal } from "~/lib/zoned-time";

/**
 * Scheduled publishing (issue 12 item 5, ADR 029): what the browser and the server share. A service,
 * team member, page, content block or gallery project can be given a time to be published and a time to
 * be unpublished, typed in company time (America/New_York) and stored as UTC instants.
 */

export const SCHEDULE_KINDS = ["service", "team_member", "page", "block", "gallery_project"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export const SCHEDULE_TEXT = {
  menu: "Schedule",
  cancel: "Cancel schedule",
  dialogTitle: "Schedule publishing",
  dialogDescription: `Publish or unpublish at a set time, in company time (${COMPANY_TIME_ZONE_LABEL}). Leave a time blank for none.`,
  submit: "Save Schedule",
  publishAtLabel: `Publish at (${COMPANY_TIME_ZONE_LABEL})`,
  unpublishAtLabel: `Unpublish at (${COMPANY_TIME_ZONE_LABEL})`,
  saved: "Schedule saved",
  cancelled: "Schedule cancelled",
  saveFailed: "Failed to save schedule",
  cancelFailed: "Failed to cancel schedule",
  notATime: "Enter a date and time.",
  noSuchTime: "This time does not exist in New York: the clocks move forward then. Choose another time.",
  oneRequired: "Choose a time to publish, to unpublish, or both.",
  unpublishAfterPublish: "Choose an unpublish time after the publish time.",
  inThePast: "Choose a time in the future.",
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  unpublishes: (when: string) => `Unpublishes ${when}`,
  /** Who the history names for a change the schedule made. */
  actor: "Scheduled publishing",
} as const;

/** The schedule columns of an admin list row, as ISO strings for the browser. */
export function scheduleOf(row: { publishAt: Date | null; unpublishAt: Date | null }): { publishAt: string | null; unpublishAt: string | null } {
  return { publishAt: row.publishAt?.toISOString() ?? null, unpublishAt: row.unpublishAt?.toISOString() ?? null };
}

/** A `datetime-local` value in company time: blank, or a time that exists there. */
const companyTime = z
  .string(TEXT_ERRORS.required)
  .max(19, SCHEDULE_TEXT.notATime)
  .superRefine((value, ctx) => {
    if (value === "") return;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) ctx.addIssue({ code: "custom", message: SCHEDULE_TEXT.notATime });
    else if (!fromZonedLocal(value)) ctx.addIssue({ code: "custom", message: /T(0[0-3]):/.test(value) ? SCHEDULE_TEXT.noSuchTime : SCHEDULE_TEXT.notATime });
  })
  .optional()
  .default("");

/** Schedule (the "Schedule" dialog of an item): the kinds a screen manages. */
export function setScheduleSchema<const K extends readonly [ScheduleKind, ...ScheduleKind[]]>(kinds: K) {
  return z
    .strictObject({
      intent: z.literal("set-schedule"),
      kind: z.enum(kinds, TEXT_ERRORS.choice),
      id: recordId,
      publishAt: companyTime,
      unpublishAt: companyTime,
    })
    .superRefine((value, ctx) => {
      if (!value.publishAt && !value.unpublishAt) {
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: SCHEDULE_TEXT.oneRequired });
        return;
      }
      const publish = value.publishAt ? fromZonedLocal(value.publishAt) : null;
      const unpublish = value.unpublishAt ? fromZonedLocal(value.unpublishAt) : null;
      if (publish && unpublish && unpublish <= publish) ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: SCHEDULE_TEXT.unpublishAfterPublish });
    });
}

/** Cancel schedule: one click in the item's menu. */
export function cancelScheduleSchema<const K extends readonly [ScheduleKind, ...ScheduleKind[]]>(kinds: K) {
  return z.strictObject({ intent: z.literal("cancel-schedule"), kind: z.enum(kinds, TEXT_ERRORS.choice), id: recordId });
}

export type SetScheduleInput = { intent: "set-schedule"; kind: ScheduleKind; id: string; publishAt: string; unpublishAt: string };
export type CancelScheduleInput = { intent: "cancel-schedule"; kind: ScheduleKind; id: string };
