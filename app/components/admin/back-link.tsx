import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/**
 * A link back to the screen above this one, next to Back to Dashboard
 * (AdminPage's `links`): e.g. "Back to Content Management" on the screens of /admin/cms.
 */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "ghost", size: "sm" })}>
      <ArrowLeft aria-hidden="true" />
      {children}
    </Link>
  );
}
