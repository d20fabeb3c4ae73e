import { Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { MEDIA_MAX_FILE_BYTES, MEDIA_MAX_FILE_SIZE_TEXT, MEDIA_TEXT } from "~/domain/media/constants";
import { MEDIA_ACCEPT, MEDIA_UNSUPPORTED_MESSAGE, MEDIA_UPLOAD_TYPES } from "~/domain/media/media-types";
import { isAdminActionData, type AdminActionData } from "~/lib/admin-result";
import { cn } from "~/lib/cn";

/**
 * Upload by drag and drop or the file picker: the files go one per request
 * to the Media Library's action (a multipart POST to /admin/media, sent to
 * its data form /admin/media.data), one after another; each answer is the
 * kit's toast (the route's clientAction). `onUploaded` gets each new image's id.
 *
 * A file the browser can already tell is refused (its name's type, its size)
 * is not sent; it and every file the server refuses (type by content, size,
 * pixels, an upload cut off) get a line in the message area under the button,
 * which stays until the next files are chosen. A refusal is never the error page.
 */

/** The line of the message area for a file that was not uploaded. */
function refusedFileText(name: string, reason: string): string {
  return `“${name}” was not uploaded: ${reason}`;
}

/** Why the browser will not send `file`, or null. */
function refusalOf(file: File): string | null {
  if (!MEDIA_UPLOAD_TYPES.allowedExtension(file.name)) return MEDIA_UNSUPPORTED_MESSAGE;
  if (file.size > MEDIA_MAX_FILE_BYTES) return MEDIA_TEXT.tooLarge;
  if (file.size === 0) return MEDIA_TEXT.emptyFile;
  return null;
}
export function MediaUploader({
  onUploaded,
  altText,
  className,
  label = "Upload Images",
  disabled = false,
  multiple = true,
}: {
  /** E.g. until the picker's alt text is given. */
  disabled?: boolean;
  multiple?: boolean;
  onUploaded?: (id: string) => void;
  /** Alt text sent with the upload (the picker's upload asks for it first). */
  altText?: string;
  className?: string;
  label?: string;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<File[]>([]);
  const [current, setCurrent] = useState<{ name: string; index: number; total: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const sendingName = useRef("");
  const total = useRef(0);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  // One file at a time: the next one goes when the previous answer is in (the fetcher went busy, then idle).
  const sending = useRef(false);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (sending.current && !wasBusy.current) return;
    if (sending.current) {
      sending.current = false;
      wasBusy.current = false;
      const answer = fetcher.data;
      if (isAdminActionData(answer) && answer.ok && answer.targetId) onUploadedRef.current?.(answer.targetId);
      else if (isAdminActionData(answer) && !answer.ok) {
        const reason = answer.toast.detail ?? answer.toast.text;
        setRefusals((previous) => [...previous, refusedFileText(sendingName.current, reason)]);
      }
    }
    if (queue.length === 0) {
      setCurrent(null);
      return;
    }
    const [next, ...rest] = queue;
    sending.current = true;
    sendingName.current = next!.name;
    setQueue(rest);
    setCurrent({ name: next!.name, index: total.current - rest.length, total: total.current });
    const form = new FormData();
    form.set("intent", "upload-media");
    if (altText?.trim()) form.set("altText", altText.trim());
    form.set("file", next!);
    void fetcher.submit(form, { method: "post", action: "/admin/media", encType: "multipart/form-data" });
  }, [fetcher, queue, altText]);

  const add = (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    if (input.current) input.current.value = "";
    if (chosen.length === 0) return;
    const refused: string[] = [];
    const list = chosen.filter((file) => {
      const reason = refusalOf(file);
      if (reason) refused.push(refusedFileText(file.name, reason));
      return reason === null;
    });
    // A new choice starts a new account of what was not uploaded.
    setRefusals(refused);
    if (list.length === 0) return;
    total.current = list.length + queue.length;
    setQueue((previous) => [...previous, ...list]);
  };
  const busy = current !== null;

  return (
    <div
      data-media-dropzone=""
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) add(event.dataTransfer.files);
      }}
      className={cn(
        "grid justify-items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-6 text-center",
        dragging && "border-brand-navy bg-blue-50",
        className,
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-slate-500" />
      <p className="text-sm text-slate-700">Drag photos here, or</p>
      <label
        htmlFor={inputId}
        aria-disabled={disabled || undefined}
        className="inline-flex h-9 cursor-pointer items-center aria-disabled:cursor-not-allowed aria-disabled:opacity-50 rounded-md bg-brand-navy px-4 text-sm font-medium text-white focus-within:ring-2 focus-within:ring-ring hover:bg-brand-navy/90"
      >
        {label}
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple={multiple}
          disabled={disabled}
          accept={MEDIA_ACCEPT}
          className="sr-only"
          onChange={(event) => add(event.currentTarget.files)}
        />
      </label>
      <p className="text-xs text-muted-foreground">JPEG, PNG, WebP, AVIF or HEIC, up to {MEDIA_MAX_FILE_SIZE_TEXT} each.</p>
      <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium text-brand-navy">
        {busy ? `Uploading ${current.index} of ${current.total}: ${current.name}...` : ""}
      </p>
      <div role="alert" data-upload-refusals="" className="text-sm font-medium text-destructive empty:hidden">
        {refusals.length > 0 && (
          <ul className="grid gap-1">
            {refusals.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
