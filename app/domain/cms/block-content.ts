import { z } from "zod";
import type { ContentBlockType } from "~/db/schema/cms";
import { SERVICE_ICON_NAMES } from "~/domain/services/constants";
import { optionalText, requiredText, TEXT_ERRORS } from "~/lib/text-fields";
import { isSafeHref, isSafeImageSrc } from "~/lib/url-safety";

/**
 * The content JSON of each content-block type (spec 2 §3 cms_content_blocks,
 * §9 block types): ONE zod schema per type, shared by
 * - the Page Content editor in the browser (/admin/cms/pages: the structured
 *   form of each type and its raw JSON mode validate with these),
 * - the action that saves a block (app/domain/cms/content-admin-schemas.ts),
 * - the seed (app/db/seed) and the public renderer, which read the same shapes
 *   (`BlockContent<"card_grid">`...).
 *
 * What visitors see is in `content`; the row's `title` is how staff know the
 * block in the back office. Every shape is a strict object: a misspelt key
 * ("hedaing") is an error, not silently ignored. Typed text follows the shared
 * text rules (no control or bidi characters; trimmed); optional texts are
 * omitted when blank. Links and images are site paths ("/gaf", "/images/...")
 * or http(s) addresses, never `javascript:` or `data:`.
 *
 *   text          { eyebrow?, heading?, paragraphs: string[] }
 *   card_grid     { eyebrow?, heading?, intro?, cards: { title, text, icon?, link?: { label, href } }[] }
 *   list          { eyebrow?, heading?, intro?, items: string[], ordered? }
 *   feature_list  { eyebrow?, heading?, intro?, features: { title, description, icon? }[] }
 *   feature_grid  { eyebrow?, heading?, intro?, features: { title, description, icon? }[] }
 *   image_text    { eyebrow?, heading, paragraphs: string[], imageUrl, imageAlt, imageSide: "left" | "right" }
 *
 * A `text` block needs a heading or at least one paragraph (a heading alone is
 * a section title, e.g. a call to action over its button).
 *
 * Texts shown to visitors (every string except icon, href, imageUrl,
 * imageSide) may use a small INLINE MARKUP, applied by the public renderer
 * (app/components/cms/rich-text.tsx), never as HTML (React escapes the rest):
 *   {businessName}      a public site setting, filled in at render time: see
 *                       CONTENT_TOKENS below (unknown names stay as typed);
 *   **bold**            strong text;
 *   [label](address)    a link: a site path (/terms), a #section, an http(s)
 *                       address, or mailto:/tel: (e.g. [{email}]({emailHref}));
 *                       any other address shows the label as plain text.
 * A line break inside a paragraph is kept as a line break.
 *
 * Which blocks each public page renders, and with which type, is in
 * app/domain/cms/public-pages.ts (keys `<page>-<section>`, `shared-<section>`
 * for sections several pages show).
 */

/** The block types (spec 2 §9), in the order the editor offers them; the same as the database's check. */
export const BLOCK_TYPES = ["text", "card_grid", "list", "feature_list", "feature_grid", "image_text"] as const satisfies readonly ContentBlockType[];
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_TYPE_LABELS: Record<BlockType, string> = {
  text: "Text",
  card_grid: "Card grid",
  list: "List",
  feature_list: "Feature list",
  feature_grid: "Feature grid",
  image_text: "Image and text",
};

/**
 * Icons a card or a feature may show (lucide names). The public renderer maps
 * each name to its icon statically; the service icons of spec 2 §9 come first.
 */
export const CONTENT_ICON_NAMES = [
  ...SERVICE_ICON_NAMES,
  "ShieldCheck",
  "HeartHandshake",
  "Trophy",
  "ClipboardCheck",
  "FileText",
  "HardHat",
  "Compass",
  "Eye",
  "Award",
  "Medal",
  "Star",
  "Users",
  "Phone",
  "Clock",
  "MapPin",
  "Target",
] as const;
export type ContentIconName = (typeof CONTENT_ICON_NAMES)[number];

const IMAGE_SIDES = ["left", "right"] as const;
export type ImageSide = (typeof IMAGE_SIDES)[number];

/** Limits of the shapes (generous for page copy, small enough that a block stays a section). */
const BLOCK_LIMITS = {
  eyebrow: 100,
  heading: 200,
  intro: 1000,
  paragraph: 3000,
  paragraphs: 20,
  itemTitle: 200,
  itemText: 2000,
  items: 24,
  listItem: 500,
  listItems: 50,
  linkLabel: 100,
  href: 2000,
  alt: 300,
} as const;

