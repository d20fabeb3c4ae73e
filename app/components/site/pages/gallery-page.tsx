import { BlockPageHero } from "~/components/cms/block-parts";
import type { PageDataOf } from "~/domain/cms/public-page-data";
import { pageBlock, PUBLIC_PAGES } from "~/domain/cms/public-pages";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { InspectionCta } from "./inspection-cta";
import { CmsPageFrame } from "./page-frame";

/** Images in the first row may be in the first viewport: load them at once, the rest lazily. */
const EAGER_IMAGES = 1;
/** A card's width: a third of the 80rem container (less padding and gaps), half on tablets, all on phones. */
const GALLERY_IMAGE_SIZES = "(min-width: 1280px) 395px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";

/** Our Work (spec 1 §2): the published gallery projects, each with image, title and category. */
export function GalleryPage({ data, settings }: { data: PageDataOf<"gallery">; settings: PublicSiteSettings }) {
  const { content, projects } = data;
  return (
    <CmsPageFrame settings={settings}>
      <BlockPageHero block={pageBlock(content, "gallery-hero", "text")} fallbackTitle={PUBLIC_PAGES.gallery.name} />

      <section aria-labelledby="projects-heading" className="bg-brand-cream py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="projects-heading" className="sr-only">
            Projects
          </h2>
          {projects.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {projects.map((project, index) => (
                <li key={project.slug}>
                  <article className="flex h-full flex-col overflow-hidden rounded-xl border border-brand-cream-dark bg-white shadow-sm">
                    {project.image ? (
                      <ResponsiveImage
                        image={project.image}
                        sizes={GALLERY_IMAGE_SIZES}
                        width={800}
                        height={600}
                        priority={index < EAGER_IMAGES}
                        className="aspect-[4/3] h-auto w-full bg-slate-200"
                      />
                    ) : (
                      <img
                        src={project.imageUrl ?? ""}
                        alt={project.imageAlt ?? ""}
                        width={project.imageWidth}
                        height={project.imageHeight}
                        loading={index < EAGER_IMAGES ? "eager" : "lazy"}
                        decoding="async"
                        className="aspect-[4/3] w-full bg-slate-200 object-cover"
                      />
                    )}
                    <div className="flex flex-1 flex-col p-6">
                      <p>
                        <span className="inline-flex rounded-full bg-brand-navy px-3 py-1 text-xs font-semibold tracking-wide text-white">
                          {project.category}
                        </span>
                      </p>
                      <h3 className="mt-3 text-lg leading-snug font-bold text-brand-navy">{project.title}</h3>
                      {project.description && <p className="mt-2 leading-relaxed text-slate-600">{project.description}</p>}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mx-auto max-w-xl text-center text-slate-700">New project photos are on their way.</p>
          )}
        </div>
      </section>

      <InspectionCta id="gallery-cta-heading" block={pageBlock(content, "gallery-cta", "text")} tone="white" />
    </CmsPageFrame>
  );
}
