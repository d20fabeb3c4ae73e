import { isRouteErrorResponse } from "react-router";

/** True for a thrown 404 response (`throw data(null, { status: 404 })`). */
export function isNotFoundError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/**
 * The stack of an unexpected error, in development builds only. Production
 * pages never show error details (QUALITY S24); the server logs them.
 */
export function ErrorDetails({ error }: { error: unknown }) {
  if (!import.meta.env.DEV || !(error instanceof Error)) return null;
  return (
    <pre className="mt-10 w-full max-w-3xl overflow-x-auto rounded-lg bg-slate-900 p-4 text-left text-xs leading-relaxed text-slate-100">
      <code>{error.stack ?? error.message}</code>
    </pre>
  );
}
