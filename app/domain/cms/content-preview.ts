/** The longest content preview in the Page Content lists (spec 2 §9). */
const CONTENT_PREVIEW_MAX = 100;

/**
 * `text` on one line, cut to at most `max` characters (an ellipsis marks the cut,
 * and it never splits a surrogate pair).
 */
export function truncatePreview(text: string, max = CONTENT_PREVIEW_MAX): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(oneLine);
  if (chars.length <= max) return oneLine;
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/** Keys that hold no text for people (addresses, icon names, layout choices). */
const NOT_TEXT = new Set(["icon", "href", "imageUrl", "imageSide", "ordered"]);
/**
 * The order a block's texts are read in, as the page shows them (the database
 * keeps JSON keys in its own order: by length).
 */
const READING_ORDER = ["eyebrow", "heading", "intro", "paragraphs", "items", "cards", "features", "title", "text", "description", "link", "label", "imageAlt"];
const rank = (key: string) => {
  const at = READING_ORDER.indexOf(key);
  return at < 0 ? READING_ORDER.length : at;
};

/** Every text of a block's content in reading order, joined with " · " (for the list's preview). */
function contentText(value: unknown): string {
  const out: string[] = [];
  const walk = (node: unknown, key?: string) => {
    if (typeof node === "string") {
      if (node.trim() && !(key && NOT_TEXT.has(key))) out.push(node.trim());
    } else if (Array.isArray(node)) {
      for (const item of node) walk(item, key);
    } else if (node && typeof node === "object") {
      const entries = Object.entries(node).sort(([a], [b]) => rank(a) - rank(b));
      for (const [k, v] of entries) walk(v, k);
    }
  };
  walk(value);
  return out.join(" · ");
}

/** The preview of a page (its content text) or a block (the texts of its content JSON). */
export function pagePreview(content: string): string {
  return truncatePreview(content);
}

export function blockPreview(content: unknown): string {
  return truncatePreview(contentText(content));
}
