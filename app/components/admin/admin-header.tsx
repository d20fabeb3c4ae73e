import { ExternalLink, KeyRound, LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { LogoMark } from "~/components/site/logo-mark";
import { Button } from "~/components/ui/button";

export interface AdminHeaderProps {
  businessName: string;
  userName: string;
}

/*
 * `outline-none` sets outline-style to none, which a focus-visible width and color alone do not undo:
 * every focus ring here also says outline-solid (the logo link showed no ring, issue 23).
 */
const navLinkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md px-3 py-2 text-white/90 outline-none hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white focus-visible:outline-solid";

/** The bar on top of every admin screen: business name (to the dashboard), the website, the account, Sign Out. */
export function AdminHeader({ businessName, userName }: AdminHeaderProps) {
  return (
    <header className="bg-brand-navy-dark text-white">
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <Link
          to="/admin"
          className="flex min-h-11 items-center gap-3 rounded-md font-semibold outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white focus-visible:outline-solid"
        >
          <LogoMark className="size-9" />
          <span>
            {businessName}
            <span className="ml-2 rounded bg-white/15 px-1.5 py-0.5 text-xs font-medium tracking-wide uppercase">Admin</span>
          </span>
        </Link>
        <nav aria-label="Account" className="flex flex-wrap items-center gap-1 text-sm">
          <Link to="/" className={navLinkClass}>
            <ExternalLink aria-hidden="true" className="size-4" />
            View website
          </Link>
          <Link to="/auth/change-password" className={navLinkClass}>
            <KeyRound aria-hidden="true" className="size-4" />
            Change password
          </Link>
          <span className="hidden px-2 text-white/80 md:inline">{userName}</span>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="secondary" size="sm">
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </Form>
        </nav>
      </div>
    </header>
  );
}
