import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { CustomFieldProps, FieldSpec } from "~/components/admin/admin-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MEDIA_ALT_MAX, type MediaImage } from "~/domain/media/constants";
import { thumbnailUrl } from "~/domain/media/picture";
import { cn } from "~/lib/cn";
import { MediaUploader } from "./media-uploader";

type LibraryImage = MediaImage & { name: string };

/**
 * A content form's photo (`imageMediaId`): the chosen library image, "Choose
 * from Library" (a dialog of the ready images with alt text, and an upload
 * that is chosen as soon as its copies are made), and "Remove Photo". The
 * posted value is the image's id or "" (none). The server checks the choice
 * again (checkUsableMedia).
 */
export function mediaImageField({ label = "Photo", hint }: { label?: string; hint?: string } = {}): FieldSpec {
  return { name: "imageMediaId", label, hint, kind: "custom", group: true, render: (props) => <MediaPicker {...props} /> };
}

const LIBRARY_URL = "/admin/media/library";

function MediaPicker({ id, value, onChange, label }: CustomFieldProps) {
  const library = useFetcher<{ images: LibraryImage[] }>();
  const [open, setOpen] = useState(false);
  const [alt, setAlt] = useState("");
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const altId = useId();
  const images = library.data?.images;
  const chosen = images?.find((image) => image.id === value);

  // The list once when the field appears (to show the chosen photo), again when the dialog opens.
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void library.load(LIBRARY_URL);
  }, [library]);

  // After an upload from here: look again until its copies are made, then choose it. Not forever: a photo
  // the job cannot process never becomes choosable (the Media Library shows why).
  const waitingSince = useRef(0);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waitingFor || library.state !== "idle") return;
    if (images?.some((image) => image.id === waitingFor)) {
      onChange(waitingFor);
      setWaitingFor(null);
      setAlt("");
      setOpen(false);
      return;
    }
    if (Date.now() - waitingSince.current > 120_000) {
      setWaitingFor(null);
      setGaveUp(true);
      return;
    }
    const timer = setTimeout(() => void library.load(LIBRARY_URL), 1500);
    return () => clearTimeout(timer);
  }, [waitingFor, images, library, onChange]);
  const uploaded = (id: string) => {
    waitingSince.current = Date.now();
    setGaveUp(false);
    setWaitingFor(id);
  };

  const thumb = chosen ? thumbnailUrl(chosen) : null;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="grid h-24 w-32 shrink-0 place-items-center overflow-hidden rounded-md border bg-slate-100 text-center text-xs text-slate-600">
        {thumb && chosen ? (
          <img src={thumb} alt={chosen.alt} className="h-full w-full object-cover" style={{ objectPosition: `${chosen.focalX}% ${chosen.focalY}%` }} />
        ) : value && images ? (
          "This image is not available"
        ) : value ? (
          "Loading..."
        ) : (
          "No photo chosen"
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          id={id}
          type="button"
          variant="outline"
          onClick={() => {
            void library.load(LIBRARY_URL);
            setOpen(true);
          }}
        >
          Choose from Library
        </Button>
        {value && (
          <Button type="button" variant="ghost" onClick={() => onChange("")}>
            Remove Photo
          </Button>
        )}
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Choose an Image</DialogTitle>
            <DialogDescription>{`For “${label}”: a photo from the Media Library, or upload a new one.`}</DialogDescription>
          </DialogHeader>
          <div className="grid max-h-[60vh] gap-4 overflow-y-auto">
            {!images ? (
              <p role="status">Loading images...</p>
            ) : images.length === 0 ? (
              <p>No images with alt text yet: upload one below, or add alt text in the Media Library.</p>
            ) : (
              <ul aria-label="Library images" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {images.map((image) => (
                  <li key={image.id}>
                    <button
                      type="button"
                      aria-pressed={image.id === value}
                      onClick={() => {
                        onChange(image.id);
                        setOpen(false);
                      }}
                      className={cn(
                        "grid w-full gap-1 rounded-md border p-1 text-left text-xs hover:border-brand-navy focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                        image.id === value && "border-brand-navy ring-2 ring-brand-navy",
                      )}
                    >
                      <img src={thumbnailUrl(image) ?? ""} alt="" className="aspect-[4/3] w-full rounded object-cover" style={{ objectPosition: `${image.focalX}% ${image.focalY}%` }} />
                      <span className="line-clamp-2">{image.alt}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="grid gap-2 border-t pt-4">
              <h3 className="text-sm font-semibold">Upload a new image</h3>
              <div className="grid gap-1.5">
                <Label htmlFor={altId}>Alt text for the new image</Label>
                <Input id={altId} value={alt} maxLength={MEDIA_ALT_MAX} onChange={(event) => setAlt(event.currentTarget.value)} placeholder="What the photo shows" />
              </div>
              <MediaUploader label="Upload Image" multiple={false} altText={alt} disabled={alt.trim() === "" || waitingFor !== null} onUploaded={uploaded} />
              <p role="status" className="min-h-5 text-sm text-brand-navy">
                {waitingFor
                  ? "Making resized copies of the new image..."
                  : gaveUp
                    ? "The new image is not ready yet. See its status in the Media Library, and choose it here once it is ready."
                    : ""}
              </p>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
