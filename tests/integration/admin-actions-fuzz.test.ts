import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/db/schema";
import { gafIntents } from "~/domain/gaf/admin-intents.server";
import { reviewActionSchema } from "~/domain/reviews/admin-schemas";
import { galleryProjectActionSchema } from "~/domain/gallery/admin-schemas";
import { serviceActionSchema } from "~/domain/services/admin-schemas";
import { teamMemberActionSchema } from "~/domain/team/admin-schemas";
import { contentActionSchema } from "~/domain/cms/content-admin-schemas";
import { settingActionSchema } from "~/domain/site-settings/admin-schemas";
import { siteConfigurationActionSchema } from "~/domain/site-settings/site-configuration-schema";
import { startCrawlFormSchema } from "~/domain/contracts/crawls/start-crawl-from-admin.server";
import { searchConfigActionSchema, sourceActionSchema } from "~/domain/contracts/sources/admin-schemas";
import { mediaActionSchema } from "~/domain/media/admin-schemas";
import { startApp, type RunningApp } from "../support/app-server";
import { createSession, createUser } from "../support/factories";
import { noiseImage } from "../support/media-images";
import { seededRandom } from "../support/prng";
import { sendConcurrently } from "../support/net";

/**
 * QUALITY R6 / S15 for the admin screens' actions: 1,200 generated INVALID
 * submissions (seeded, reproducible: FUZZ_SEED=<n> to replay or vary) to
 * POST /admin/gaf-config, /admin/reviews, /admin/cms/services,
 * /admin/cms/team, /admin/cms/gallery, /admin/cms/pages, /admin/cms/settings, /admin/site-config,
 * /admin/contracts/sources, /admin/contracts/sources/:id, /admin/contracts and /admin/media over HTTP against the real
 * production server, signed in as an admin and with the site's own Origin so
 * that the requests reach the actions (app/lib/admin-action.server.ts).
 *
 * Most cases post to `<page>.data` (React Router's single fetch, what the
 * screens' fetchers use); some post to the page itself (the document POST of
 * a form without JavaScript). Both answer with the action's own status.
 *
 * Every case starts from a VALID submission of one intent (app/domain/gaf/
 * admin-schemas.ts, app/domain/reviews/admin-schemas.ts, app/domain/services/
 * admin-schemas.ts, app/domain/team/admin-schemas.ts, app/domain/gallery/admin-schemas.ts, app/domain/cms/
 * content-admin-schemas.ts, app/domain/site-settings/site-configuration-
 * schema.ts, app/domain/contracts/sources/admin-schemas.ts, app/domain/media/admin-schemas.ts) and applies at least
 * one invalidating mutation: missing or blank required fields, wrong types,
 * values outside the lists, oversize values, control and bidi characters,
 * bad URLs and colours, bad phone numbers, email addresses, opening hours,
 * coordinates, ZIP codes, country codes, dates, place lists and focal points, an image's alt text, the delete
 * of an image in use, unknown, missing or mismatched intents, unknown and
 * repeated fields, files, ids that are not uuids, are unknown or belong to
 * another table, broken reorder lists, bad content types, malformed
 * multipart and empty bodies. "Noise" (emoji, combining marks, zero-width
 * characters, lone surrogates, which the encoder turns into U+FFFD, and
 * refused characters) is only added to free-text fields the mutations left
 * alone: it can make a case more invalid, never valid.
 *
 * The Media Library's changes (update-media, delete-media, retry-media) work on
 * three images uploaded in the setup through the app's own upload. The server
 * runs no job worker, so they stay "processing"; the third is then marked
 * failed (what "Process again" takes) and a team member is given the first
 * (its delete is refused: 409). A valid base of each intent would write. A
 * multipart POST to /admin/media is the upload, whose own reader and schema
 * refuse these intents: only a few media cases are sent that way.
 *
 * Asserted: every answer is 4xx; at least 90% of them come from the action
 * (400/404/409/422 with its toast, not a 403 from the origin check); and
 * nothing is written: a checksum of every row of the CHECKED_TABLES and the
 * number of their audit entries (AUDIT_PREFIXES) are the same before and after.
 * Finally positive controls: a valid save of a GAF colour and a valid edit of
 * an image through the same code path answer 200 and change the checksum, so
 * the harness can see a write.
 */

const CASES = Math.max(1_000, Number(process.env.FUZZ_CASES ?? 1_200));
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CONCURRENCY = 6;
const SECRET = "admin-actions-fuzz-secret-0123456789abcdefghijklmn";

if (!Number.isInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);

/* ------------------------------------------------------------------------ */
/* A small seeded PRNG                                                      */
/* ------------------------------------------------------------------------ */

