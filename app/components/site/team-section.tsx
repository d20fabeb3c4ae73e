import { ArrowRight } from "~/components/site/icons";
import { SiteLink } from "./site-link";
import { BlockSectionHeading } from "~/components/cms/block-parts";
import { buttonVariants } from "~/components/ui/button";
import type { BlockContent } from "~/domain/cms/block-content";
import type { TeamMemberProfile } from "~/domain/team/types";
import { cn } from "~/lib/cn";
import { TeamPhoto } from "./team-photo";

export interface TeamSectionProps {
  members: readonly TeamMemberProfile[];
  /** The section's texts (CMS block `shared-team`); without it the heading is "Our leadership". */
  heading?: BlockContent<"text">;
  className?: string;
}

/**
 * The leadership block of the home page (anchor #team, spec 1 §2) and of
 * /about: the founders' name, role and biography, and a link to /team.
 */
export function TeamSection({ members, heading, className }: TeamSectionProps) {
  return (
    <section id="team" aria-labelledby="team-heading" className={cn("bg-white py-20 sm:py-24", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <BlockSectionHeading id="team-heading" block={heading} fallbackTitle="Our leadership" />

        {members.length > 0 ? (
          <ul className="mt-14 grid gap-6 lg:grid-cols-3">
            {members.map((member) => (
              <li key={member.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-7 shadow-sm">
                <div className="flex items-center gap-4">
                  <TeamPhoto member={member} size={72} className="size-18 rounded-full" />
                  <div>
                    <h3 className="text-lg font-bold text-brand-navy">{member.name}</h3>
                    <p className="text-sm font-semibold text-brand-red">{member.role}</p>
                  </div>
                </div>
                <p className="mt-5 leading-relaxed text-slate-700">{member.bio}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mx-auto mt-12 max-w-xl text-center text-slate-700">Our team profiles are being updated.</p>
        )}

        <div className="mt-12 flex justify-center">
          <SiteLink to="/team" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Meet our veteran team
            <ArrowRight aria-hidden="true" />
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