export const BLOCK_TEXT = {
  notObject: "The content must be a JSON object, like {\"heading\": \"...\"}.",
  paragraphsRequired: "Add at least one paragraph.",
  cardsRequired: "Add at least one card.",
  itemsRequired: "Add at least one item.",
  featuresRequired: "Add at least one feature.",
  tooMany: (max: number, what: string) => `Use at most ${max} ${what}.`,
  href: "Enter a site path starting with / (like /gaf), a #section, or a full address starting with http:// or https://.",
  image: "Enter an image path starting with / (like /images/roof.jpg) or a full address starting with http:// or https://.",
  icon: "Choose one of the listed icons.",
  imageSide: "Choose left or right.",
  linkIncomplete: "A link needs both its text and its address.",
  unknownKey: (key: string) => `“${key}” is not part of this block type.`,
} as const;

/** An optional text in the JSON: missing, null or blank is omitted. */
function optional(max: number, multiline = false) {
  // The outer .optional() makes the key optional in the parsed type too (`heading?: string`).
  return z.preprocess((value) => (value === null ? undefined : value), optionalText({ max, multiline }).transform((value) => value ?? undefined)).optional();
}

function required(max: number, multiline = false) {
  return requiredText({ max, multiline });
}

const href = required(BLOCK_LIMITS.href).refine(isSafeHref, BLOCK_TEXT.href);
const imageSrc = required(BLOCK_LIMITS.href, false).refine(isSafeImageSrc, BLOCK_TEXT.image);
const icon = z.preprocess((value) => (value === null || value === "" ? undefined : value), z.enum(CONTENT_ICON_NAMES, BLOCK_TEXT.icon).optional()).optional();

function list<T extends z.ZodType>(item: T, { max, what, requiredMessage }: { max: number; what: string; requiredMessage: string }) {
  return z.array(item, { error: requiredMessage }).min(1, requiredMessage).max(max, BLOCK_TEXT.tooMany(max, what));
}

const paragraphs = list(required(BLOCK_LIMITS.paragraph, true), {
  max: BLOCK_LIMITS.paragraphs,
  what: "paragraphs",
  requiredMessage: BLOCK_TEXT.paragraphsRequired,
});

/** A JSON object with exactly these keys (an unknown key is named in the message). */
function shape<T extends z.ZodRawShape>(fields: T) {
  return z.strictObject(fields, {
    error: (issue) => {
      if (issue.code === "unrecognized_keys") return BLOCK_TEXT.unknownKey(issue.keys[0] ?? "");
      if (issue.code === "invalid_type") return BLOCK_TEXT.notObject;
      return undefined;
    },
  });
}

const header = {
  eyebrow: optional(BLOCK_LIMITS.eyebrow),
  heading: optional(BLOCK_LIMITS.heading),
};

const linkSchema = shape({
  label: required(BLOCK_LIMITS.linkLabel),
  href,
});

const cardSchema = shape({
  title: required(BLOCK_LIMITS.itemTitle),
  text: required(BLOCK_LIMITS.itemText, true),
  icon,
  link: z.preprocess((value) => (value === null ? undefined : value), linkSchema.optional()).optional(),
});

const featureSchema = shape({
  title: required(BLOCK_LIMITS.itemTitle),
  description: required(BLOCK_LIMITS.itemText, true),
  icon,
});

const textBlockSchema = shape({
  ...header,
  paragraphs: z
    .array(required(BLOCK_LIMITS.paragraph, true), { error: BLOCK_TEXT.paragraphsRequired })
    .max(BLOCK_LIMITS.paragraphs, BLOCK_TEXT.tooMany(BLOCK_LIMITS.paragraphs, "paragraphs")),
}).superRefine((value, ctx) => {
  // A heading alone is a section title; without a heading there must be something to read.
  if (value.paragraphs.length === 0 && !value.heading) {
    ctx.addIssue({ code: "custom", path: ["paragraphs"], message: BLOCK_TEXT.paragraphsRequired });
  }
});

const cardGridBlockSchema = shape({
  ...header,
  intro: optional(BLOCK_LIMITS.intro, true),
  cards: list(cardSchema, { max: BLOCK_LIMITS.items, what: "cards", requiredMessage: BLOCK_TEXT.cardsRequired }),
});

const listBlockSchema = shape({
  ...header,
  intro: optional(BLOCK_LIMITS.intro, true),
  items: list(required(BLOCK_LIMITS.listItem), { max: BLOCK_LIMITS.listItems, what: "items", requiredMessage: BLOCK_TEXT.itemsRequired }),
  /** Numbered (steps, goals) rather than bulleted. */
  ordered: z.preprocess((value) => (value === null ? undefined : value), z.boolean(TEXT_ERRORS.choice).optional()).optional(),
});

const features = list(featureSchema, { max: BLOCK_LIMITS.items, what: "features", requiredMessage: BLOCK_TEXT.featuresRequired });

const featureListBlockSchema = shape({
  ...header,
  intro: optional(BLOCK_LIMITS.intro, true),
  features,
});