const { int, pick } = seededRandom(SEED);
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
/** A version-4 uuid from the seeded PRNG (practically never one of the database's). */
function randomUuid(): string {
  const hex = Array.from({ length: 32 }, () => int(16).toString(16));
  hex[12] = "4";
  hex[16] = pick(["8", "9", "a", "b"]);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/* ------------------------------------------------------------------------ */
/* The intents and their fields                                              */
/* ------------------------------------------------------------------------ */

/** Tables whose ids the forms send. */
type Table =
  | "color"
  | "warranty"
  | "shingle"
  | "roof-layer"
  | "roof-product"
  | "review"
  | "service"
  | "team-member"
  | "gallery-project"
  | "page"
  | "block"
  | "setting"
  | "source"
  | "search-config"
  | "version"
  | "media";
/** Tables whose ids are only ever sent as "an id of another table". */
type ForeignTable = "user";

const TABLE_SQL: Record<Table | ForeignTable, string> = {
  color: "gaf_colors",
  warranty: "gaf_warranties",
  shingle: "gaf_shingles",
  "roof-layer": "gaf_roof_layers",
  "roof-product": "gaf_roof_products",
  review: "google_reviews",
  user: "users",
  service: "cms_services",
  "team-member": "cms_team_members",
  "gallery-project": "cms_gallery_projects",
  page: "cms_pages",
  block: "cms_content_blocks",
  setting: "cms_site_settings",
  source: "contract_sources",
  "search-config": "contract_search_configs",
  version: "content_versions",
  media: "media_assets",
};
/** The tables nothing may be written to, and the audit actions that would record a write. */
const CHECKED_TABLES = [
  "gaf_colors",
  "gaf_warranties",
  "gaf_shingles",
  "gaf_roof_layers",
  "gaf_roof_products",
  "google_reviews",
  "cms_services",
  "cms_team_members",
  "cms_gallery_projects",
  "contract_sources",
  "contract_search_configs",
  "contract_crawl_sessions",
  "cms_pages",
  "cms_content_blocks",
  "cms_site_settings",
  "content_versions",
  "media_assets",
] as const;
/** The audit actions of those tables' changes. */
const AUDIT_PREFIXES = ["gaf.", "review.", "cms.service.", "cms.team_member.", "cms.gallery_project.", "cms.page.", "cms.block.", "cms.setting.", "site_config.", "contracts.", "media."] as const;

type FieldSpec =
  | { kind: "text"; max: number; required?: boolean; multiline?: boolean }
  /** An http(s) URL; optional unless `required` (a contract source's base URL). */
  | { kind: "url"; required?: boolean }
  /** A contract source's slug: lowercase letters, digits and hyphens. */
  | { kind: "slug" }
  /** A two-letter US state code, optional. */
  | { kind: "state" }
  /** A 5-field cron expression, optional. */
  | { kind: "cron" }
  /** An http(s) URL or a path on the site ("/images/a.svg"). */
  | { kind: "urlOrPath"; required?: boolean }
  | { kind: "hex" }
  /** A whole number in range; `blankAs`: blank or absent stands for that number (not required). */
  | { kind: "whole"; min: number; max: number; blankAs?: number }
  | { kind: "flag" }
  | { kind: "tri" }
  | { kind: "choice"; values: readonly string[] }
  /** A required choice (a select that always sends one of `values`). */
  | { kind: "enum"; values: readonly string[] }
  | { kind: "active" }
  | { kind: "id"; table: Table; required: boolean }
  | { kind: "layer" }
  | { kind: "ids"; table: Table }
  /** A page or block key: lowercase letters, digits, hyphens and underscores. */
  | { kind: "key" }
  /** A setting key: lowercase letters, digits and underscores, starting with a letter (no hyphens). */
  | { kind: "settingKey" }
  /** A decimal number typed as text ("24", "-83.1141"): a number setting's value. */
  | { kind: "decimal" }
  /**
   * JSON typed in a field (block content, page metadata): one of `samples` is valid. `anyShape`: any JSON
   * that parses is valid (a json setting's value), so only syntax errors make it invalid.
   */
  | { kind: "json"; samples: readonly string[]; required: boolean; anyShape?: boolean; params?: boolean }
  /** Site Configuration's typed facts (app/domain/site-settings/site-configuration-schema.ts). */
  | { kind: "phone" }
  | { kind: "email"; required: boolean }
  /** Opening hours, one line per day or run of days ("Monday-Friday 07:00-18:00"); blank = none. */
  | { kind: "hours" }
  /** A decimal degree within [-limit, limit]; always sent (one coordinate without the other is invalid). */
  | { kind: "coord"; limit: number }
  | { kind: "zip" }
  | { kind: "country" }
  | { kind: "date" }
  /** A scheduled publishing time in company time (`datetime-local`, America/New_York); blank = none. */
  | { kind: "companyTime" }
  /** Place names, one per line, at least one, none twice. */
  | { kind: "places" }
  /** An image's focal point: "x,y", two whole percentages from 0 to 100 in one field (the editor posts both). */
  | { kind: "focal" };

type Endpoint = "gaf" | "reviews" | "services" | "team" | "gallery" | "pages" | "settings" | "siteConfig" | "sources" | "sourceConfigs" | "contracts" | "media";
const PAGES: Record<Endpoint, string> = {
  gaf: "/admin/gaf-config",
  reviews: "/admin/reviews",
  services: "/admin/cms/services",
  team: "/admin/cms/team",
  gallery: "/admin/cms/gallery",
  pages: "/admin/cms/pages",
  settings: "/admin/cms/settings",
  siteConfig: "/admin/site-config",
  sources: "/admin/contracts/sources",
  // The configurations' actions take the source from the form (sourceId), not from the path.
  sourceConfigs: "/admin/contracts/sources/00000000-0000-4000-8000-000000000000",
  contracts: "/admin/contracts",
  media: "/admin/media",
};

interface IntentDef {
  endpoint: Endpoint;
  intent: string;
  table: Table;
  fields: Record<string, FieldSpec>;
}

const text = (max: number, extra: { required?: boolean; multiline?: boolean } = {}): FieldSpec => ({ kind: "text", max, ...extra });
const URL_FIELD: FieldSpec = { kind: "url" };
const FLAG: FieldSpec = { kind: "flag" };
const TRI: FieldSpec = { kind: "tri" };
// The spec's lists (spec 2 §3), written out: the test must not follow a change of the app's constants.
const PRICE_TIERS = ["$", "$$", "$$$", "$$$$"] as const;
const SHINGLE_TYPES = ["Architectural", "Designer", "3-Tab"] as const;
const SERVICE_ICONS = ["Construction", "Wrench", "Cloud", "Shield", "Building", "FileCheck", "Hammer", "Home", "Settings", "Tool", "Zap", "CheckCircle"] as const;
const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
const IMAGE_POSITIONS = ["center", "top", "bottom"] as const;
/** The gallery's five categories (spec 1 §2 "Our Work"). */
const GALLERY_CATEGORIES = ["Residential", "Insurance Claim", "Commercial", "Specialty Project", "Premium Installation"] as const;
/** Some US state codes (the address's region is a select of every state). */
const US_STATE_SAMPLE = ["OH", "KY", "PA", "WV", "IN", "MI", "DC", "CA"] as const;

/** The tables of the GAF portal configuration (/admin/gaf-config). */
type GafKind = Exclude<Table, "review" | "service" | "team-member" | "gallery-project" | "page" | "block" | "setting" | "source" | "search-config" | "version" | "media">;
const GAF_KIND_FIELDS: Record<GafKind, Record<string, FieldSpec>> = {
  color: { name: text(200, { required: true }), hexColor: { kind: "hex" }, availabilityUrl: URL_FIELD },
  warranty: {
    name: text(300, { required: true }),
    coverageType: text(200),
    upfrontCoveragePeriod: text(200),
    manufacturingDefectCoverage: text(500),
    workmanshipCoverage: text(500),
    systemCoverage: FLAG,
    windTermYears: { kind: "whole", min: 0, max: 100, blankAs: 0 },
    transferable: FLAG,
    algaeProtection: text(200),
    pdfUrl: URL_FIELD,
  },
  shingle: {
    model: text(200, { required: true }),
    priceTier: { kind: "choice", values: PRICE_TIERS },
    shingleType: { kind: "choice", values: SHINGLE_TYPES },
    layerLock: TRI,
    windProven: TRI,
    lifetimeWarranty: TRI,
    algaeProtectionClass: text(200),
    title24Compliant: TRI,
    officialUrl: URL_FIELD,
  },
  "roof-layer": { title: text(200, { required: true }), description: text(2000, { multiline: true }) },
  "roof-product": {
    layerId: { kind: "layer" },
    name: text(200, { required: true }),
    tagline: text(300),
    longDescription: text(5000, { multiline: true }),
    imgUrl: URL_FIELD,
    productUrl: URL_FIELD,
  },
};
const GAF_KINDS = Object.keys(GAF_KIND_FIELDS) as GafKind[];

/** The content lists of /admin/cms (Services Manager, Team Members): create, update, publish, flag, delete, reorder. */
const CMS_LISTS = [
  {
    endpoint: "services",
    table: "service",
    noun: "service",
    plural: "services",
    flag: ["set-service-featured", "featured"],
    fields: {
      title: text(200, { required: true }),
      description: text(5000, { required: true, multiline: true }),
      iconName: { kind: "enum", values: SERVICE_ICONS },
      imageUrl: { kind: "urlOrPath" },
      isFeatured: FLAG,
    },
  },
  {
    endpoint: "team",
    table: "team-member",
    noun: "team-member",
    plural: "team-members",
    flag: ["set-team-member-leadership", "leadership"],
    fields: {
      name: text(200, { required: true }),
      role: text(200, { required: true }),
      bio: text(5000, { required: true, multiline: true }),
      imageUrl: { kind: "urlOrPath" },
      imagePosition: { kind: "enum", values: IMAGE_POSITIONS },
      isLeadership: FLAG,
      socialLinkedin: URL_FIELD,
      socialFacebook: URL_FIELD,
      socialInstagram: URL_FIELD,
      socialX: URL_FIELD,
      socialWebsite: URL_FIELD,
    },
  },
] as const satisfies ReadonlyArray<{
  endpoint: Endpoint;
  table: Table;
  noun: string;
  plural: string;
  flag: readonly [string, string];
  fields: Record<string, FieldSpec>;
}>;

/** Valid page metadata and block content (spec 2 §3, §9; app/domain/cms/block-content.ts), written out. */
const PUBLISH_STATES = ["published", "draft"] as const;
const PAGE_METADATA_SAMPLES = ["{}", '{"title":"About Us"}', '{"title":"Ünïcödé 😀","description":"Line one\\nLine two","ogImage":"/images/og.png"}'];
const BLOCK_CONTENT_SAMPLES: Record<string, readonly string[]> = {
  text: ['{"paragraphs":["One."]}', '{"eyebrow":"Who","heading":"Our Mission","paragraphs":["**Bold** and [a link](/about).","Second\\nline"]}', '{"heading":"Only a heading","paragraphs":[]}'],
  card_grid: [
    '{"cards":[{"title":"A","text":"B"}]}',
    '{"heading":"Values","intro":"Three.","cards":[{"title":"Integrity","text":"Honest.","icon":"ShieldCheck","link":{"label":"More","href":"/about#team"}},{"title":"中文","text":"😀"}]}',
  ],
  list: ['{"items":["One"]}', '{"heading":"Why","items":["a","b"],"ordered":true}'],
  feature_list: ['{"features":[{"title":"T","description":"D"}]}', '{"intro":"I","features":[{"title":"T","description":"D","icon":"Eye"}]}'],
  feature_grid: ['{"features":[{"title":"24 years","description":"of service","icon":"Medal"}]}'],
  image_text: [
    '{"heading":"H","paragraphs":["P"],"imageUrl":"/images/a.svg","imageAlt":"A roof"}',
    '{"heading":"H","paragraphs":["P"],"imageUrl":"https://example.com/a.jpg","imageAlt":"A","imageSide":"left"}',
  ],
};

/** Site Settings (spec 2 §9): the types, each with its value field, and the categories, written out. */
const SETTING_CATEGORIES = ["general", "contact", "branding", "social", "certifications", "seo"] as const;
const SETTING_VALUES: Record<string, FieldSpec> = {
  text: text(5000, { required: true }),
  html: text(20_000, { required: true, multiline: true }),
  json: { kind: "json", samples: ['{"facebook":"https://facebook.com/x"}', '["Columbus","Dublin"]', "42", '"text"', "null"], required: true, anyShape: true },
  boolean: { kind: "enum", values: ["true", "false"] },
  number: { kind: "decimal" },
  url: URL_FIELD,
};

const INTENTS: IntentDef[] = [
  ...GAF_KINDS.flatMap((kind): IntentDef[] => [
    { endpoint: "gaf", intent: `save-${kind}`, table: kind, fields: { id: { kind: "id", table: kind, required: false }, ...GAF_KIND_FIELDS[kind] } },
    { endpoint: "gaf", intent: `deactivate-${kind}`, table: kind, fields: { id: { kind: "id", table: kind, required: true } } },
    { endpoint: "gaf", intent: `reactivate-${kind}`, table: kind, fields: { id: { kind: "id", table: kind, required: true } } },
    { endpoint: "gaf", intent: `reorder-${kind}`, table: kind, fields: { ids: { kind: "ids", table: kind } } },
  ]),
  {
    endpoint: "reviews",
    intent: "save-review",
    table: "review",
    fields: {
      id: { kind: "id", table: "review", required: false },
      reviewerName: text(200, { required: true }),
      rating: { kind: "whole", min: 1, max: 5 },
      reviewText: text(5000, { multiline: true }),
      relativeTimeDescription: text(100),
      isActive: FLAG,
    },
  },
  { endpoint: "reviews", intent: "set-review-active", table: "review", fields: { id: { kind: "id", table: "review", required: true }, active: { kind: "active" } } },
  { endpoint: "reviews", intent: "delete-review", table: "review", fields: { id: { kind: "id", table: "review", required: true } } },
  ...CMS_LISTS.flatMap(({ endpoint, table, noun, plural, flag: [flagIntent, flagField], fields }): IntentDef[] => {
    const id: FieldSpec = { kind: "id", table, required: true };
    return [
      { endpoint, intent: `create-${noun}`, table, fields },
      { endpoint, intent: `update-${noun}`, table, fields: { id, ...fields, status: { kind: "enum", values: CONTENT_STATUSES } } },
      { endpoint, intent: `set-${noun}-published`, table, fields: { id, published: { kind: "active" } } },
      { endpoint, intent: flagIntent, table, fields: { id, [flagField]: { kind: "active" } } },
      { endpoint, intent: `delete-${noun}`, table, fields: { id } },
      { endpoint, intent: `reorder-${plural}`, table, fields: { ids: { kind: "ids", table } } },
    ];
  }),
  // Gallery (/admin/cms/gallery): the list's intents without a flag (ADR 025).
  ...((): IntentDef[] => {
    const table = "gallery-project";
    const id: FieldSpec = { kind: "id", table, required: true };
    const fields: Record<string, FieldSpec> = {
      title: text(200, { required: true }),
      category: { kind: "enum", values: GALLERY_CATEGORIES },
      imageUrl: { kind: "urlOrPath", required: true },
      imageAlt: text(300, { required: true }),
      description: text(2000, { multiline: true }),
    };
    return [
      { endpoint: "gallery", intent: "create-gallery-project", table, fields },
      { endpoint: "gallery", intent: "update-gallery-project", table, fields: { id, ...fields, status: { kind: "enum", values: CONTENT_STATUSES } } },
      { endpoint: "gallery", intent: "set-gallery-project-published", table, fields: { id, published: { kind: "active" } } },
      { endpoint: "gallery", intent: "delete-gallery-project", table, fields: { id } },
      { endpoint: "gallery", intent: "reorder-gallery-projects", table, fields: { ids: { kind: "ids", table } } },
    ];
  })(),
  // Contract sources (/admin/contracts/sources) and their search configurations (ADR 027).
  ...((): IntentDef[] => {
    const table = "source";
    const id: FieldSpec = { kind: "id", table, required: true };
    const fields: Record<string, FieldSpec> = {
      name: text(200, { required: true }),
      slug: { kind: "slug" },
      description: text(2000, { multiline: true }),
      baseUrl: { kind: "url", required: true },
      sourceType: { kind: "enum", values: ["scraper", "api", "rss", "manual"] },
      logoUrl: URL_FIELD,
      requestsPerMinute: { kind: "whole", min: 1, max: 120 },
      // Per hour below per minute is refused as well: a case may start invalid, never end valid.
      requestsPerHour: { kind: "whole", min: 1, max: 10_000 },
      delayBetweenRequestsMs: { kind: "whole", min: 0, max: 60_000 },
      isActive: FLAG,
    };
    return [
      { endpoint: "sources", intent: "create-source", table, fields },
      { endpoint: "sources", intent: "update-source", table, fields: { id, ...fields } },
      { endpoint: "sources", intent: "delete-source", table, fields: { id } },
      { endpoint: "sources", intent: "test-source", table, fields: { id } },
    ];
  })(),
  ...((): IntentDef[] => {
    const table = "search-config";
    const id: FieldSpec = { kind: "id", table, required: true };
    const fields: Record<string, FieldSpec> = {
      name: text(200, { required: true }),
      description: text(2000, { multiline: true }),
      keywords: text(2040, { required: true, multiline: true }),
      state: { kind: "state" },
      locationId: text(50),
      customParameters: { kind: "json", samples: ["{}", '{"solSearchStatus":"openSolicitationsTab"}', '{"gov[]":["sl","fed"],"maxPages":2,"statePages":false}'], required: false, params: true },
      scheduleCron: { kind: "cron" },
      // A default that is not active is refused as well: a case may start invalid, never end valid.
      isActive: FLAG,
      isDefault: FLAG,
    };
    return [
      { endpoint: "sourceConfigs", intent: "create-search-config", table, fields: { sourceId: { kind: "id", table: "source", required: true }, ...fields } },
      { endpoint: "sourceConfigs", intent: "update-search-config", table, fields: { id, ...fields } },
      { endpoint: "sourceConfigs", intent: "set-search-config-active", table, fields: { id, active: { kind: "active" } } },
      { endpoint: "sourceConfigs", intent: "set-default-search-config", table, fields: { id } },
      // Get Contracts (/admin/contracts, ADR 028): a source and one of its configurations.
      {
        endpoint: "contracts",
        intent: "start-crawl",
        table,
        fields: { sourceId: { kind: "id", table: "source", required: true }, searchConfigId: { kind: "id", table, required: true } },
      },
    ];
  })(),
  // Page Content (/admin/cms/pages): pages, and blocks of each type (each type with content that fits it).
  {
    endpoint: "pages",
    intent: "save-page",
    table: "page",
    fields: {
      id: { kind: "id", table: "page", required: false },
      pageKey: { kind: "key" },
      title: text(200, { required: true }),
      content: text(50_000, { required: true, multiline: true }),
      metadata: { kind: "json", samples: PAGE_METADATA_SAMPLES, required: false },
      status: { kind: "choice", values: CONTENT_STATUSES },
    },
  },
  { endpoint: "pages", intent: "set-page-status", table: "page", fields: { id: { kind: "id", table: "page", required: true }, status: { kind: "enum", values: PUBLISH_STATES } } },
  { endpoint: "pages", intent: "delete-page", table: "page", fields: { id: { kind: "id", table: "page", required: true } } },
  ...Object.entries(BLOCK_CONTENT_SAMPLES).map(
    ([type, samples]): IntentDef => ({
      endpoint: "pages",
      intent: "save-block",
      table: "block",
      fields: {
        id: { kind: "id", table: "block", required: false },
        blockKey: { kind: "key" },
        blockType: { kind: "enum", values: [type] },
        title: text(200, { required: true }),
        content: { kind: "json", samples, required: true },
        status: { kind: "choice", values: CONTENT_STATUSES },
      },
    }),
  ),
  { endpoint: "pages", intent: "set-block-status", table: "block", fields: { id: { kind: "id", table: "block", required: true }, status: { kind: "enum", values: PUBLISH_STATES } } },
  { endpoint: "pages", intent: "delete-block", table: "block", fields: { id: { kind: "id", table: "block", required: true } } },
  // Site Settings (/admin/cms/settings): add and edit once per type (each with a value of its type).
  ...Object.entries(SETTING_VALUES).flatMap(([type, value]): IntentDef[] => {
    const fields: Record<string, FieldSpec> = {
      settingKey: { kind: "settingKey" },
      settingType: { kind: "enum", values: [type] },
      settingValue: value,
      category: { kind: "enum", values: SETTING_CATEGORIES },
      description: text(500),
    };
    return [
      { endpoint: "settings", intent: "create-setting", table: "setting", fields },
      { endpoint: "settings", intent: "update-setting", table: "setting", fields: { id: { kind: "id", table: "setting", required: true }, ...fields } },
    ];
  }),
  { endpoint: "settings", intent: "set-setting-public", table: "setting", fields: { id: { kind: "id", table: "setting", required: true }, public: { kind: "active" } } },
  { endpoint: "settings", intent: "delete-setting", table: "setting", fields: { id: { kind: "id", table: "setting", required: true } } },
  // Restore of a version from the History dialog of each screen (ADR 029): the kind the screen manages, the
  // item and one of the versions (the valid base usually pairs an item with another item's version: 404).
  ...(
    [
      ["services", "service", "service"],
      ["team", "team_member", "team-member"],
      ["gallery", "gallery_project", "gallery-project"],
      ["pages", "page", "page"],
      ["pages", "block", "block"],
      ["settings", "setting", "setting"],
    ] as const
  ).map(
    ([endpoint, kind, table]): IntentDef => ({
      endpoint,
      intent: "restore-version",
      table,
      fields: { kind: { kind: "enum", values: [kind] }, id: { kind: "id", table, required: true }, versionId: { kind: "id", table: "version", required: true } },
    }),
  ),
  // Schedule / Cancel schedule of each screen's items (ADR 029).
  ...(
    [
      ["services", "service", "service"],
      ["team", "team_member", "team-member"],
      ["gallery", "gallery_project", "gallery-project"],
      ["pages", "page", "page"],
      ["pages", "block", "block"],
    ] as const
  ).flatMap(([endpoint, kind, table]): IntentDef[] => {
    const target: Record<string, FieldSpec> = { kind: { kind: "enum", values: [kind] }, id: { kind: "id", table, required: true } };
    return [
      { endpoint, intent: "set-schedule", table, fields: { ...target, publishAt: { kind: "companyTime" }, unpublishAt: { kind: "companyTime" } } },
      { endpoint, intent: "cancel-schedule", table, fields: target },
    ];
  }),
  {
    endpoint: "siteConfig",
    intent: "restore-version",
    table: "version",
    fields: {
      kind: { kind: "enum", values: ["site_configuration"] },
      id: { kind: "enum", values: ["site-configuration"] },
      versionId: { kind: "id", table: "version", required: true },
    },
  },
  // Media Library (/admin/media, ADR 031): an image's alt text and focal point, Delete, Process again.
  ...((): IntentDef[] => {
    const table = "media";
    const id: FieldSpec = { kind: "id", table, required: true };
    return [
      // The spec's limit of alt text, written out (MEDIA_ALT_MAX).
      { endpoint: "media", intent: "update-media", table, fields: { id, altText: text(300, { required: true }), focalPoint: { kind: "focal" } } },
      { endpoint: "media", intent: "delete-media", table, fields: { id } },
      { endpoint: "media", intent: "retry-media", table, fields: { id } },
    ];
  })(),
  // Site Configuration (/admin/site-config): one form of every business fact.
  {
    endpoint: "siteConfig",
    intent: "save-site-configuration",
    table: "setting",
    fields: {
      businessName: text(200, { required: true }),
      phone: { kind: "phone" },
      email: { kind: "email", required: true },
      leadAlertEmail: { kind: "email", required: false },
      addressStreet: text(200, { required: true }),
      addressLocality: text(100, { required: true }),
      addressRegion: { kind: "enum", values: US_STATE_SAMPLE },
      addressPostalCode: { kind: "zip" },
      addressCountry: { kind: "country" },
      geoLatitude: { kind: "coord", limit: 90 },
      geoLongitude: { kind: "coord", limit: 180 },
      serviceArea: { kind: "places" },
      openingHours: { kind: "hours" },
      accreditationBureauName: text(200, { required: true }),
      accreditationBusinessName: text(200, { required: true }),
      accreditationRating: text(10, { required: true }),
      accreditationAccreditedSince: { kind: "date" },
      accreditationComplaints: { kind: "whole", min: 0, max: 100_000 },
      accreditationStandardsText: text(5000, { required: true, multiline: true }),
      accreditationProfileUrl: URL_FIELD,
      certificationName: text(200, { required: true }),
      certificationImageUrl: { kind: "urlOrPath", required: true },
      socialFacebook: URL_FIELD,
      socialInstagram: URL_FIELD,
      socialLinkedin: URL_FIELD,
      socialYoutube: URL_FIELD,
      socialX: URL_FIELD,
      socialGoogle: URL_FIELD,
    },
  },
];

function isRequired(spec: FieldSpec): boolean {
  switch (spec.kind) {
    case "text":
      return spec.required === true;
    case "id":
      return spec.required;
    case "whole":
      return spec.blankAs === undefined;
    case "hex":
    case "enum":
    case "active":
    case "layer":
    case "ids":
    case "key":
    case "settingKey":
    case "decimal":
      return true;
    case "json":
      return spec.required;
    case "urlOrPath":
    case "url":
      return spec.required === true;
    case "slug":
      return true;
    case "email":
      return spec.required;
    case "phone":
    case "zip":
    case "country":
    case "date":
    case "places":
    case "focal":
      return true;
    default:
      return false;
  }
}

/* ------------------------------------------------------------------------ */
/* Valid submissions                                                        */
/* ------------------------------------------------------------------------ */

type Field = [name: string, value: string];

/** Ids in the database, filled in before the cases are generated (ordered, so a seed replays the same choices). */
const ids = {} as Record<Table | ForeignTable, string[]>;
/** The library images uploaded in the setup, by what they are for. */
const media = { inUse: "", unused: "", failed: "" };

const ABSENT = Symbol("absent");
const TEXT_SAMPLES = ["Charcoal", "Weathered Wood", "Golden Amber", "Ünïcödé ñame 😀", "O'Brien & Sons <b>bold</b>", "中文 名字", "Name  with  inner  spaces", "Timberline® HDZ™"];
const MULTILINE_SAMPLES = ["Line one\nLine two\twith a tab\r\nLine three", "A paragraph.\n\nAnother one."];
const URL_SAMPLES = ["https://www.gaf.com/en-us/roofing-products", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM/X", "https://例え.jp/パス"];

function validValue(spec: FieldSpec): string | typeof ABSENT {
  switch (spec.kind) {
    case "text":
      if (!spec.required && int(4) === 0) return pick([ABSENT, "", "   "]);
      if (spec.multiline && int(2) === 0) return pick(MULTILINE_SAMPLES);
      // Short fields (a rating such as "A+") get samples that fit.
      return spec.max < 30 ? pick(["A+", "B", "Ünï", "中文"]) : pick(TEXT_SAMPLES);
    case "url":
      return spec.required ? pick(URL_SAMPLES) : pick([...URL_SAMPLES, "", ABSENT]);
    case "slug":
      return pick(["fuzz-source", "a", "ohio-bids-2", "2026"]);
    case "state":
      return pick(["OH", "oh", "Tx", "", ABSENT]);
    case "cron":
      return pick(["0 6 * * *", "*/15 7-18 * * 1-5", "30 5 1,15 * *", "", ABSENT]);
    case "urlOrPath":
      return spec.required
        ? pick([...URL_SAMPLES, "/images/team/marcus-hale.svg", "/images/services/a%20b.png"])
        : pick([...URL_SAMPLES, "/images/team/marcus-hale.svg", "/images/services/a%20b.png", "", ABSENT]);
    case "hex":
      return pick(["#3a3b3d", "#FFFFFF", "#00aa11", "#AbCdEf"]);
    case "whole":
      if (spec.blankAs !== undefined && int(4) === 0) return pick([ABSENT, "", "  "]);
      return String(spec.min + int(spec.max - spec.min + 1));
    case "flag":
      return pick(["on", "true", "1", "", "false", "off", "0", ABSENT]);
    case "tri":
      return pick(["yes", "no", "unknown", "", ABSENT]);
    case "choice":
      return pick([...spec.values, "", ABSENT]);
    case "enum":
      return pick(spec.values);
    case "key":
      return pick(["new-page", "new-block", "about_us", "fuzz-2", "a", "privacy-115-new-topic"]);
    case "settingKey":
      return pick(["new_setting", "office_fax", "a", "fuzz_2", "promo_banner_2026"]);
    case "decimal":
      return pick(["24", "-83.1141", "0", "0.5", "1000000"]);
    case "json":
      return spec.required ? pick(spec.samples) : pick([...spec.samples, "", ABSENT]);
    case "active":
      return pick(["true", "false"]);
    case "id":
      return spec.required ? pick(ids[spec.table]) : pick([ABSENT, "", pick(ids[spec.table])]);
    case "layer":
      return pick(ids["roof-layer"]);
    case "ids":
      return shuffled(ids[spec.table]).join(",");
    case "phone":
      return pick(["(614) 555-0147", "614-555-0199", "+1 614 555 0100", "6145550147", "1.614.555.0147"]);
    case "email":
      return spec.required ? pick(EMAIL_SAMPLES) : pick([...EMAIL_SAMPLES, "", ABSENT]);
    case "hours":
      return pick(["Monday-Friday 07:00-18:00\nSaturday 08:00-14:00", "sunday 10:00 – 12:00", "Monday–Sunday 00:00-23:59", "", " \n ", ABSENT]);
    case "coord":
      return pick([String(spec.limit), String(-spec.limit), "0", "-12.5", "40.0992", "1.12345678"]);
    case "zip":
      return pick(["43017", "43017-1234", "00501"]);
    case "country":
      return pick(["US", "CA"]);
    case "date":
      return pick(["2019-03-14", "2000-02-29", "1900-01-01"]);
    case "companyTime":
      return pick(["2031-05-04T09:00", "2032-12-01T17:30:15", "2031-11-02T01:30", "", ABSENT]);
    case "places":
      return pick(["Columbus\nDublin", "Franklin County", "Ünïcödé City\n中文\r\nDelaware County", "  Newark  \n\n"]);
    case "focal":
      return pick(["50,50", "0,0", "100,100", "30,70", "0,100", "100,0", " 12 , 34 ", "7,93", "050,005"]);
  }
}

const EMAIL_SAMPLES = ["office@example.com", "leads+ohio@buckeye-roofing.example.org", "O.Brien@Example.COM"];

function validFields(def: IntentDef): Field[] {
  const fields: Field[] = [["intent", def.intent]];
  for (const [name, spec] of Object.entries(def.fields)) {
    const value = validValue(spec);
    if (value !== ABSENT) fields.push([name, value]);
  }
  return fields;
}

/* ------------------------------------------------------------------------ */
/* Cases and mutations                                                      */
/* ------------------------------------------------------------------------ */

interface Case {
  n: number;
  category: string;
  endpoint: Endpoint;
  intent: string;
  method: string;
  /** Post to the page itself (HTML answer) instead of `<page>.data`. */
  document: boolean;
  encoding: "urlencoded" | "multipart";
  fields: Field[];
  /** Fields sent as files (a multipart part with a filename). */
  files: Array<[field: string, filename: string, content: string]>;
  raw?: { body: Uint8Array; contentType?: string; label: string };
}

const get = (c: Case, name: string) => c.fields.find(([n]) => n === name)?.[1];
function set(c: Case, name: string, value: string) {
  const i = c.fields.findIndex(([n]) => n === name);
  if (i >= 0) c.fields[i] = [name, value];
  else c.fields.push([name, value]);
}
function remove(c: Case, name: string) {
  c.fields = c.fields.filter(([n]) => n !== name);
}
/** One of the fields that hold ids; a roof product's layerId more often (the only 422 path: a layer that is not there). */
function idField(def: IntentDef): string {
  const names = fieldNames(def, (s) => s.kind === "id" || s.kind === "layer" || s.kind === "ids");
  return names.includes("layerId") && int(3) > 0 ? "layerId" : pick(names);
}
const fieldNames = (def: IntentDef, test: (spec: FieldSpec) => boolean) =>
  Object.entries(def.fields)
    .filter(([, spec]) => test(spec))
    .map(([name]) => name);
function insertAt(value: string, inserted: string): string {
  const at = pick([0, value.length, int(value.length + 1)]);
  return value.slice(0, at) + inserted + value.slice(at);
}
/** An id of any table but `table` (gaf tables, reviews, users, CMS rows). */
function foreignId(table: Table): string {
  const tables = (Object.keys(ids) as Array<Table | ForeignTable>).filter((t) => t !== table && ids[t].length > 0);
  return pick(ids[pick(tables)]);
}

/** Site Configuration's typed facts: refused like text (control, bidi, length) and by their own rules. */
const TYPED_FACTS = ["phone", "email", "hours", "coord", "zip", "country", "date", "places", "companyTime"] as const;

const SINGLE_LINE_REFUSED = ["\u0000", "\u0007", "\t", "\n", "\r", "\r\n", "\u000b", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029"];
const MULTILINE_REFUSED = ["\u0000", "\u0007", "\u0008", "\u000b", "\u000c", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029"];
const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
// Blank, or only invisible characters (zero-width spaces, fillers, variation selectors, a lone combining mark).
const BLANKS = ["", " ", "   ", "\u00a0", "\u3000 \u00a0", "\ufeff", " \ufeff ", "\t \n", "\u200b", "\u200c\u200d", "\u2060", "\u00ad", "\u3164", "\ufe0f", "\u0301"];
const NOT_UUIDS = (id: string) => [
  "1",
  "0",
  "-1",
  "abc",
  "null",
  "undefined",
  "[object Object]",
  "' OR '1'='1",
  "1; drop table gaf_colors; --",
  "../../etc/passwd",
  id.slice(0, -1),
  `${id}0`,
  `${id} x`,
  `{${id}}`,
  id.replace(/-/g, ""),
  `g${id.slice(1)}`,
  "12345678-1234-1234-1234-123456789012",
  `urn:uuid:${id}`,
  id.replace(/-/g, "\u2010"),
  ` ${id}`,
  `${id}\u0000`,
  `${id},${id}`,
];

interface Mutation {
  applies: (def: IntentDef) => boolean;
  /** Makes the case invalid; returns the fields it made invalid (noise stays away from them). */
  run: (c: Case, def: IntentDef) => string[];
}

const MUTATIONS: Record<string, Mutation> = {
  "missing required field": {
    applies: (def) => fieldNames(def, isRequired).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, isRequired));
      remove(c, name);
      return [name];
    },
  },
  "blank or whitespace-only required field": {
    applies: (def) => fieldNames(def, isRequired).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, isRequired));
      set(c, name, pick(BLANKS));
      return [name];
    },
  },
  "wrong type (not a whole number in range)": {
    applies: (def) => fieldNames(def, (s) => s.kind === "whole").length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => s.kind === "whole"));
      const common = ["1.5", "-1", "1e3", "1e0", "twelve", "five", "0x10", "１２", "٣", "1 2", "NaN", "Infinity", "+5", "12,5", "[3]", "{}", "true", "99999999999", "½", "3 stars", "4.0"];
      const spec = def.fields[name] as Extract<FieldSpec, { kind: "whole" }>;
      set(c, name, pick([...common, String(spec.min - 1), String(spec.max + 1), `${spec.min}abc`, String(spec.max * 10)]));
      return [name];
    },
  },
  "value outside the list": {
    applies: (def) => fieldNames(def, (s) => ["flag", "tri", "choice", "enum", "active"].includes(s.kind)).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => ["flag", "tri", "choice", "enum", "active"].includes(s.kind)));
      const spec = def.fields[name]!;
      if (spec.kind === "enum") {
        // Near misses of the list's own values, and values of other lists.
        const value = pick(spec.values);
        const near = [value.toLowerCase(), value.toUpperCase(), `${value} `, ` ${value}`, `${value}\u0000`, `${value}s`, value.slice(1), ""];
        const others = ["Rocket", "wrench", "left", "middle", "deleted", "Published", "active", "null", "0", "[]"];
        set(c, name, pick([...near, ...others].filter((v) => !spec.values.includes(v))));
        return [name];
      }
      const values: Record<string, string[]> = {
        flag: ["yes", "no", "2", "TRUE", "On", "checked", "on ", " on", "null", "-1", "ON"],
        tri: ["true", "false", "1", "0", "on", "Yes", "NO", "maybe", "null", " yes", "unknown "],
        active: ["yes", "no", "1", "0", "TRUE", "on", "truee", "True", "false ", "", "null"],
        choice:
          spec.kind === "choice" && spec.values === PRICE_TIERS
            ? ["$$$$$", "€", "cheap", "$ ", " $", "premium", "$$ $", "＄", "4"]
            : ["architectural", "Designer ", "4-Tab", "3-tab", "Slate", "ARCHITECTURAL", "3–Tab", "Designer\u0000"],
      };
      set(c, name, pick(values[spec.kind]!));
      return [name];
    },
  },
  "too long": {
    applies: (def) => fieldNames(def, (s) => ["text", "url", "urlOrPath", "hex", "whole", "decimal", "focal", ...TYPED_FACTS].includes(s.kind)).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => ["text", "url", "urlOrPath", "hex", "whole", "decimal", "focal", ...TYPED_FACTS].includes(s.kind)));
      const spec = def.fields[name]!;
      const huge = int(3) === 0;
      let value: string;
      if (spec.kind === "text") value = pick(["x", "é", "😀", "中", "e\u0301"]).repeat(huge ? 100_000 : spec.max + 1 + int(5));
      else if (spec.kind === "url" || spec.kind === "urlOrPath") value = `https://example.com/${"a".repeat(huge ? 100_000 : 1_981 + int(5))}`;
      else if (spec.kind === "hex") value = `#${"a".repeat(huge ? 100_000 : 7)}`;
      else if (spec.kind === "decimal") value = "1".repeat(huge ? 100_000 : 31 + int(5));
      else if (spec.kind === "focal") value = `${"0".repeat(huge ? 100_000 : 12 + int(5))}50,50`;
      else if ((TYPED_FACTS as readonly string[]).includes(spec.kind)) value = "1".repeat(huge ? 100_000 : 20_001);
      else value = huge ? `${"0".repeat(100_000)}5` : "1".repeat(13);
      set(c, name, value);
      return [name];
    },
  },
  "control characters": {
    applies: (def) => fieldNames(def, (s) => ["text", "url", "urlOrPath", "hex", "whole", "decimal", "focal", ...TYPED_FACTS].includes(s.kind)).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => ["text", "url", "urlOrPath", "hex", "whole", "decimal", "focal", ...TYPED_FACTS].includes(s.kind)));
      const spec = def.fields[name]!;
      const multiline = (spec.kind === "text" && spec.multiline) || spec.kind === "hours" || spec.kind === "places";
      const refused = multiline ? MULTILINE_REFUSED : SINGLE_LINE_REFUSED;
      set(c, name, insertAt(get(c, name) ?? "", pick(refused)));
      return [name];
    },
  },
  "bidi override characters": {
    applies: (def) => fieldNames(def, (s) => ["text", "url", "urlOrPath", "focal", ...TYPED_FACTS].includes(s.kind)).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => ["text", "url", "urlOrPath", "focal", ...TYPED_FACTS].includes(s.kind)));
      set(c, name, insertAt(get(c, name) ?? "", pick(BIDI)));
      return [name];
    },
  },
  "bad URL": {
    applies: (def) => fieldNames(def, (s) => s.kind === "url" || s.kind === "urlOrPath").length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => s.kind === "url" || s.kind === "urlOrPath"));
      // A path on the site ("/relative/path") is a valid image address: not a bad one for those fields.
      const sitePath = (value: string) => def.fields[name]!.kind === "urlOrPath" && /^\/(?![/\\])\S*$/.test(value);
      set(
        c,
        name,
        pick([
          "javascript:alert(1)",
          "JaVaScRiPt:alert(document.cookie)",
          " javascript:alert(1)",
          "java\u0000script:alert(1)",
          "data:text/html,<script>alert(1)</script>",
          "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
          "vbscript:msgbox(1)",
          "ftp://example.com/file.pdf",
          "file:///etc/passwd",
          "mailto:someone@example.com",
          "/relative/path",
          "relative/path.pdf",
          "//example.com/x",
          "example.com",
          "www.gaf.com/product",
          "http://",
          "https://",
          "https:/example.com",
          "http:example.com",
          "http://exa mple.com",
          "https://[::1",
          "https://example.com:99999/",
          "#fragment",
          "?query=1",
        ].filter((value) => !sitePath(value))),
      );
      return [name];
    },
  },
  "bad hex color": {
    applies: (def) => fieldNames(def, (s) => s.kind === "hex").length > 0,
    run: (c) => {
      set(
        c,
        "hexColor",
        pick(["#33333", "#3333333", "333333", "#GGGGGG", "#33333g", "red", "#fff", "rgb(0,0,0)", "#-12345", "＃333333", "#333 333", "##33333", "#３３３３３３", "0x333333", "#33333\u0000", "transparent"]),
      );
      return ["hexColor"];
    },
  },
  "bad typed fact": {
    applies: (def) => fieldNames(def, (s) => (TYPED_FACTS as readonly string[]).includes(s.kind)).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => (TYPED_FACTS as readonly string[]).includes(s.kind)));
      const spec = def.fields[name]!;
      const bad: Record<string, string[]> = {
        phone: ["555-0147", "call us", "(614) 555-01470", "+44 20 7946 0958", "(014) 555-0147", "(614) 055-0147", "614-555-0147 x12", "６１４５５５０１４７", "614_555_0147", "+2 614 555 0147", "tel:6145550147"],
        email: ["office@", "@example.com", "office example.com", "a@b", "office@@example.com", "<office@example.com>", "office@example.com, b@example.com", "mailto:office@example.com", "office@example..com"],
        hours: [
          "Mon-Fri 07:00-18:00",
          "Monday 7am-6pm",
          "Friday-Monday 07:00-18:00",
          "Monday 18:00-07:00",
          "Monday 09:00-09:00",
          "Monday 24:00-25:00",
          "Monday-Friday 07:00-18:00\nFriday 09:00-10:00",
          "closed",
          "{}",
          '[{"days":["Monday"],"opens":"07:00","closes":"18:00"}]',
          "Monday 07:00-18:00 Tuesday 07:00-18:00",
          "Lundi 07:00-18:00",
        ],
        coord: spec.kind === "coord" ? [String(spec.limit + 0.5), String(-spec.limit - 1), "1e1", "NaN", "Infinity", "40,0992", "0x10", "40.0992N", "--1", "40.123456789", "1234", "+40.1", "."] : [],
        zip: ["4301", "430171", "43017-12", "ABCDE", "43017 1234", "４３０１７", "43017-", "-1234"],
        country: ["us", "USA", "U", "1A", "ÜS", "U S"],
        date: ["2019-02-30", "2019-3-14", "14/03/2019", "1850-01-01", "2999-01-01", "2019-13-01", "yesterday", "2019-03-14T00:00:00Z"],
        companyTime: ["2020-01-01T09:00", "2031-03-09T02:30", "2031-05-04 09:00", "2031-05-04", "09:00", "2031-13-01T09:00", "2031-05-04T09:00Z", "tomorrow", "2031-05-04T24:00", "2031-02-29T09:00"],
        places: ["Dublin\ndublin", `${"x".repeat(201)}\nDublin`, Array.from({ length: 101 }, (_, i) => `Town ${i}`).join("\n")],
      };
      set(c, name, pick(bad[spec.kind]!));
      if (spec.kind === "coord" && int(3) === 0) {
        // Or one coordinate without the other (no second mutation may touch the other: blanking it too is valid).
        set(c, name, pick(["", "  "]));
        return fieldNames(def, (s) => s.kind === "coord");
      }
      return [name];
    },
  },
  "unknown intent": {
    applies: () => true,
    run: (c, def) => {
      const own = new Set(INTENTS.filter((d) => d.endpoint === def.endpoint).map((d) => d.intent));
      const other = INTENTS.filter((d) => d.endpoint !== def.endpoint).map((d) => d.intent);
      const kind = def.intent.replace(/^[a-z]+-/, "");
      // Never one of this page's own intents (e.g. "delete-" + "review" is one).
      const candidates = [
          pick(other),
          def.intent.toUpperCase(),
          `${def.intent} `,
          ` ${def.intent}`,
          `${def.intent}\u0000`,
          def.intent.replace("-", "_"),
          `${def.intent},${def.intent}`,
          `delete-${kind}`,
          `update-${kind}`,
          `${def.intent}s`,
          "save-colour",
          "__proto__",
          "constructor",
          "toString",
          "hasOwnProperty",
          "valueOf",
          "save-",
          "reorder",
          "",
          "💥",
          "x".repeat(10_000),
      ].filter((intent) => !own.has(intent));
      set(c, "intent", pick(candidates));
      return ["intent"];
    },
  },
  "missing intent": {
    applies: () => true,
    run: (c) => {
      const value = get(c, "intent")!;
      remove(c, "intent");
      const renamed = pick([null, "Intent", "_intent", "action", "intent[]", "intent "]);
      if (renamed) c.fields.push([renamed, value]);
      return ["intent"];
    },
  },
  "intent of another kind": {
    applies: (def) => INTENTS.some((d) => d.endpoint === def.endpoint && d.intent !== def.intent),
    run: (c, def) => {
      // Same page, another intent; de- and reactivation of the same kind take the same fields (that swap is valid).
      const swap = def.intent.startsWith("deactivate-")
        ? def.intent.replace("deactivate-", "reactivate-")
        : def.intent.replace("reactivate-", "deactivate-");
      // Nor an intent taking exactly the same fields (delete-source / test-source: both a source's id).
      const sameFields = (other: IntentDef) => JSON.stringify(other.fields) === JSON.stringify(def.fields);
      const candidates = INTENTS.filter((d) => d.endpoint === def.endpoint && d.intent !== def.intent && d.intent !== swap && !sameFields(d)).map((d) => d.intent);
      set(c, "intent", pick(candidates));
      // Another intent changes what every field means (an id of another table could become the right one): no
      // second mutation or noise may touch any of them.
      return ["intent", ...Object.keys(def.fields)];
    },
  },
  "unknown extra field": {
    applies: () => true,
    run: (c, def) => {
      const names = [
        "isAdmin",
        "__proto__",
        "constructor",
        "prototype",
        "toString",
        "sortOrder",
        "sort_order",
        "createdAt",
        "updatedAt",
        "isDemo",
        "googleReviewId",
        "isActive",
        "id ",
        "NAME",
        "Name",
        "hexcolor",
        "hex_color",
        "reviewer_name",
        "_action",
        "ids[]",
        "x".repeat(90),
        "na\u0000me",
        "",
      ].filter((n) => !Object.hasOwn(def.fields, n) && n !== "intent");
      const name = pick(names);
      c.fields.push([name, pick(["1", "true", "", '{"a":1}', "x".repeat(1_000), "Charcoal"])]);
      // Sometimes a flood of them, or a name of 100,000 characters.
      const flood = int(12);
      if (flood === 0) for (let i = 0; i < 5_000; i += 1) c.fields.push([`extra${i}`, "1"]);
      if (flood === 1) c.fields.push(["n".repeat(100_000), "1"]);
      return [name];
    },
  },
  "repeated field": {
    applies: () => true,
    run: (c) => {
      const [name, value] = pick(c.fields);
      c.fields.push([name, pick([value, "", "second", "Charcoal"])]);
      if (int(2) === 0) c.fields = shuffled(c.fields);
      return [name];
    },
  },
  "id that is not a uuid": {
    applies: (def) => fieldNames(def, (s) => s.kind === "id" || s.kind === "layer" || s.kind === "ids").length > 0,
    run: (c, def) => {
      const name = idField(def);
      const spec = def.fields[name]!;
      const table = spec.kind === "id" || spec.kind === "ids" ? spec.table : "roof-layer";
      const notUuid = pick(NOT_UUIDS(pick(ids[table])));
      if (spec.kind === "ids") {
        const list = (get(c, name) ?? "").split(",");
        list[int(list.length)] = notUuid;
        set(c, name, list.join(","));
      } else {
        set(c, name, notUuid);
      }
      return [name];
    },
  },
  "random uuid (not found)": {
    applies: (def) => fieldNames(def, (s) => s.kind === "id" || s.kind === "layer" || s.kind === "ids").length > 0,
    run: (c, def) => {
      const name = idField(def);
      const uuid = pick([randomUuid(), randomUuid(), randomUuid(), "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff"]);
      if (def.fields[name]!.kind === "ids") {
        const list = (get(c, name) ?? "").split(",");
        if (int(2) === 0) list[int(list.length)] = uuid;
        else list.splice(int(list.length + 1), 0, uuid);
        set(c, name, list.join(","));
      } else {
        set(c, name, uuid);
      }
      return [name];
    },
  },
  "id of another table": {
    applies: (def) => fieldNames(def, (s) => s.kind === "id" || s.kind === "layer" || s.kind === "ids").length > 0,
    run: (c, def) => {
      const name = idField(def);
      const spec = def.fields[name]!;
      // A roof layer's id is what layerId takes: anything else is another table's.
      const own: Table = spec.kind === "id" || spec.kind === "ids" ? spec.table : "roof-layer";
      const id = foreignId(own);
      if (spec.kind === "ids") {
        const list = (get(c, name) ?? "").split(",");
        if (int(2) === 0) list[int(list.length)] = id;
        else list.splice(int(list.length + 1), 0, id);
        set(c, name, list.join(","));
      } else {
        set(c, name, id);
      }
      return [name];
    },
  },
  "bad content key": {
    applies: (def) => fieldNames(def, (s) => s.kind === "key").length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => s.kind === "key"));
      set(
        c,
        name,
        pick(["New-Page", "-lead", "_lead", "a b", "ünï", "a/b", "../etc", "a.b", "ＡＢＣ", "key\u0000", "key\u202e", "key\n", "k".repeat(101), "k".repeat(100_000), "<script>", "😀"]),
      );
      return [name];
    },
  },
  "bad slug, state or schedule": {
    applies: (def) => fieldNames(def, (s) => ["slug", "state", "cron"].includes(s.kind)).length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => ["slug", "state", "cron"].includes(s.kind)));
      const bad: Record<string, string[]> = {
        slug: ["Ohio-Bids", "ohio_bids", "ohio bids", "ünï", "a/b", "a.b", "ＡＢＣ", "slug\u0000", "slug\u202e", "slug\n", "s".repeat(101), "s".repeat(100_000), "<script>", "😀"],
        state: ["Ohio", "O", "O1", "ÖH", "O H", "OHH", "1", "ＯＨ", "OH\u0000", "O\u202eH", "x".repeat(100_000)],
        cron: ["every day", "0 24 * * *", "* * * *", "60 * * * *", "0 6 * * * *", "0 6 32 * *", "a b c d e", "0 6 * * 8", "0-70 * * * *", "0 6 * * MON", "@daily", "*/0 * * * *", "0 6 * * *\u0000", "x".repeat(100_000)],
      };
      set(c, name, pick(bad[def.fields[name]!.kind]!));
      return [name];
    },
  },
  "bad setting key": {
    applies: (def) => fieldNames(def, (s) => s.kind === "settingKey").length > 0,
    run: (c) => {
      set(
        c,
        "settingKey",
        pick(["New_Setting", "new-setting", "1st", "_lead", "a b", "ünï", "a.b", "ＡＢＣ", "key\u0000", "key\u202e", "key\n", "k".repeat(101), "k".repeat(100_000), "<script>", "😀", "Phone"]),
      );
      return ["settingKey"];
    },
  },
  "not a number": {
    applies: (def) => fieldNames(def, (s) => s.kind === "decimal").length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => s.kind === "decimal"));
      set(c, name, pick(["1e3", "twelve", "0x10", "１２", "٣", "1 2", "NaN", "Infinity", "+5", "12,5", "[3]", "{}", "true", ".5", "5.", "--1", "1.2.3", "007", "1_000", "-", "½"]));
      return [name];
    },
  },
  "bad JSON": {
    applies: (def) => fieldNames(def, (s) => s.kind === "json").length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => s.kind === "json"));
      const spec = def.fields[name] as Extract<FieldSpec, { kind: "json" }>;
      const syntax = ["{", '{"paragraphs": [}', "{'title':'x'}", "{title: 1}", "[1,]", '{"a":1}}', "NaN", "undefined", '{"a":"\u0000', "\u0000{}", "{\"a\":1}", "💥"];
      const shapes = ["[]", "null", "42", "true", '"text"', "[{}]", '{"hedaing":"typo"}', '{"__proto__":{"admin":true}}', `{"title":"${"x".repeat(501)}"}`];
      // Valid JSON of the right kind with one bad value (only for block content: it must fit its type).
      const values = [
        '{"paragraphs":["safe\u202eevil"]}',
        '{"paragraphs":["nul\u0000"]}',
        '{"cards":[{"title":"A","text":"B","link":{"label":"Go","href":"javascript:alert(1)"}}]}',
        '{"cards":[{"title":"A","text":"B","icon":"Rocket"}]}',
        '{"cards":[]}',
        '{"items":[""]}',
        '{"features":[{"title":"T"}]}',
        '{"heading":"H","paragraphs":["P"],"imageUrl":"//evil.example/x.png","imageAlt":"A"}',
        "{}",
        `{"paragraphs":[${Array.from({ length: 21 }, () => '"p"').join(",")}]}`,
      ];
      const parses = (value: string) => {
        try {
          JSON.parse(value);
          return true;
        } catch {
          return false;
        }
      };
      // A json setting takes any JSON: only what does not parse is bad.
      if (spec.anyShape) set(c, name, pick(syntax.filter((value) => !parses(value))));
      // Custom parameters: an object whose values are text, numbers, true/false or lists of texts.
      else if (spec.params)
        set(
          c,
          name,
          pick([
            ...syntax.filter((value) => !parses(value)),
            "[]",
            "null",
            "42",
            '"text"',
            "[{}]",
            '{"a":{"b":1}}',
            '{"a":null}',
            '{"a":[1,2]}',
            '{"a":[["x"]]}',
            '{"":"x"}',
            `{"a":"${"x".repeat(501)}"}`,
            `{"${"k".repeat(101)}":"x"}`,
            `{${Array.from({ length: 31 }, (_, i) => `"k${i}":"v"`).join(",")}}`,
            '{"__proto__":{"admin":true}}',
          ]),
        );
      else set(c, name, pick(spec.required ? [...syntax, ...shapes, ...values] : [...syntax, ...shapes]));
      return [name];
    },
  },
  "bad focal point": {
    applies: (def) => fieldNames(def, (s) => s.kind === "focal").length > 0,
    run: (c, def) => {
      const name = pick(fieldNames(def, (s) => s.kind === "focal"));
      if (int(12) === 0) {
        remove(c, name);
        return [name];
      }
      set(
        c,
        name,
        pick([
          // Out of range, negative.
          ...["101,50", "50,101", "100,101", "999,0", "0,1000", "1000,1000", "-1,50", "50,-1", "-0,0", "-50,-50"],
          // Not whole numbers, or not numbers.
          ...["NaN,50", "50,NaN", "NaN,NaN", "Infinity,0", "0,-Infinity", "50.5,50", "33.3,66.7", "0.0,0.0", "1e2,0", "5e1,50", "0x10,0x10", "+50,50"],
          ...["fifty,fifty", "x,y", "50,abc", "null,null", "true,false", "５０,５０", "٥٠,٥٠", "½,½"],
          // Not two of them, or not written "x,y".
          ...["50", "50,", ",50", ",", "50,,50", "50,50,50", "50;50", "50 50", "50/50", "50.50", "50，50", "50%,50%", "(50,50)", "[50,50]", '{"x":50,"y":50}', "x=50,y=50", "center"],
        ]),
      );
      return [name];
    },
  },
  "bad image alt text": {
    applies: (def) => def.endpoint === "media" && Object.hasOwn(def.fields, "altText"),
    run: (c) => {
      const valid = get(c, "altText") ?? "A roof";
      const variants: Array<() => string> = [
        () => pick(BLANKS),
        () => pick(["x", "é", "😀", "中", "e\u0301"]).repeat(int(4) === 0 ? 100_000 : 301 + int(5)),
        () => insertAt(valid, pick(SINGLE_LINE_REFUSED)),
        () => insertAt(valid, pick(BIDI)),
      ];
      set(c, "altText", pick(variants)());
      return ["altText"];
    },
  },
  "wrong image": {
    // The generic id mutations reach the three media intents a few times a run: these always do. Process
    // again of an image that did not fail is refused as well (404: only a failed image is taken).
    applies: (def) => def.endpoint === "media",
    run: (c, def) => {
      const choices = [pick(NOT_UUIDS(pick(ids.media))), randomUuid(), foreignId("media")];
      if (def.intent === "retry-media") choices.push(pick([media.inUse, media.unused]));
      set(c, "id", pick(choices));
      return ["id"];
    },
  },
  "delete of an image in use": {
    // Valid in every field: the image is the one a team member shows (set in the setup), so it is refused (409).
    applies: (def) => def.intent === "delete-media",
    run: (c) => {
      set(c, "id", media.inUse);
      return ["id"];
    },
  },
  "bad reorder list": {
    applies: (def) => Object.hasOwn(def.fields, "ids"),
    run: (c, def) => {
      const table = (def.fields.ids as Extract<FieldSpec, { kind: "ids" }>).table;
      const list = (get(c, "ids") ?? "").split(",");
      const variants: Array<() => string> = [
        () => {
          const i = int(list.length);
          return list.filter((_, j) => j !== i).join(","); // one missing
        },
        () => [...list].reverse().slice(1).join(","), // reversed, one missing
        () => [...list, pick(list)].join(","), // a duplicate added
        () => {
          const copy = [...list];
          const i = int(copy.length);
          copy[i] = copy[(i + 1 + int(copy.length - 1)) % copy.length]!; // a duplicate instead of an id
          return copy.join(",");
        },
        () => `${list.join(",")},`,
        () => `,${list.join(",")}`,
        () => list.join(", "),
        () => list.join(";"),
        () => list.join("\n"),
        () => list.join(",,"),
        () => JSON.stringify(list),
        () => [...list, ...Array.from({ length: 1_001 - list.length }, () => randomUuid())].join(","),
        () => list.slice(0, 1).join(","),
        () => {
          const i = int(list.length);
          return list.map((id, j) => (j === i ? `${id}x` : id)).join(",");
        },
        () => [...list, ...ids[pick(GAF_KINDS.filter((k) => k !== table))]].join(","),
      ];
      set(c, "ids", pick(variants)());
      return ["ids"];
    },
  },
};
/** Mutations that change the field list (the raw-body categories reuse them). */
const FIELD_MUTATIONS = Object.keys(MUTATIONS);

