import type { AdminActionContext, AdminChange } from "~/lib/admin-action.server";
import { GAF_KINDS, GAF_TEXT, type GafAction, type GafKind, type GafSaveInput } from "./admin-schemas";
import { reorderGafItems } from "./reorder-gaf-items.server";
import { saveGafItem } from "./save-gaf-item.server";
import { setGafItemActive } from "./set-gaf-item-active.server";

type Spec = { failure: string; run: (input: GafAction, ctx: AdminActionContext) => Promise<AdminChange> };

/**
 * The intents of /admin/gaf-config for `adminAction`: for each kind, save,
 * deactivate, reactivate and reorder, each with the catalogue's failure text.
 */
export const gafIntents = Object.fromEntries(
  GAF_KINDS.flatMap((kind: GafKind): Array<[string, Spec]> => [
    [`save-${kind}`, { failure: GAF_TEXT.saveFailed(kind), run: (input, { tx }) => saveGafItem(tx, kind, input as GafSaveInput<typeof kind>) }],
    [`deactivate-${kind}`, { failure: GAF_TEXT.deactivateFailed(kind), run: (input, { tx }) => setGafItemActive(tx, kind, (input as { id: string }).id, false) }],
    [`reactivate-${kind}`, { failure: GAF_TEXT.reactivateFailed(kind), run: (input, { tx }) => setGafItemActive(tx, kind, (input as { id: string }).id, true) }],
    [`reorder-${kind}`, { failure: GAF_TEXT.reorderFailed(kind), run: (input, { tx }) => reorderGafItems(tx, kind, (input as { ids: string[] }).ids) }],
  ]),
) as unknown as { [K in GafAction["intent"]]: { failure: string; run: (input: Extract<GafAction, { intent: K }>, ctx: AdminActionContext) => Promise<AdminChange> } };
