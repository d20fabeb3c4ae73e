import type { DbTransaction } from "~/db/client.server";
import { contractSources } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { lockList, nextSortOrder } from "~/lib/ordered-rows.server";
import { SOURCE_TEXT, type SourceFormInput } from "./admin-schemas";
import { refuseBaseUrl, SLUG_TAKEN, sourceColumns } from "./source-values.server";

/**
 * Add Source (spec 2 §2, §5, §7): a new source at the end of the list, with the slug typed (or derived
 * from the name in the form). A slug another source has is a field error; a base URL the crawler may
 * not fetch too (ADR 027).
 */
export async function createSource(tx: DbTransaction, input: SourceFormInput): Promise<AdminChange> {
  const refused = refuseBaseUrl(input);
  if (refused) return refused;
  await lockList(tx, contractSources);
  const sortOrder = await nextSortOrder(tx, contractSources);
  const [row] = await tx
    .insert(contractSources)
    .values({ ...sourceColumns(input), sortOrder })
    .onConflictDoNothing({ target: contractSources.slug })
    .returning({ id: contractSources.id });
  if (!row) return SLUG_TAKEN;
  return {
    ok: true,
    message: SOURCE_TEXT.created,
    audit: {
      action: "contracts.source.create",
      targetType: "contract_source",
      targetId: row.id,
      details: { name: input.name, slug: input.slug, baseUrl: input.baseUrl, isActive: input.isActive },
    },
  };
}
