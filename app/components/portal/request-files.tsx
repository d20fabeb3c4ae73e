import { FileText, Image as ImageIcon } from "lucide-react";
import { formatPortalDate } from "~/components/portal/format";
import { useFreshThumbnails } from "~/components/leads/use-fresh-thumbnails";
import { formatBytes } from "~/domain/leads/options";
import { PREPARING_PREVIEW, type ThumbnailStatus } from "~/domain/leads/thumbnail-status";

/**
 * A request's files in the portal (issue 22 item 2): the photo's thumbnail (a 480 px WebP made in the
 * background; until then, and for a PDF, an icon), its name and size, when it was added. A photo opens
 * large (its 1600 px WebP: a browser cannot show every original, a phone's HEIC above all) and has a
 * Download link for the original; anything else downloads. While its thumbnail is being made a photo says
 * "Preparing preview" and has its Download link already; the thumbnail then shows without a reload.
 * Every route checks the request is theirs.
 */

export interface RequestFileItem {
  id: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  thumbnailStatus: ThumbnailStatus;
  addedFromPortal: boolean;
  fromProposal?: boolean;
  /** ISO time. */
  createdAt: string;
}

export function RequestFiles({ requestId, files: loaded }: { requestId: string; files: readonly RequestFileItem[] }) {
  // A new photo's thumbnail shows once the job made it, without a reload (issue 31 item 5).
  const files = useFreshThumbnails(`/portal/requests/${requestId}/thumbnails`, loaded);
  if (files.length === 0) return <p className="text-slate-700">No photos or documents yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
      {files.map((file) => {
        const href = `/portal/requests/${requestId}/files/${file.id}`;
        const ready = file.thumbnailStatus === "ready";
        const preparing = file.thumbnailStatus === "pending";
        const Icon = file.contentType === "application/pdf" ? FileText : ImageIcon;
        return (
          <li key={file.id} className="min-w-0 overflow-hidden rounded-lg border border-slate-300 bg-white">
            {preparing ? (
              // Nothing to open yet: the picture and its name, and the Download link below.
              <div>
                <span className="flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-slate-100">
                  <ImageIcon className="size-10 text-slate-700" aria-hidden="true" />
                  <span className="text-sm text-slate-700">{PREPARING_PREVIEW}</span>
                </span>
                <span className="block px-3 pt-2 text-sm font-medium break-words text-slate-900">{file.name}</span>
              </div>
            ) : (
              // A photo opens large (the picture made of it, which every browser shows); a document downloads.
              <a
                href={ready ? `${href}/view` : href}
                download={ready ? undefined : true}
                aria-label={`${ready ? "View" : "Download"} ${file.name}`}
                className="group block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex aspect-[4/3] items-center justify-center overflow-hidden bg-slate-100">
                  {ready ? (
                    <img src={`${href}/thumbnail`} alt={file.name} loading="lazy" decoding="async" width={480} height={360} className="size-full object-cover" />
                  ) : (
                    <Icon className="size-10 text-slate-700" aria-hidden="true" />
                  )}
                </span>
                <span className="block px-3 pt-2 text-sm font-medium break-words text-brand-navy group-hover:underline">{file.name}</span>
              </a>
            )}
            <p className="px-3 pb-2 text-sm text-slate-700">
              {formatBytes(file.sizeBytes)} · {file.fromProposal ? `Proposal from our office, ${formatPortalDate(file.createdAt)}` : file.addedFromPortal ? `Added ${formatPortalDate(file.createdAt)}` : "Sent with your request"}
              {(ready || preparing) && (
                <>
                  {" · "}
                  <a href={href} download aria-label={`Download ${file.name}`} className="inline-block py-1 font-medium text-brand-navy underline">
                    Download
                  </a>
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
