import { SiteDialog } from "./site-dialog";

export const CERTIFICATION_DIALOG_ID = "certification";

/** Intrinsic size of the certification image as shown enlarged (the seeded SVG is 300x330). */
const IMAGE_SIZE = { width: 300, height: 330 };

/** The certified-contractor badge, enlarged (spec 1 §2). */
export function CertificationDialog({ certification, returnTo }: { certification: { name: string; imageUrl: string }; returnTo: string }) {
  const titleId = `${CERTIFICATION_DIALOG_ID}-title`;
  return (
    <SiteDialog id={CERTIFICATION_DIALOG_ID} titleId={titleId} returnTo={returnTo} className="max-w-md">
      <h2 id={titleId} className="pr-10 text-xl font-extrabold text-brand-navy sm:text-2xl">
        {certification.name}
      </h2>
      <img
        src={certification.imageUrl}
        alt={`${certification.name} badge`}
        width={IMAGE_SIZE.width}
        height={IMAGE_SIZE.height}
        loading="lazy"
        decoding="async"
        className="mx-auto mt-6 h-auto w-full max-w-[300px]"
      />
    </SiteDialog>
  );
}
