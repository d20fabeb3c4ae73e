import { Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import { buttonVariants } from "~/components/ui/button";
import { ADD_FILES_FIELD, ADD_FILES_INTENT, ADD_FILES_TEXT } from "~/domain/leads/customer-files/add-files-texts";
import { UPLOAD_LIMITS } from "~/domain/leads/options";
import { UPLOAD_ACCEPT } from "~/domain/storage/file-types";
import { cn } from "~/lib/cn";

/**
 * The portal's "Add files" form (issue 22 item 3): a plain multipart form posted to the request page's
 * action (intent `add-files`, files in `files`), so it works without JavaScript; the server streams it
 * with the inspection form's limits and types. The limits are said next to the field; with JavaScript a
 * choice over them is told under the field before anything is sent. The answer of the last post is
 * shown here: a refusal about the files under the field, anything else in a message box.
 */

const INPUT_ID = "portal-add-files";
const HINT_ID = `${INPUT_ID}-hint`;
const ERROR_ID = `${INPUT_ID}-error`;

/** The answer of the last "Add files" post (the action's AddFilesOutcome, or the page's own answer type). */
export interface AddFilesResult {
  ok: boolean;
  title?: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  reference?: string;
}

/** What is wrong with a choice of files before it is sent, or null. */
function choiceProblem(files: FileList | null): string | null {
  if (!files || files.length === 0) return ADD_FILES_TEXT.noFiles;
  if (files.length > UPLOAD_LIMITS.maxFiles) return `At most ${UPLOAD_LIMITS.maxFiles} files can be attached.`;
  if ([...files].some((f) => f.size > UPLOAD_LIMITS.maxFileBytes)) return `Each file must be ${UPLOAD_LIMITS.maxFileSizeText} or smaller.`;
  return null;
}

export function AddFilesForm({ result, className }: { result?: AddFilesResult | null; className?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === ADD_FILES_INTENT;
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);

  const submitRef = useRef<HTMLButtonElement>(null);
  // After files were added the form is emptied; after a refusal about the files the field gets the focus.
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
    else if (result?.fieldErrors?.[ADD_FILES_FIELD]) inputRef.current?.focus();
    if (!result) return;
    // The button was disabled while the files went up, which drops its focus to the page; and the page's data
    // is reloaded after the answer (later on a busy phone). Bring the focus back to the form for two seconds.
    // Until the homeowner moves on: another form sent, or a click elsewhere.
    let checks = 0;
    const watch = window.setInterval(() => {
      checks += 1;
      const active = document.activeElement;
      // The page's FocusKeeper may have put a lost focus on <main> or the heading: that is lost too.
      const lost = !active || active === document.body || active.id === "main" || active.tagName === "H1" || !active.isConnected;
      if (lost && submitRef.current && !submitRef.current.disabled) submitRef.current.focus();
      if (checks >= 20) stop();
    }, 100);
    const stop = () => {
      window.clearInterval(watch);
      document.removeEventListener("submit", stop, true);
      document.removeEventListener("pointerdown", stop, true);
    };
    document.addEventListener("submit", stop, true);
    document.addEventListener("pointerdown", stop, true);
    return stop;
  }, [result]);

  const fieldError = clientError ?? (result && !result.ok ? (result.fieldErrors?.[ADD_FILES_FIELD] ?? null) : null);
  const boxed = result && !clientError && (result.ok || !result.fieldErrors?.[ADD_FILES_FIELD]) ? result : null;

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      className={cn("grid gap-3", className)}
      onSubmit={(event) => {
        const problem = choiceProblem(inputRef.current?.files ?? null);
        setClientError(problem);
        if (problem) {
          event.preventDefault();
          inputRef.current?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value={ADD_FILES_INTENT} />
      <div>
        <label htmlFor={INPUT_ID} className="mb-1 block text-sm font-medium text-slate-800">
          {ADD_FILES_TEXT.label}
        </label>
        <p id={HINT_ID} className="mb-2 text-sm text-slate-700">
          {ADD_FILES_TEXT.limits}
        </p>
        <input
          ref={inputRef}
          id={INPUT_ID}
          name={ADD_FILES_FIELD}
          type="file"
          multiple
          required
          accept={UPLOAD_ACCEPT}
          onChange={() => setClientError(null)}
          aria-describedby={fieldError ? `${HINT_ID} ${ERROR_ID}` : HINT_ID}
          aria-invalid={fieldError ? true : undefined}
          className={cn(
            "block min-h-11 w-full max-w-full rounded-md border border-slate-400 bg-white p-2 text-base text-foreground",
            "file:mr-3 file:min-h-9 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:text-sm file:font-medium file:text-slate-900",
            "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
          )}
        />
        {fieldError && (
          <p id={ERROR_ID} className="mt-1 text-sm text-destructive">
            {fieldError}
          </p>
        )}
      </div>
      {boxed && <FormMessage variant={boxed.ok ? "success" : "error"} title={boxed.title ?? (boxed.ok ? ADD_FILES_TEXT.addedTitle : ADD_FILES_TEXT.failureTitle)} text={boxed.message} reference={boxed.reference} />}
      <div>
        <button ref={submitRef} type="submit" disabled={busy} className={buttonVariants()}>
          <Upload aria-hidden="true" />
          {busy ? ADD_FILES_TEXT.submitting : ADD_FILES_TEXT.submit}
        </button>
      </div>
    </Form>
  );
}
