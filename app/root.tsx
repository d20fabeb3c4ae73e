import { lazy, Suspense } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { ErrorDetails, isNotFoundError } from "~/components/site/error-details";
import { StandalonePage } from "~/components/site/standalone-page";
import { ErrorMessage, NotFoundMessage } from "~/components/site/status-message";
import { useToasterRequested } from "~/components/ui/toaster-mount";
import { useNonce } from "~/lib/nonce";
import { pageScripts } from "~/lib/page-scripts";
import stylesheet from "~/styles/app.css?url";

// sonner is downloaded only by pages that raise toasts (see components/ui/toast.ts).
const Toaster = lazy(() => import("~/components/ui/sonner"));

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Used only when no route below defines a title (and by the root error boundary). */
export function meta({ error }: Route.MetaArgs): Route.MetaDescriptors {
  if (error) {
    return [{ title: isNotFoundError(error) ? "Page not found" : "Something went wrong" }, { name: "robots", content: "noindex" }];
  }
  return [{ title: "Veteran-Owned Roofing in Central Ohio" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { hydrate, scripts } = pageScripts(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#142842" />
        <Meta />
        {/* Stylesheets and modulepreloads are same-origin ('self' in the CSP) and need no nonce;
            an empty one avoids a hydration mismatch (browsers hide nonce attributes from the DOM). */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        {children}
        {hydrate ? (
          <>
            {/* Scrolls to the top on new navigations and to the element of a #hash. */}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {/* Pages that don't hydrate get small progressive-enhancement scripts instead (ADR 007). */}
        {scripts.map((src) => (
          <script key={src} type="module" src={src} nonce={nonce || undefined} />
        ))}
      </body>
    </html>
  );
}

export default function App() {
  const toasterRequested = useToasterRequested();
  return (
    <>
      <Outlet />
      {toasterRequested && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

/**
 * Errors no route below handled. 404s get the not-found page; anything else a
 * generic message (the stack only in development; the server logs the error).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StandalonePage>
      {isNotFoundError(error) ? <NotFoundMessage /> : <ErrorMessage details={<ErrorDetails error={error} />} />}
    </StandalonePage>
  );
}
