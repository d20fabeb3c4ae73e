import { z } from "zod";
import { booleanChoice, recordId, requiredText } from "~/lib/text-fields";
import { PIPELINE_STAGES } from "./contract-filters";

/**
 * The changes staff make on a contract's detail page (/admin/contracts/:id),
 * one schema per intent, shared by the page's forms and its action. The
 * contract is the page's (the URL's id), never a form field.
 */

export const CONTRACT_NOTE_MAX = 5000;

export const CONTRACT_TEXT = {
  loadFailed: "Failed to load data",
  notFound: "Contract not found",
  stageFailed: "Failed to update the pipeline stage",
  bookmarkFailed: "Failed to update the bookmark",
  addNoteFailed: "Failed to add the note",
  deleteNoteFailed: "Failed to delete the note",
  notYourNote: "You can only delete your own notes.",
  stageSet: (label: string) => `Pipeline stage set to ${label}.`,
  bookmarked: "Contract bookmarked.",
  unbookmarked: "Bookmark removed.",
  noteAdded: "Note added.",
  noteDeleted: "Note deleted.",
  noteRequired: "Write a note before adding it.",
} as const;

const setStageSchema = z.strictObject({
  intent: z.literal("stage"),
  stage: z.enum(PIPELINE_STAGES, "Choose one of the listed stages."),
});

const setBookmarkSchema = z.strictObject({
  intent: z.literal("bookmark"),
  bookmarked: booleanChoice,
});

export const addNoteSchema = z.strictObject({
  intent: z.literal("add-note"),
  body: requiredText({ max: CONTRACT_NOTE_MAX, multiline: true, requiredMessage: CONTRACT_TEXT.noteRequired }),
});

const deleteNoteSchema = z.strictObject({
  intent: z.literal("delete-note"),
  noteId: recordId,
});

export const contractActionSchema = z.discriminatedUnion("intent", [setStageSchema, setBookmarkSchema, addNoteSchema, deleteNoteSchema]);


/** The contract id of a detail page's URL, or null when it is not an id. */
export function contractIdOf(value: string | undefined): string | null {
  const parsed = z.uuid().safeParse(value);
  return parsed.success ? parsed.data : null;
}
