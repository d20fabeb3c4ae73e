import { isAdminActionData, isFieldRefusal } from "~/lib/admin-result";
import { showAdminToast } from "./use-admin-action";

/**
 * The browser half of every admin action (`export const clientAction = adminClientAction;` next to
 * `export const action = adminAction(...)`): it raises the answer's toast the moment the server answers.
 *
 * Not in a component: the button that posted may be gone before any effect runs (a deleted row leaves the
 * list when React Router reloads the data, and under load React can skip rendering the in-between state
 * where the fetcher holds the answer), and the toast must still show, once.
 *
 * A refusal that names the fields to fix (a publish time in the past) raises no toast: the form shows each
 * message under its field, and a red "Failed to ..." beside it would report a typing mistake as a failure.
 */
export async function adminClientAction({ serverAction }: { serverAction: () => Promise<unknown> }) {
  const result = await serverAction();
  if (isAdminActionData(result) && !isFieldRefusal(result)) showAdminToast(result.toast);
  return result;
}