const featureGridBlockSchema = shape({
  ...header,
  intro: optional(BLOCK_LIMITS.intro, true),
  features,
});

const imageTextBlockSchema = shape({
  eyebrow: optional(BLOCK_LIMITS.eyebrow),
  heading: required(BLOCK_LIMITS.heading),
  paragraphs,
  imageUrl: imageSrc,
  imageAlt: required(BLOCK_LIMITS.alt),
  imageSide: z.enum(IMAGE_SIDES, BLOCK_TEXT.imageSide).default("right"),
});

/**
 * The names a text may use in braces, e.g. "About {businessName}": public site
 * settings, filled in when the page renders (so a changed phone number shows
 * everywhere at once). For the editor's hint; the renderer resolves them.
 */
export const CONTENT_TOKENS = {
  businessName: "Business name",
  tagline: "Tagline",
  phone: "Phone number, as shown",
  phoneHref: "Phone link address (tel:...), for [{phone}]({phoneHref})",
  email: "Public email address",
  emailHref: "Email link address (mailto:...), for [{email}]({emailHref})",
  street: "Street address",
  city: "City",
  region: "State",
  postalCode: "ZIP code",
  activeDutyYears: "Years of active duty (veteran facts)",
  combatDeploymentMonths: "Months of combat deployments (veteran facts)",
  certificationName: "Manufacturer certification name",
  accreditationRating: "Accreditation rating",
  accreditationBureau: "Accreditation bureau name",
} as const;
export type ContentToken = keyof typeof CONTENT_TOKENS;

/** The schema of each block type's content. */
export const BLOCK_CONTENT_SCHEMAS = {
  text: textBlockSchema,
  card_grid: cardGridBlockSchema,
  list: listBlockSchema,
  feature_list: featureListBlockSchema,
  feature_grid: featureGridBlockSchema,
  image_text: imageTextBlockSchema,
} as const satisfies Record<BlockType, z.ZodType>;

/** The content of a block of type T, as stored and as the public renderer reads it. */
export type BlockContent<T extends BlockType = BlockType> = z.output<(typeof BLOCK_CONTENT_SCHEMAS)[T]>;

export function isBlockType(value: unknown): value is BlockType {
  return typeof value === "string" && (BLOCK_TYPES as readonly string[]).includes(value);
}

/**
 * Checks `content` against its type's schema; returns the normalised content
 * (trimmed texts, blank optional texts omitted), or the zod error.
 */
export function parseBlockContent<T extends BlockType>(type: T, content: unknown) {
  return (BLOCK_CONTENT_SCHEMAS[type] as unknown as z.ZodType<BlockContent<T>>).safeParse(content);
}

/**
 * What a new block of each type starts with in the editor (not yet valid: the
 * person fills it in).
 */
export function emptyBlockContent(type: BlockType): Record<string, unknown> {
  switch (type) {
    case "text":
      return { heading: "", paragraphs: [""] };
    case "card_grid":
      return { heading: "", intro: "", cards: [{ title: "", text: "", icon: "", link: null }] };
    case "list":
      return { heading: "", intro: "", items: [""], ordered: false };
    case "feature_list":
    case "feature_grid":
      return { heading: "", intro: "", features: [{ title: "", description: "", icon: "" }] };
    case "image_text":
      return { heading: "", paragraphs: [""], imageUrl: "", imageAlt: "", imageSide: "right" };
  }
}

const ITEM_NAMES: Record<string, string> = { cards: "Card", features: "Feature", items: "Item", paragraphs: "Paragraph" };
const KEY_NAMES: Record<string, string> = {
  eyebrow: "Eyebrow",
  heading: "Heading",
  intro: "Introduction",
  paragraphs: "Paragraphs",
  cards: "Cards",
  items: "Items",
  features: "Features",
  ordered: "Numbered",
  title: "Title",
  text: "Text",
  description: "Description",
  icon: "Icon",
  link: "Link",
  label: "Link text",
  href: "Link address",
  imageUrl: "Image address",
  imageAlt: "Image description",
  imageSide: "Image side",
  ogImage: "Social image",
};

/**
 * Where in a block's content an issue is, for people: ["cards", 1, "title"]
 * -> "Card 2, Title". Empty for the content as a whole.
 */
export function describeContentPath(path: ReadonlyArray<PropertyKey>): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const next = path[i + 1];
    if (typeof key === "string" && typeof next === "number" && ITEM_NAMES[key]) {
      parts.push(`${ITEM_NAMES[key]} ${next + 1}`);
      i++;
    } else if (typeof key === "string") {
      parts.push(KEY_NAMES[key] ?? key);
    } else if (typeof key === "number") {
      parts.push(`Item ${key + 1}`);
    }
  }
  return parts.join(", ");
}
