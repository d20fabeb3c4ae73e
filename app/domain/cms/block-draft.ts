import { type BlockType, CONTENT_ICON_NAMES, emptyBlockContent, type ImageSide } from "./block-content";

/**
 * The structured editor's working copy of a block's content (/admin/cms/pages):
 * one draft holds the fields of every type, so changing a block's type keeps
 * what was typed (a card grid's cards become a feature grid's features).
 * `serializeDraft` gives the JSON the action validates with the type's schema
 * (block-content.ts); nothing is checked here. Pure, shared by the editor and tests.
 */

export interface CardDraft {
  key: number;
  title: string;
  text: string;
  icon: string;
  linkLabel: string;
  linkHref: string;
}

export interface FeatureDraft {
  key: number;
  title: string;
  description: string;
  icon: string;
}

export interface ItemDraft {
  key: number;
  text: string;
}

export interface BlockDraft {
  eyebrow: string;
  heading: string;
  intro: string;
  /** Paragraphs of a text or image-and-text block, separated by a blank line. */
  body: string;
  items: ItemDraft[];
  ordered: boolean;
  cards: CardDraft[];
  features: FeatureDraft[];
  imageUrl: string;
  imageAlt: string;
  imageSide: ImageSide;
}

let nextKey = 1;
/** A key for a new card, feature or item (React list keys). */
function newKey(): number {
  return nextKey++;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const objects = (value: unknown): Array<Record<string, unknown>> =>
  Array.isArray(value) ? value.map((item) => (item && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>) : {})) : [];

const PARAGRAPH_SEPARATOR = "\n\n";

/** "One.\n\nTwo." -> ["One.", "Two."] (a single line break stays inside its paragraph). */
export function splitParagraphs(body: string): string[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function emptyCard(): CardDraft {
  return { key: newKey(), title: "", text: "", icon: "", linkLabel: "", linkHref: "" };
}
export function emptyFeature(): FeatureDraft {
  return { key: newKey(), title: "", description: "", icon: "" };
}
export function emptyItem(): ItemDraft {
  return { key: newKey(), text: "" };
}

/** A draft from any JSON value (what does not fit is left out; see `fitsDraft`). */
export function draftFrom(value: unknown): BlockDraft {
  const content = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return {
    eyebrow: str(content.eyebrow),
    heading: str(content.heading),
    intro: str(content.intro),
    body: Array.isArray(content.paragraphs) ? content.paragraphs.map(str).join(PARAGRAPH_SEPARATOR) : "",
    items: Array.isArray(content.items) ? content.items.map((item) => ({ key: newKey(), text: str(item) })) : [],
    ordered: content.ordered === true,
    cards: objects(content.cards).map((card) => {
      const link = card.link && typeof card.link === "object" ? (card.link as Record<string, unknown>) : {};
      return { key: newKey(), title: str(card.title), text: str(card.text), icon: str(card.icon), linkLabel: str(link.label), linkHref: str(link.href) };
    }),
    features: objects(content.features).map((feature) => ({
      key: newKey(),
      title: str(feature.title),
      description: str(feature.description),
      icon: str(feature.icon),
    })),
    imageUrl: str(content.imageUrl),
    imageAlt: str(content.imageAlt),
    imageSide: content.imageSide === "left" ? "left" : "right",
  };
}

const blank = (...values: string[]) => values.every((value) => !value.trim());

/**
 * The draft made ready for `type`: a card grid with no cards gets the
 * features' texts as cards (and the other way round), or one empty card;
 * a list gets one empty item.
 */
export function draftForType(type: BlockType, draft: BlockDraft): BlockDraft {
  const meaningfulCards = draft.cards.filter((c) => !blank(c.title, c.text));
  const meaningfulFeatures = draft.features.filter((f) => !blank(f.title, f.description));
  if (type === "card_grid" && meaningfulCards.length === 0) {
    const cards = meaningfulFeatures.map((f) => ({ key: newKey(), title: f.title, text: f.description, icon: f.icon, linkLabel: "", linkHref: "" }));
    return { ...draft, cards: cards.length > 0 ? cards : [emptyCard()] };
  }
  if ((type === "feature_list" || type === "feature_grid") && meaningfulFeatures.length === 0) {
    const features = meaningfulCards.map((c) => ({ key: newKey(), title: c.title, description: c.text, icon: c.icon }));
    return { ...draft, features: features.length > 0 ? features : [emptyFeature()] };
  }
  if (type === "list" && draft.items.length === 0) return { ...draft, items: [emptyItem()] };
  return draft;
}

/** The draft of a new block of `type`. */
export function newDraft(type: BlockType): BlockDraft {
  return draftForType(type, draftFrom(emptyBlockContent(type)));
}

const optional = (value: string) => (value.trim() ? value : undefined);

/**
 * The content JSON of `type` from the draft: the fields of that type only,
 * optional texts left out when blank, required ones kept (blank or not) so
 * that the schema names what is missing.
 */
export function serializeDraft(type: BlockType, draft: BlockDraft): Record<string, unknown> {
  const header = { eyebrow: optional(draft.eyebrow), heading: optional(draft.heading) };
  const paragraphs = splitParagraphs(draft.body);
  switch (type) {
    case "text":
      return { ...header, paragraphs };
    case "card_grid":
      return {
        ...header,
        intro: optional(draft.intro),
        cards: draft.cards.map((card) => ({
          title: card.title,
          text: card.text,
          icon: optional(card.icon),
          link: blank(card.linkLabel, card.linkHref) ? undefined : { label: card.linkLabel, href: card.linkHref },
        })),
      };
    case "list":
      return { ...header, intro: optional(draft.intro), items: draft.items.map((item) => item.text), ordered: draft.ordered || undefined };
    case "feature_list":
    case "feature_grid":
      return {
        ...header,
        intro: optional(draft.intro),
        features: draft.features.map((feature) => ({ title: feature.title, description: feature.description, icon: optional(feature.icon) })),
      };
    case "image_text":
      return {
        eyebrow: optional(draft.eyebrow),
        heading: draft.heading,
        paragraphs,
        imageUrl: draft.imageUrl,
        imageAlt: draft.imageAlt,
        imageSide: draft.imageSide,
      };
  }
}

/** JSON with sorted keys and without empty values (undefined, null, "", false): what two contents mean. */
export function canonicalJson(value: unknown): string {
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clean);
    if (node && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(node).sort()) {
        const v = clean((node as Record<string, unknown>)[key]);
        if (v === undefined || v === null || v === "" || v === false) continue;
        out[key] = v;
      }
      return out;
    }
    return node;
  };
  return JSON.stringify(clean(value));
}

/**
 * Whether `value` can be edited in the structured form of `type` without
 * losing or changing anything (no unknown keys, no numbers where text goes,
 * no paragraph the blank-line convention would split...). When it cannot,
 * the editor stays in JSON mode.
 */
export function fitsDraft(type: BlockType, value: unknown): boolean {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  return canonicalJson(serializeDraft(type, draftFrom(value))) === canonicalJson(value);
}

/** The icon choices of a card or a feature ("" = no icon). */
export const ICON_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "", label: "No icon" },
  ...CONTENT_ICON_NAMES.map((name) => ({ value: name, label: name })),
];

/** Moves the element at `from` to `to` (a copy). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
