import { House } from "~/components/site/icons";
import type * as React from "react";
import { SiteLink } from "./site-link";
import { buttonVariants } from "~/components/ui/button";

interface StatusMessageProps {
  /** Shown above the heading, e.g. "404". */
  code?: string | number;
  title: string;
  children: React.ReactNode;
  /** Extra content below the action (e.g. a development stack trace). */
  details?: React.ReactNode;
}

/**
 * The centred message of the not-found page and the error boundaries, with a
 * "Return to Home" link. One `<h1>`; callers provide the surrounding `<main>`.
 */
function StatusMessage({ code, title, children, details }: StatusMessageProps) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
      {code != null && (
        <p className="text-sm font-bold tracking-[0.2em] text-brand-red uppercase">
          <span className="sr-only">Error </span>
          {code}
        </p>
      )}
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-brand-navy sm:text-4xl">{title}</h1>
      <div className="mt-4 max-w-lg text-base leading-relaxed text-slate-600 sm:text-lg">{children}</div>
      <SiteLink to="/" className={`${buttonVariants({ size: "lg" })} mt-10`}>
        <House aria-hidden="true" />
        Return to Home
      </SiteLink>
      {details}
    </section>
  );
}

export function NotFoundMessage() {
  return (
    <StatusMessage code={404} title="Oops! Page not found">
      <p>
        The page you&rsquo;re looking for may have moved or no longer exists. Let&rsquo;s get you back on solid
        ground.
      </p>
    </StatusMessage>
  );
}

/** For unexpected errors: generic text only; `details` is for development builds. */
export function ErrorMessage({ details }: { details?: React.ReactNode }) {
  return (
    <StatusMessage title="Something went wrong" details={details}>
      <p>
        We hit an unexpected problem loading this page. Please try again in a moment.
      </p>
    </StatusMessage>
  );
}
