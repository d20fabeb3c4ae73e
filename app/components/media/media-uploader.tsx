import { Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { MEDIA_MAX_FILE_BYTES } from "~/domain/media/constants";
import { MEDIA_ACCEPT } from "~/domain/media/media-types";
import { isAdminActionData, type AdminActionData } from "~/lib/admin-result";
import { cn } from "~/lib/cn";

/**
 * Upload by drag and drop or the file picker: the files go one per request
 * to the Media Library's action (a multipart POST to /admin/media), one
 * after another; each answer is the kit's toast (the route's clientAction).
 * `onUploaded` gets each new image's id. The server checks everything
 * again (type by content, size, pixels): the browser only saves a trip.
 */
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
    }
    if (queue.length === 0) {
      setCurrent(null);
      return;
    }
    const [next, ...rest] = queue;
    sending.current = true;
    setQueue(rest);
    setCurrent({ name: next!.name, index: total.current - rest.length, total: total.current });
    const form = new FormData();
    form.set("intent", "upload-media");
    if (altText?.trim()) form.set("altText", altText.trim());
    form.set("file", next!);
    void fetcher.submit(form, { method: "post", action: "/admin/media", encType: "multipart/form-data" });
  }, [fetcher, queue, altText]);

  const add = (files: FileList | null) => {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return;
    total.current = list.length + queue.length;
    setQueue((previous) => [...previous, ...list]);
    if (input.current) input.current.value = "";
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
      <p className="text-xs text-muted-foreground">
        JPEG, PNG, WebP, AVIF or HEIC, up to {Math.round(MEDIA_MAX_FILE_BYTES / 1024 / 1024)} MB each.
      </p>
      <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium text-brand-navy">
        {busy ? `Uploading ${current.index} of ${current.total}: ${current.name}...` : ""}
      </p>
    </div>
  );
}
