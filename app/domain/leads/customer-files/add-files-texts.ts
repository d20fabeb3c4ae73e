import { INSPECTION_TEXT, UPLOAD_LIMITS } from "../options";

/**
 * The portal's "Add files" form (issue 22 item 3): its field names, its texts and the answer of its
 * action, shared by the form (app/components/portal/add-files-form.tsx) and the server
 * (add-customer-files.server.ts). No server code here.
 */

export const ADD_FILES_INTENT = "add-files";
/** The file input's name (the inspection form's too). */
export const ADD_FILES_FIELD = "files";

/** How many files one request (lead) holds at most, whoever added them: the portal refuses more. */
export const MAX_FILES_PER_REQUEST = 100;

export const ADD_FILES_TEXT = {
  heading: "Add photos or documents",
  label: "Photos or documents",
  limits: `Up to ${UPLOAD_LIMITS.maxFiles} files at a time, ${UPLOAD_LIMITS.maxFileSizeText} each: photos (JPEG, PNG, HEIC, WebP) or PDF documents.`,
  submit: "Add files",
  submitting: "Adding files...",
  noFiles: "Choose at least one photo or document to add.",
  addedTitle: "Files added",
  added: (count: number) => (count === 1 ? "1 file was added to your request." : `${count} files were added to your request.`),
  tooLargeTitle: INSPECTION_TEXT.tooLargeTitle,
  tooLargeText: INSPECTION_TEXT.tooLargeText,
  unsupportedTitle: INSPECTION_TEXT.unsupportedTitle,
  unsupportedText: INSPECTION_TEXT.unsupportedText,
  failureTitle: INSPECTION_TEXT.failureTitle,
  failureText: "Your files could not be added. Please try again later.",
  requestFull: `This request already holds ${MAX_FILES_PER_REQUEST} files: please send us a message instead.`,
  notFound: "This request was not found.",
} as const;

/** What the portal's action answers for an "Add files" post (also its HTTP status). */
export interface AddFilesOutcome {
  ok: boolean;
  intent: typeof ADD_FILES_INTENT;
  status: 200 | 400 | 404 | 413 | 415 | 500 | 503;
  title: string;
  message: string;
  /** The file field's message (`files`) when the refusal is about the files. */
  fieldErrors: Record<string, string>;
  /** How many files were stored (0 on a refusal). */
  added: number;
  /** The request id of a failure the customer cannot fix. */
  reference?: string;
}
