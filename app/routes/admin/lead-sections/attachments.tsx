import { Download, Eye, FileText, Image as ImageIcon } from "lucide-react";
import { formatDateTime } from "~/components/leads/format";
import { useFreshThumbnails } from "~/components/leads/use-fresh-thumbnails";
import { buttonVariants } from "~/components/ui/button";
import { formatBytes } from "~/domain/leads/options";
import { PREPARING_PREVIEW } from "~/domain/leads/thumbnail-status";
import type { AttachmentsData } from "./attachments.server";
import { cardClass, type LeadSectionProps } from "./section-ui";

/**
 * The lead's files: a thumbnail when there is one, who added it, View (the picture made of it) and Download.
 * A photo whose thumbnail is being made says "Preparing preview", and its thumbnail shows once made,
 * without a reload (issue 31 item 5).
 */
export function AttachmentsSection({ lead, data }: LeadSectionProps & { data: AttachmentsData }) {
  const attachments = useFreshThumbnails(`/admin/leads/${lead.id}/thumbnails`, data);
  return (
    <section aria-labelledby="lead-attachments" className={cardClass}>
      <h2 id="lead-attachments" className="mb-4 text-lg font-bold text-brand-navy">
        Attachments
      </h2>
      {attachments.length === 0 ? (
        <p className="text-slate-600">No files were attached.</p>
      ) : (
        <ul className="grid gap-2">
          {attachments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
              <span className="flex min-w-0 items-center gap-3">
                {a.thumbnailStatus === "ready" ? (
                  <img
                    src={`/admin/leads/${lead.id}/attachments/${a.id}/thumbnail`}
                    alt={a.originalName}
                    loading="lazy"
                    decoding="async"
                    width={64}
                    height={64}
                    className="size-16 shrink-0 rounded-md border border-slate-200 object-cover"
                  />
                ) : a.contentType === "application/pdf" ? (
                  <FileText className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
                ) : a.thumbnailStatus === "pending" ? (
                  <span className="flex size-16 shrink-0 flex-col items-center justify-center gap-1 rounded-md border border-slate-200 bg-slate-100 p-1 text-center text-xs leading-tight text-slate-700">
                    <ImageIcon className="size-4 shrink-0" aria-hidden="true" />
                    {PREPARING_PREVIEW}
                  </span>
                ) : (
                  <ImageIcon className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
                )}
                <span className="grid min-w-0 gap-0.5">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate">{a.originalName}</span>
                    <span className="shrink-0 text-sm text-slate-600">{formatBytes(a.sizeBytes)}</span>
                  </span>
                  <span className="text-sm text-slate-600">
                    {a.addedFrom === "proposal"
                      ? `Proposal PDF, ${formatDateTime(a.createdAt)}`
                      : a.addedFrom === "request"
                      ? "Sent with the request"
                      : a.addedByName
                        ? `Added by ${a.addedByName} from the portal, ${formatDateTime(a.createdAt)}`
                        : `Added from the portal by an account since deleted, ${formatDateTime(a.createdAt)}`}
                  </span>
                </span>
              </span>
              <span className="flex flex-wrap gap-2">
                {a.thumbnailStatus === "ready" && (
                  // The 1600 px picture made of the image: every browser shows it, a phone's HEIC original not.
                  <a
                    href={`/admin/leads/${lead.id}/attachments/${a.id}/view`}
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                    aria-label={`View ${a.originalName}`}
                  >
                    <Eye aria-hidden="true" />
                    View
                  </a>
                )}
                <a
                  href={`/admin/leads/${lead.id}/attachments/${a.id}`}
                  download
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  aria-label={`Download ${a.originalName}`}
                >
                  <Download aria-hidden="true" />
                  Download
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
