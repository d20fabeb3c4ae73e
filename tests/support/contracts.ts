import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contractCategories, contractOpportunities, contractSources, type NewContractOpportunity } from "~/db/schema";

/**
 * Contracts for the tests of app/domain/contracts: `insertContract({ title: "..." })` stores an active
 * contract of the seeded source `bidnet` (or `sourceSlug`), with its category by slug.
 */

let counter = 0;

export async function sourceIdOf(slug: string): Promise<string> {
  const [row] = await db().select({ id: contractSources.id }).from(contractSources).where(eq(contractSources.slug, slug));
  if (!row) throw new Error(`no seeded contract source ${slug}`);
  return row.id;
}

async function categoryIdOf(slug: string): Promise<string> {
  const [row] = await db().select({ id: contractCategories.id }).from(contractCategories).where(eq(contractCategories.slug, slug));
  if (!row) throw new Error(`no seeded contract category ${slug}`);
  return row.id;
}

export async function insertContract(
  fields: Partial<NewContractOpportunity> & { sourceSlug?: string; categorySlug?: string } = {},
): Promise<typeof contractOpportunities.$inferSelect> {
  const { sourceSlug = "bidnet", categorySlug, ...rest } = fields;
  counter += 1;
  const [row] = await db()
    .insert(contractOpportunities)
    .values({
      sourceId: await sourceIdOf(sourceSlug),
      categoryId: categorySlug ? await categoryIdOf(categorySlug) : null,
      externalId: `test-${process.pid}-${counter}-${Math.random().toString(36).slice(2)}`,
      title: `Contract ${counter}`,
      lastScrapedAt: new Date(),
      scrapeCount: 1,
      ...rest,
    })
    .returning();
  return row!;
}