const BOUNDARY = "AdminFuzzBoundary9Zq2";
const multipartBody = (fields: Field[], boundary = BOUNDARY, eol = "\r\n") =>
  fields.map(([n, v]) => `--${boundary}${eol}Content-Disposition: form-data; name="${n}"${eol}${eol}${v}${eol}`).join("");
const bytes = (s: string) => new TextEncoder().encode(s);

/** Categories that replace the body (their own case builders). */
const BODY_CATEGORIES: Record<string, (c: Case, def: IntentDef) => void> = {
  "bad content type": (c) => {
    // The fields are VALID: the content type alone must make the action refuse them.
    const asUrlEncoded = new URLSearchParams(c.fields).toString();
    const variant = pick<[string, string | Uint8Array, string | undefined]>([
      ["json", JSON.stringify(Object.fromEntries(c.fields)), "application/json"],
      ["json with charset", JSON.stringify(Object.fromEntries(c.fields)), "application/json; charset=utf-8"],
      ["text/plain", asUrlEncoded, "text/plain"],
      ["text/plain multipart", `${multipartBody(c.fields)}--${BOUNDARY}--\r\n`, "text/plain"],
      ["no content type", bytes(asUrlEncoded), undefined],
      ["xml", `<form>${c.fields.map(([n, v]) => `<${n}>${v}</${n}>`).join("")}</form>`, "application/xml"],
      ["octet-stream", asUrlEncoded, "application/octet-stream"],
      ["multipart/related", `${multipartBody(c.fields)}--${BOUNDARY}--\r\n`, `multipart/related; boundary=${BOUNDARY}`],
      ["multipart/mixed", `${multipartBody(c.fields)}--${BOUNDARY}--\r\n`, `multipart/mixed; boundary=${BOUNDARY}`],
      ["multipart without boundary", `${multipartBody(c.fields)}--${BOUNDARY}--\r\n`, "multipart/form-data"],
      ["multipart with empty boundary", `${multipartBody(c.fields)}--${BOUNDARY}--\r\n`, "multipart/form-data; boundary="],
      ["image/png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
      // The body does not match its (form) content type: one key that is all of the JSON, no intent.
      ["json as urlencoded", JSON.stringify(Object.fromEntries(c.fields)), "application/x-www-form-urlencoded"],
    ]);
    c.raw = { label: variant[0], body: typeof variant[1] === "string" ? bytes(variant[1]) : variant[1], contentType: variant[2] };
  },
  "malformed multipart": (c, def) => {
    // The parser might be lenient: the fields are made invalid first, so a lenient parse is refused too.
    const mutation = pick(FIELD_MUTATIONS.filter((name) => MUTATIONS[name]!.applies(def)));
    MUTATIONS[mutation]!.run(c, def);
    const body = multipartBody(c.fields);
    const type = `multipart/form-data; boundary=${BOUNDARY}`;
    const variant = pick<[string, string | Uint8Array, string]>([
      ["truncated in a part", `${body}--${BOUNDARY}\r\nContent-Disposition: form-data; name="trunc`, type],
      ["no closing delimiter", body, type],
      ["cut short", body.slice(0, Math.max(0, body.length - 3 - int(40))), type],
      ["other boundary", `${body}--${BOUNDARY}--\r\n`, "multipart/form-data; boundary=SomethingElse"],
      ["LF line endings", `${multipartBody(c.fields, BOUNDARY, "\n")}--${BOUNDARY}--\n`, type],
      ["part without disposition", `--${BOUNDARY}\r\nX-Nothing: here\r\n\r\nvalue\r\n${body}--${BOUNDARY}--\r\n`, type],
      ["garbage", new Uint8Array(Array.from({ length: 300 }, () => int(256))), type],
      ["header without blank line", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n${get(c, "intent") ?? ""}\r\n--${BOUNDARY}--\r\n`, type],
      ["invalid UTF-8 in a value", new Uint8Array([...bytes(body), ...bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="bad"\r\n\r\n`), 0xff, 0xfe, 0xed, 0xa0, 0x80, ...bytes(`\r\n--${BOUNDARY}--\r\n`)]), type],
    ]);
    c.raw = { label: `${variant[0]} (+ ${mutation})`, body: typeof variant[1] === "string" ? bytes(variant[1]) : variant[1], contentType: variant[2] };
  },
  "empty body": (c) => {
    const variant = pick<[string, string, string | undefined]>([
      ["urlencoded", "", "application/x-www-form-urlencoded"],
      ["multipart", "", `multipart/form-data; boundary=${BOUNDARY}`],
      ["multipart, no parts", `--${BOUNDARY}--\r\n`, `multipart/form-data; boundary=${BOUNDARY}`],
      ["no content type", "", undefined],
      ["json", "", "application/json"],
      ["json {}", "{}", "application/json"],
      ["text/plain", "", "text/plain"],
      ["urlencoded &&&", "&&&=&", "application/x-www-form-urlencoded"],
    ]);
    c.raw = { label: variant[0], body: bytes(variant[1]), contentType: variant[2] };
  },
  "file instead of text": (c) => {
    c.encoding = "multipart";
    const variant = int(3);
    if (variant === 0) {
      // One of the valid fields (maybe the intent) as a file with the same text.
      const [name, value] = pick(c.fields);
      remove(c, name);
      c.files.push([name, pick(["value.txt", "photo.png", "x"]), value]);
    } else if (variant === 1) {
      c.files.push([pick(["file", "image", "upload", "name"]), "photo.png", "\x89PNG\r\n\x1a\n"]);
    } else {
      const value = get(c, "intent")!;
      remove(c, "intent");
      c.files.push(["intent", "intent.txt", value]);
    }
  },
};

