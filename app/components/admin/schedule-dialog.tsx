import { CalendarClock } from "lucide-react";
import { useMemo, useState } from "react";
import type * as React from "react";
import { Badge } from "~/components/ui/badge";
import { SCHEDULE_TEXT, setScheduleSchema, type ScheduleKind } from "~/domain/content-schedule/schedule";
import { formatCompanyTime, toZonedLocal } from "~/lib/zoned-time";
import type { FieldSpec } from "./admin-form";
import type { MenuAction } from "./card-list";
import { FormDialog } from "./form-dialog";

/**
 * Scheduled publishing in the kit (ADR 029): an item's "Schedule" menu entry opens a dialog taking a
 * publish and an unpublish time in company time (America/New_York); "Cancel schedule" (shown while one is
 * set) removes both in one click. Both post to the screen's action (`set-schedule`, `cancel-schedule`).
 */

export interface Schedulable {
  id: string;
  publishAt: string | null;
  unpublishAt: string | null;
}

const FIELDS: readonly FieldSpec[] = [
  { name: "publishAt", label: SCHEDULE_TEXT.publishAtLabel, kind: "datetime", wide: true, hint: "Leave blank to publish only by hand." },
  { name: "unpublishAt", label: SCHEDULE_TEXT.unpublishAtLabel, kind: "datetime", wide: true, hint: "Leave blank to keep it published." },
];

export function useScheduleDialog(kind: ScheduleKind): { actions: (item: Schedulable) => MenuAction[]; dialog: React.ReactNode } {
  const [item, setItem] = useState<Schedulable | null>(null);
  const [open, setOpen] = useState(false);
  const schema = useMemo(() => setScheduleSchema([kind]), [kind]);
  return {
    actions: (target) => [
      {
        label: SCHEDULE_TEXT.menu,
        onSelect: () => {
          setItem(target);
          setOpen(true);
        },
      },
      ...(target.publishAt || target.unpublishAt ? [{ label: SCHEDULE_TEXT.cancel, intent: "cancel-schedule", fields: { kind, id: target.id } }] : []),
    ],
    dialog: item ? (
      <FormDialog
        key={item.id}
        open={open}
        onOpenChange={setOpen}
        title={SCHEDULE_TEXT.dialogTitle}
        description={SCHEDULE_TEXT.dialogDescription}
        schema={schema}
        intent="set-schedule"
        fields={FIELDS}
        values={{ publishAt: item.publishAt ? toZonedLocal(new Date(item.publishAt)) : "", unpublishAt: item.unpublishAt ? toZonedLocal(new Date(item.unpublishAt)) : "" }}
        hidden={{ kind, id: item.id }}
        submitLabel={SCHEDULE_TEXT.submit}
      />
    ) : null,
  };
}

/** "Scheduled for Dec 1, 2026, 9:00 AM EST" / "Unpublishes ...": an item's pending schedule, as badges. */
export function ScheduleNote({ publishAt, unpublishAt }: { publishAt: string | null; unpublishAt: string | null }) {
  if (!publishAt && !unpublishAt) return null;
  return (
    <>
      {publishAt && (
        <Badge variant="outline" data-schedule="publish">
          <CalendarClock aria-hidden="true" />
          {SCHEDULE_TEXT.scheduledFor(formatCompanyTime(publishAt))}
        </Badge>
      )}
      {unpublishAt && (
        <Badge variant="outline" data-schedule="unpublish">
          <CalendarClock aria-hidden="true" />
          {SCHEDULE_TEXT.unpublishes(formatCompanyTime(unpublishAt))}
        </Badge>
      )}
    </>
  );
}
