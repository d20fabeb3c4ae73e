import { slotKey, type Slot } from "./slots";

/**
 * A slot as the forms offer it (issue 31 item 3): its key (the field's value) and its words. Browser-safe;
 * the JSON of /inspection-slots and of a refused booking carries these.
 */
export interface SlotChoice {
  /** "2026-12-01T09:00" */
  key: string;
  date: string;
  /** "Tuesday, December 1" */
  day: string;
  /** "9:00 AM – 11:00 AM" */
  time: string;
}

/** How many slots the picker gets, and how many the list without JavaScript shows. */
export const SLOT_CHOICES_LIMIT = 60;
export const NO_SCRIPT_SLOT_LIMIT = 12;

const DAY = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

function timeWords(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export function slotChoice(slot: Slot): SlotChoice {
  return {
    key: slotKey(slot),
    date: slot.date,
    day: DAY.format(new Date(`${slot.date}T00:00:00Z`)),
    time: `${timeWords(slot.start)} – ${timeWords(slot.end)}`,
  };
}