const NOISE = ["😀", "e\u0301", "\u200b", "\ufeff", "\u4e2d\u6587", "ǅ", "\ud800", "\udfff", "\u{1f1fa}\u{1f1f8}", "\u0000", "\u202e", "\u2066", "\u0007"];

function generate(): Case[] {
  const cases: Case[] = [];
  const categories = [...FIELD_MUTATIONS, ...FIELD_MUTATIONS, ...Object.keys(BODY_CATEGORIES)];
  const rounds = new Map<string, number>();
  for (let n = 0; n < CASES; n += 1) {
    const category = pick(categories);
    // Each category goes round the intents it applies to (from a random start), so every pair is tried.
    const applicable = INTENTS.filter((def) => (category in MUTATIONS ? MUTATIONS[category]!.applies(def) : true));
    const round = rounds.get(category) ?? int(applicable.length);
    rounds.set(category, round + 1);
    const def = applicable[round % applicable.length]!;
    const c: Case = {
      n,
      category,
      endpoint: def.endpoint,
      intent: def.intent,
      method: int(12) === 0 ? pick(["PUT", "PATCH", "DELETE"]) : "POST",
      document: int(7) === 0,
      // A multipart POST to /admin/media is the upload, whose own reader and schema refuse these intents: one
      // media case in eight goes there, the others reach the intents' own checks.
      encoding: def.endpoint === "media" ? (int(8) === 0 ? "multipart" : "urlencoded") : int(5) < 3 ? "urlencoded" : "multipart",
      fields: validFields(def),
      files: [],
    };
    if (category in BODY_CATEGORIES) {
      BODY_CATEGORIES[category]!(c, def);
      cases.push(c);
      continue;
    }
    const touched = new Set(MUTATIONS[category]!.run(c, def));
    if (int(3) === 0) {
      // A second mutation, unless it touches a field the first one did (it could undo it).
      const before = [...c.fields];
      const second = pick(FIELD_MUTATIONS.filter((name) => MUTATIONS[name]!.applies(def)));
      const fields = MUTATIONS[second]!.run(c, def);
      if (fields.some((field) => touched.has(field))) c.fields = before;
      else for (const field of fields) touched.add(field);
    }
    // Noise on the free-text fields the mutations left alone.
    for (const [index, [name, value]] of c.fields.entries()) {
      if (touched.has(name) || !Object.hasOwn(def.fields, name) || def.fields[name]!.kind !== "text") continue;
      if (int(3) === 0) c.fields[index] = [name, insertAt(value, pick(NOISE))];
    }
    if (int(10) === 0) c.fields = shuffled(c.fields);
    cases.push(c);
  }
  return cases;
}

