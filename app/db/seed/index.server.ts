import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  appMeta,
  cmsContentBlocks,
  cmsGalleryProjects,
  cmsPages,
  cmsServices,
  cmsSiteSettings,
  cmsTeamMembers,
  contractCategories,
  contractSearchConfigs,
  contractSources,
  gafColors,
  gafRoofLayers,
  gafRoofProducts,
  gafShingles,
  gafWarranties,
  gafShingleColors,
  googleReviews,
  priceBookItems,
} from "~/db/schema";
import { GALLERY_SEEDS, SERVICE_SEEDS, TEAM_SEEDS } from "./cms";
import { CONTRACT_CATEGORY_SEEDS, CONTRACT_SEARCH_CONFIG_SEEDS, CONTRACT_SOURCE_SEEDS } from "./contracts";
import { loadGafSeed } from "./gaf";
import { BLOCK_SEEDS, PAGE_SEEDS } from "./pages";
import { PRICE_BOOK_SEEDS, SHINGLE_COLOR_SEEDS } from "./price-book";
import { demoReviewSeeds } from "./reviews";
import { SEED_V3_PRIVATE_SETTINGS, SITE_SETTING_SEEDS } from "./site-settings";

/**
 * Initial content, applied once.
 *
 * - Runs in one transaction under a transaction-level advisory lock, so two
 *   instances starting at once never both seed: the second waits, then sees
 *   the marker.
 * - The marker `app_meta.seed_version` records what was applied; when it is
 *   already at SEED_VERSION nothing is touched.
 * - The content comes in versioned steps (SEED_STEPS): a database runs only
 *   the steps above its marker, so an upgraded database gets content added
 *   later (version 2: the public pages' texts) without re-running earlier
 *   steps, which would bring back rows staff have deleted since.
 * - Rows with a natural key are inserted with ON CONFLICT DO NOTHING, and the
 *   GAF tables (no natural key) only when empty: staff edits are never
 *   overwritten and nothing is duplicated, even without the marker.
 */

type SeedStep = { version: number; name: string; run: (tx: Tx, data: SeedData) => Promise<void> };
interface SeedData {
  gaf: ReturnType<typeof loadGafSeed>;
}

/** Applied in order; a step's version is above every earlier one's. */
const SEED_STEPS: readonly SeedStep[] = [
  {
    version: 1,
    name: "initial content",
    run: async (tx, { gaf }) => {
      await tx.insert(cmsSiteSettings).values(SITE_SETTING_SEEDS).onConflictDoNothing({ target: cmsSiteSettings.settingKey });
      await tx.insert(cmsServices).values(SERVICE_SEEDS).onConflictDoNothing({ target: cmsServices.slug });
      await tx.insert(cmsTeamMembers).values(TEAM_SEEDS).onConflictDoNothing({ target: cmsTeamMembers.slug });
      await tx.insert(cmsGalleryProjects).values(GALLERY_SEEDS).onConflictDoNothing({ target: cmsGalleryProjects.slug });
      await tx.insert(googleReviews).values(demoReviewSeeds()).onConflictDoNothing({ target: googleReviews.googleReviewId });
      await seedGaf(tx, gaf);
      await seedContracts(tx);
    },
  },
  {
    version: 2,
    name: "public page texts",
    run: async (tx) => {
      await tx.insert(cmsPages).values(PAGE_SEEDS).onConflictDoNothing({ target: cmsPages.pageKey });
      await tx.insert(cmsContentBlocks).values(BLOCK_SEEDS).onConflictDoNothing({ target: cmsContentBlocks.blockKey });
    },
  },
  {
    version: 3,
    name: "price book and shingle colours",
    run: async (tx) => {
      await tx.insert(cmsSiteSettings).values(SEED_V3_PRIVATE_SETTINGS).onConflictDoNothing({ target: cmsSiteSettings.settingKey });
      await seedPriceBook(tx);
      await seedShingleColors(tx);
    },
  },
];

export const SEED_VERSION = Math.max(...SEED_STEPS.map((step) => step.version));
export const SEED_MARKER_KEY = "seed_version";
/** Arbitrary but fixed (the migration lock is 727_274_001). */
const SEED_LOCK_KEY = 727_274_002;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function seedDatabase(db: Database): Promise<{ applied: boolean }> {
  // Parse the static data before opening the transaction: a data error fails fast.
  const gaf = loadGafSeed();

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);

    const [marker] = await tx
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, SEED_MARKER_KEY));
    const applied = marker ? Number.parseInt(marker.value, 10) || 0 : 0;
    if (applied >= SEED_VERSION) return { applied: false };

    for (const step of SEED_STEPS) {
      if (step.version > applied) await step.run(tx, { gaf });
    }

    await tx
      .insert(appMeta)
      .values({ key: SEED_MARKER_KEY, value: String(SEED_VERSION) })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: String(SEED_VERSION), updatedAt: sql`now()` } });
    return { applied: true };
  });
}

