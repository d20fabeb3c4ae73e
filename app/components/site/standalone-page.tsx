import type * as React from "react";
import { SiteLink } from "./site-link";
import { LogoMark } from "./logo-mark";

/**
 * A minimal page frame for the root error boundary, where the public
 * layout (and so the site settings) is not available: a plain navy bar with
 * the logo mark linking home, then the content in `<main id="main">`.
 */
export function StandalonePage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-brand-cream">
      <header className="bg-brand-navy-dark">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <SiteLink
            to="/"
            className="rounded-md outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
          >
            <LogoMark className="size-10" />
            <span className="sr-only">Home</span>
          </SiteLink>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
    </div>
  );
}
