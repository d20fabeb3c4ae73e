/**
 * What every admin action answers (app/lib/admin-action.server.ts) and the
 * admin screen kit's components read (app/components/admin/). Shared by the
 * server and the browser; no server code here.
 */

export interface AdminToast {
  variant: "success" | "error";
  /**
   * "Success" or "Error" (spec 2 §8); "Failed" for a check that ran and failed (spec 2 §8: "Source test");
   * or the catalogue's own title of a notice ("Crawl Started").
   */
  title: string;
  /** The catalogue's text, word for word. */
  text: string;
  /** A second line after the text, e.g. what a failed check found ("HTTP 503 Service Unavailable"). */
  detail?: string;
  /** The request id of an unexpected failure, for the person who reads the logs. */
  reference?: string;
}

export type AdminActionData =
  /** `targetId`: the record the change made or changed (e.g. a new upload's id). */
  | { ok: true; intent: string; toast: AdminToast; targetId?: string }
  | { ok: false; intent: string; toast: AdminToast; fieldErrors?: Record<string, string> };

export function isAdminActionData(value: unknown): value is AdminActionData {
  return typeof value === "object" && value !== null && "toast" in value && "ok" in value;
}

/**
 * A refusal of values the user can fix: it names the fields (their messages go under them) and is not an
 * unexpected failure (which carries a request id). The kit shows it in the form only, with no failure toast.
 */
export function isFieldRefusal(value: AdminActionData): boolean {
  return !value.ok && !value.toast.reference && value.fieldErrors !== undefined && Object.keys(value.fieldErrors).length > 0;
}

/** The first message per field of a failed zod parse ("_form" for the rest); used by the browser and the server. */
export function fieldErrorsOf(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "_form";
    out[key] ??= issue.message;
  }
  return out;
}
