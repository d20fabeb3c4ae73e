import { resetTestDatabase } from "./test-database";
import { createSession, createUser } from "./factories";

/**
 * Calling an admin route's `action` (the kit's adminAction) in-process, as React Router would, signed in
 * as a fresh admin: for the use-case tests of the admin screens (app/domain/<domain>/admin-actions.test.ts).
 *
 *   beforeEach(async () => { admin = await freshAdminSession(); });
 *   const { status, body } = await postAdminAction(action, "/admin/cms/services", admin, { intent: "..." });
 */

export type AdminAnswer = { status: number; body: { ok: boolean; toast: { title: string; text: string }; fieldErrors?: Record<string, string> } };

/** The seeded database again, and the session cookie of a new admin. */
export async function freshAdminSession(): Promise<string> {
  await resetTestDatabase();
  const admin = await createUser({ kind: "admin" });
  return (await createSession(admin)).cookie;
}

/** `ip`: the client address the request comes from (what the audit entry records). */
export async function postAdminAction(
  action: (args: never) => unknown,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  { ip = "203.0.113.21" }: { ip?: string } = {},
): Promise<AdminAnswer> {
  const request = new Request(`http://app.test${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": ip },
    body: new URLSearchParams(fields),
  });
  const result = (await action({ request, params: {}, context: {} } as never)) as { data: AdminAnswer["body"]; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, body: result.data };
}