/* ------------------------------------------------------------------------ */
/* HTTP                                                                     */
/* ------------------------------------------------------------------------ */

interface Answer {
  status: number;
  /** The action's own answer (its toast), not the router's or the origin check's. */
  fromAction: boolean;
}

async function send(app: RunningApp, cookie: string, c: Case): Promise<Answer> {
  const headers: Record<string, string> = { cookie, origin: app.url };
  let body: FormData | URLSearchParams | Uint8Array<ArrayBuffer>;
  if (c.raw) {
    body = new Uint8Array(c.raw.body);
    if (c.raw.contentType !== undefined) headers["content-type"] = c.raw.contentType;
  } else if (c.encoding === "multipart" || c.files.length > 0) {
    const form = new FormData();
    for (const [name, value] of c.fields) form.append(name, value);
    for (const [name, filename, content] of c.files) form.append(name, new Blob([content], { type: "text/plain" }), filename);
    body = form;
  } else {
    body = new URLSearchParams(c.fields);
  }
  const url = `${app.url}${PAGES[c.endpoint]}${c.document ? "" : ".data"}`;
  const response = await fetch(url, { method: c.method, headers, body, redirect: "manual" });
  const text = await response.text();
  // `.data`: the action's data as a turbo-stream; a document: the same, escaped in the page's script.
  return { status: response.status, fromAction: text.includes('"toast"') || text.includes('\\"toast\\"') };
}

