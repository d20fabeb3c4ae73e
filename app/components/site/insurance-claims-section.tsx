import { ClipboardCheck, FileText, HardHat, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { INSPECTION_FORM_HREF } from "./nav-links";
import { SectionHeading } from "./section-heading";

const STEPS = [
  {
    icon: ClipboardCheck,
    title: "Free damage inspection",
    text: "We document hail, wind and storm damage with photos and measurements your insurer can use.",
  },
  {
    icon: FileText,
    title: "Help with your claim",
    text: "We walk you through the paperwork and meet your adjuster on site so nothing gets missed.",
  },
  {
    icon: HardHat,
    title: "Restoration done right",
    text: "Once approved, our crews repair or replace your roof to manufacturer standards.",
  },
];

/** Insurance-claims block of the home page (spec 1 §2), with its "Schedule Free Inspection" button. */
export function InsuranceClaimsSection({ phone, phoneHref }: { phone: string; phoneHref: string }) {
  return (
    <section aria-labelledby="insurance-heading" className="bg-brand-navy py-20 text-white sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="insurance-heading" eyebrow="Insurance claims" title="Storm damage? We'll guide you through your claim" tone="light">
          <p>Dealing with an insurance company after a storm is stressful. We make it simple — and it starts with a free inspection.</p>
        </SectionHeading>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-xl border border-white/15 bg-white/5 p-7">
              <div className="flex items-center gap-4">
                <span className="flex size-12 items-center justify-center rounded-lg bg-brand-red text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="text-sm font-bold tracking-widest text-slate-300 uppercase">Step {index + 1}</span>
              </div>
              <h3 className="mt-5 text-xl font-bold">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-200">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link to={INSPECTION_FORM_HREF} className={buttonVariants({ variant: "brand", size: "lg" })}>
            Schedule Free Inspection
          </Link>
          <a
            href={phoneHref}
            className="inline-flex h-12 items-center gap-2 rounded-md px-4 text-base font-semibold text-white underline-offset-4 outline-none hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Phone className="size-5" aria-hidden="true" />
            Or call {phone}
          </a>
        </div>
      </div>
    </section>
  );
}