async function isEmpty(tx: Tx, table: typeof gafColors | typeof gafWarranties | typeof gafShingles | typeof gafRoofLayers) {
  const rows = await tx.select({ one: sql<number>`1` }).from(table).limit(1);
  return rows.length === 0;
}

async function seedGaf(tx: Tx, gaf: ReturnType<typeof loadGafSeed>): Promise<void> {
  if (gaf.warranties.length > 0 && (await isEmpty(tx, gafWarranties))) {
    await tx.insert(gafWarranties).values(gaf.warranties);
  }
  if (gaf.shingles.length > 0 && (await isEmpty(tx, gafShingles))) {
    await tx.insert(gafShingles).values(gaf.shingles);
  }
  if (gaf.colors.length > 0 && (await isEmpty(tx, gafColors))) {
    await tx.insert(gafColors).values(gaf.colors);
  }
  if (gaf.roofLayers.length > 0 && (await isEmpty(tx, gafRoofLayers))) {
    for (const { layer, products } of gaf.roofLayers) {
      const [inserted] = await tx.insert(gafRoofLayers).values(layer).returning({ id: gafRoofLayers.id });
      if (inserted && products.length > 0) {
        await tx.insert(gafRoofProducts).values(products.map((p) => ({ ...p, layerId: inserted.id })));
      }
    }
  }
}

/** The starting price book, only into an empty one; GAF links by the catalogue's names (absent: no link). */
async function seedPriceBook(tx: Tx): Promise<void> {
  const existing = await tx.select({ one: sql<number>`1` }).from(priceBookItems).limit(1);
  if (existing.length > 0) return;
  const shingles = new Map((await tx.select({ id: gafShingles.id, model: gafShingles.model }).from(gafShingles)).map((s) => [s.model, s.id]));
  const products = new Map((await tx.select({ id: gafRoofProducts.id, name: gafRoofProducts.name }).from(gafRoofProducts)).map((p) => [p.name, p.id]));
  await tx.insert(priceBookItems).values(
    PRICE_BOOK_SEEDS.map(({ gafShingle, gafProduct, isLabour, ...item }, index) => ({
      ...item,
      isLabour: isLabour ?? false,
      gafShingleId: gafShingle ? (shingles.get(gafShingle) ?? null) : null,
      gafRoofProductId: gafProduct ? (products.get(gafProduct) ?? null) : null,
      sortOrder: index + 1,
    })),
  );
}

/** Which colours each shingle line comes in (by names; a line or colour staff removed is skipped). */
async function seedShingleColors(tx: Tx): Promise<void> {
  const shingles = await tx.select({ id: gafShingles.id, model: gafShingles.model }).from(gafShingles);
  const colors = await tx.select({ id: gafColors.id, name: gafColors.name }).from(gafColors);
  const rows: Array<{ shingleId: string; colorId: string }> = [];
  for (const shingle of shingles) {
    const wanted = SHINGLE_COLOR_SEEDS[shingle.model];
    if (!wanted) continue;
    for (const color of colors) {
      if (wanted === "all" || wanted.includes(color.name)) rows.push({ shingleId: shingle.id, colorId: color.id });
    }
  }
  if (rows.length > 0) await tx.insert(gafShingleColors).values(rows).onConflictDoNothing();
}

async function seedContracts(tx: Tx): Promise<void> {
  await tx.insert(contractSources).values(CONTRACT_SOURCE_SEEDS).onConflictDoNothing({ target: contractSources.slug });
  await tx.insert(contractCategories).values(CONTRACT_CATEGORY_SEEDS).onConflictDoNothing({ target: contractCategories.slug });

  const slugs = Object.keys(CONTRACT_SEARCH_CONFIG_SEEDS);
  const sources = await tx
    .select({ id: contractSources.id, slug: contractSources.slug })
    .from(contractSources)
    .where(inArray(contractSources.slug, slugs));
  for (const source of sources) {
    const config = CONTRACT_SEARCH_CONFIG_SEEDS[source.slug];
    if (!config) continue;
    // A source that already has a default configuration keeps it (partial unique index).
    const [existingDefault] = await tx
      .select({ id: contractSearchConfigs.id })
      .from(contractSearchConfigs)
      .where(sql`${contractSearchConfigs.sourceId} = ${source.id} and ${contractSearchConfigs.isDefault}`)
      .limit(1);
    await tx
      .insert(contractSearchConfigs)
      .values({ ...config, sourceId: source.id, isDefault: config.isDefault === true && !existingDefault })
      .onConflictDoNothing({ target: [contractSearchConfigs.sourceId, contractSearchConfigs.name] });
  }
}