function describeCase(c: Case): string {
  const target = `${c.method} ${PAGES[c.endpoint]}${c.document ? "" : ".data"}`;
  const shown = (v: string) => JSON.stringify(v.length > 70 ? `${v.slice(0, 70)}...(${v.length} chars)` : v);
  const body = c.raw
    ? `raw ${c.raw.label} (${c.raw.contentType ?? "no content type"}, ${c.raw.body.length} bytes)`
    : `${c.encoding} ${c.fields.map(([n, v]) => `${shown(n)}=${shown(v)}`).join(" ")}${c.files.map(([n, f]) => ` file ${n}:${f}`).join("")}`;
  return `#${c.n} [${c.category}] ${c.intent}: ${target} ${body}`;
}

/* ------------------------------------------------------------------------ */
/* The run                                                                  */
/* ------------------------------------------------------------------------ */

describe("fuzzing the admin screens' actions (QUALITY R6, S15)", () => {
  test("the cases cover every intent of the screens' schemas (a new intent must be added here)", () => {
    const intentsOf = (schema: { options: ReadonlyArray<{ shape: { intent: { value: string } } }> }) => schema.options.map((option) => option.shape.intent.value);
    expect(new Set(INTENTS.map((def) => def.intent))).toEqual(
      new Set([
        ...Object.keys(gafIntents),
        ...intentsOf(reviewActionSchema),
        ...intentsOf(serviceActionSchema),
        ...intentsOf(teamMemberActionSchema),
        ...intentsOf(galleryProjectActionSchema),
        ...intentsOf(contentActionSchema),
        ...intentsOf(settingActionSchema),
        ...intentsOf(siteConfigurationActionSchema),
        ...intentsOf(sourceActionSchema),
        ...intentsOf(searchConfigActionSchema),
        ...intentsOf(mediaActionSchema),
        startCrawlFormSchema.shape.intent.value,
        // Every screen with a History dialog adds Restore to its schema (app/domain/content-history/kinds.ts).
        "restore-version",
        // ...and Schedule / Cancel schedule (app/domain/content-schedule/schedule.ts).
        "set-schedule",
        "cancel-schedule",
      ]),
    );
  });

  let app: RunningApp;
  let pool: pg.Pool;
  let cookie = "";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-actions-fuzz-"));

  async function snapshot(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const table of CHECKED_TABLES) {
      const { rows } = await pool.query<{ sum: string; count: number }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum, count(*)::int as count from ${table} t`,
      );
      out[table] = `${rows[0]!.count} rows, md5 ${rows[0]!.sum}`;
    }
    const { rows } = await pool.query<{ count: number }>(
      `select count(*)::int as count from audit_log where ${AUDIT_PREFIXES.map((prefix) => `action like '${prefix}%'`).join(" or ")}`,
    );
    out.audit = `${rows[0]!.count} ${AUDIT_PREFIXES.map((prefix) => `${prefix}*`).join("/")} entries`;
    return out;
  }

  beforeAll(async () => {
    app = await startApp({ env: { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, LOG_LEVEL: "warn" } });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    const appDb = drizzle(pool, { schema, casing: "snake_case" });
    const admin = await createUser({ kind: "admin", db: appDb, overrides: { firstName: "Fuzz", lastName: "Admin" } });
    const session = await createSession(admin, { db: appDb });
    // The production cookie: better-auth's signed token (HMAC-SHA256 with the secret).
    const signature = crypto.createHmac("sha256", SECRET).update(session.token).digest("base64");
    cookie = `__Host-roofing.session_token=${encodeURIComponent(`${session.token}.${signature}`)}`;

    // Library images (ADR 031) through the app's own upload: rows, originals and audit entries as the app
    // writes them. No job worker runs here, so they stay "processing" (nothing changes them during the
    // run); the third is marked failed as the variant job marks a file it cannot decode ("Process again"
    // takes only those), and a team member uses the first (its delete is refused).
    for (const name of ["fuzz-1-in-use.png", "fuzz-2-unused.png", "fuzz-3-failed.png"]) {
      const form = new FormData();
      form.append("intent", "upload-media");
      form.append("altText", `Fuzz image ${name}`);
      form.append("file", new File([new Uint8Array(await noiseImage(160, 120).png().toBuffer())], name, { type: "image/png" }));
      const uploaded = await fetch(`${app.url}${PAGES.media}.data`, { method: "POST", headers: { cookie, origin: app.url }, body: form });
      expect(`${name} ${uploaded.status}`).toBe(`${name} 200`);
    }
    const images = (await pool.query<{ id: string; name: string }>("select id::text as id, original_name as name from media_assets order by original_name")).rows;
    expect(images.map((row) => row.name)).toEqual(["fuzz-1-in-use.png", "fuzz-2-unused.png", "fuzz-3-failed.png"]);
    [media.inUse, media.unused, media.failed] = images.map((row) => row.id) as [string, string, string];
    const failed = await pool.query("update media_assets set status = 'failed', failure_message = 'This image could not be processed: the file is damaged or incomplete.' where id = $1", [media.failed]);
    const used = await pool.query("update cms_team_members set image_media_id = $1 where id = (select id from cms_team_members order by sort_order, id limit 1)", [media.inUse]);
    expect([failed.rowCount, used.rowCount], "an image marked failed, a team member using another").toEqual([1, 1]);

    for (const [table, sqlTable] of Object.entries(TABLE_SQL) as Array<[Table | ForeignTable, string]>) {
      const order = table.startsWith("roof") || ["color", "warranty", "shingle"].includes(table) ? "sort_order, id" : table === "media" ? "original_name, id" : "id";
      const { rows } = await pool.query<{ id: string }>(`select id::text as id from ${sqlTable} order by ${order}`);
      ids[table] = rows.map((row) => row.id);
    }
    // Versions to restore (ADR 029): a save of a seeded service keeps its values from before as version 1.
    const firstService = ids.service[0]!;
    const saved = await fetch(`${app.url}/admin/cms/services.data`, {
      method: "POST",
      headers: { cookie, origin: app.url },
      body: new URLSearchParams({ intent: "set-service-published", id: firstService, published: "true" }),
    });
    expect(saved.status).toBe(200);
    ids.version = (await pool.query<{ id: string }>("select id::text as id from content_versions order by id")).rows.map((row) => row.id);
    expect(ids.version.length, "versions to restore").toBeGreaterThan(0);
    // The seed gives every list at least two rows (reorder mutations need two to be wrong).
    for (const table of [...GAF_KINDS, "review", "service", "team-member", "gallery-project", "source", "search-config"] as const) {
      expect(ids[table].length, `seeded ${table} rows`).toBeGreaterThanOrEqual(2);
    }

    // The session works and the actions are where this test posts: one refused request per page.
    for (const page of Object.values(PAGES)) {
      const probe = await fetch(`${app.url}${page}.data`, { method: "POST", headers: { cookie, origin: app.url }, body: new URLSearchParams({ intent: "nope" }) });
      expect(`${page} ${probe.status} ${(await probe.text()).includes('"toast"')}`).toBe(`${page} 400 true`);
    }
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test(`${CASES} invalid submissions: only 4xx from the actions, nothing written`, async () => {
    const cases = generate();
    const before = await snapshot();

    const started = performance.now();
    const results = await sendConcurrently(cases, CONCURRENCY, (c) => send(app, cookie, c));
    const seconds = (performance.now() - started) / 1000;

    const statusOf = (a: Answer | string) => (typeof a === "string" ? a : String(a.status));
    const byCategory = new Map<string, Map<string, number>>();
    const byScreen = new Map<string, Map<string, number>>();
    for (const { c, answer } of results) {
      for (const [by, key] of [
        [byCategory, c.category],
        [byScreen, c.endpoint],
      ] as const) {
        const counts = by.get(key) ?? new Map<string, number>();
        counts.set(statusOf(answer), (counts.get(statusOf(answer)) ?? 0) + 1);
        by.set(key, counts);
      }
    }
    const summary = (by: Map<string, Map<string, number>>) =>
      [...by]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, counts]) => `  ${key}: ${[...counts].sort().map(([s, n]) => `${s} x${n}`).join(", ")}`)
        .join("\n");
    const fromAction = results.filter(({ answer }) => typeof answer !== "string" && answer.fromAction && [400, 404, 409, 422].includes(answer.status));
    console.log(
      `admin actions fuzz, seed ${SEED} (FUZZ_SEED=${SEED} to replay): ${results.length} cases in ${seconds.toFixed(1)} s, ` +
        `${byCategory.size} categories, ${fromAction.length} answered by the action\nBy screen:\n${summary(byScreen)}\nBy category:\n${summary(byCategory)}`,
    );

    const outside4xx = results.filter(({ answer }) => typeof answer === "string" || answer.status < 400 || answer.status > 499);
    expect(outside4xx.slice(0, 15).map(({ c, answer }) => `${statusOf(answer)} ${describeCase(c)}`), "answers outside 4xx").toEqual([]);
    expect(results).toHaveLength(CASES);
    expect(byCategory.size).toBeGreaterThanOrEqual(20);

    // The cases reached the actions: not refused by the origin check or the guard.
    const refusedEarly = results.filter(({ answer }) => typeof answer !== "string" && [401, 403].includes(answer.status));
    expect(refusedEarly.slice(0, 5).map(({ c, answer }) => `${statusOf(answer)} ${describeCase(c)}`), "refused before the action").toEqual([]);
    expect(fromAction.length / results.length, "share of answers from the actions").toBeGreaterThanOrEqual(0.9);
    // Invalid input (400), unknown record (404) and a changed list (409) were all exercised (422, a layer
    // that is not there, needs a rarer combination: counted in the summary above).
    const statuses = new Set(fromAction.map(({ answer }) => (answer as Answer).status));
    expect([400, 404, 409].filter((status) => !statuses.has(status)), "refusal paths never exercised").toEqual([]);

    // Nothing was written.
    expect(await snapshot(), "rows and audit entries before vs after").toEqual(before);

    // Positive control: a valid save through the same code path is seen.
    const control: Case = {
      n: -1,
      category: "positive control",
      endpoint: "gaf",
      intent: "save-color",
      method: "POST",
      document: false,
      encoding: "urlencoded",
      fields: [
        ["intent", "save-color"],
        ["name", `Fuzz control ${SEED}`],
        ["hexColor", "#123456"],
        ["availabilityUrl", ""],
      ],
      files: [],
    };
    const answer = await send(app, cookie, control);
    expect(answer, describeCase(control)).toEqual({ status: 200, fromAction: true });
    const after = await snapshot();
    expect(after.gaf_colors).not.toBe(before.gaf_colors);
    expect(after.audit).not.toBe(before.audit);
    expect({ ...after, gaf_colors: "", audit: "" }).toEqual({ ...before, gaf_colors: "", audit: "" });

    // ...and a valid change of a library image (alt text and focal point) is seen too.
    const mediaControl: Case = {
      n: -2,
      category: "positive control",
      endpoint: "media",
      intent: "update-media",
      method: "POST",
      document: false,
      encoding: "urlencoded",
      fields: [
        ["intent", "update-media"],
        ["id", media.unused],
        ["altText", `Fuzz control ${SEED}`],
        ["focalPoint", "25,75"],
      ],
      files: [],
    };
    expect(await send(app, cookie, mediaControl), describeCase(mediaControl)).toEqual({ status: 200, fromAction: true });
    const afterMedia = await snapshot();
    expect(afterMedia.media_assets).not.toBe(after.media_assets);
    expect(afterMedia.audit).not.toBe(after.audit);
    expect({ ...afterMedia, media_assets: "", audit: "" }).toEqual({ ...after, media_assets: "", audit: "" });
  }, 300_000);

  test("a form over 1 MiB gets 413 and the client's next request on the same connection is answered", async () => {
    // One keep-alive connection: a body the server leaves unread would hang the next request (then reset it).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(`${app.url}${PAGES.reviews}.data`);
    const post = (body: string, headers: Record<string, string> = { cookie }) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          { host: url.hostname, port: url.port, path: url.pathname, method: "POST", agent, timeout: 10_000, headers: { ...headers, origin: app.url, "content-type": "application/x-www-form-urlencoded" } },
          (response) => {
            let text = "";
            response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
        request.on("error", reject);
        request.end(body);
      });
    try {
      const big = `intent=save-review&reviewerName=A&rating=5&reviewText=${"%F0%9F%98%80".repeat(100_000)}`;
      const refused = await post(big);
      expect(refused.status).toBe(413);
      expect(refused.text).toContain("This form is too large to save. Shorten the longest texts and try again.");
      expect((await post("intent=nope")).status).toBe(400);
      // Sent to sign in by the guard before the body was read (202: React Router's redirect for a .data
      // request): that connection is closed, the next request goes on a fresh one.
      const refusedByGuard = await post(big, {});
      expect(`${refusedByGuard.status} ${refusedByGuard.text}`).toMatch(/^202 .*\/auth/);
      expect((await post("intent=nope")).status).toBe(400);
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
