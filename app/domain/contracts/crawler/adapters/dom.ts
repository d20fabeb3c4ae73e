import { createRequire } from "node:module";
import type * as Cheerio from "cheerio";
import { type AnyNode, type Document, type Element, hasChildren, isTag, isText } from "domhandler";
import { TextCollector } from "./parse-text";

/**
 * What the adapters read a parsed page with (ADR 038): walks that visit each node a bounded number of
 * times, without recursion, and text cut to what a field can hold while it is collected. CSS selectors
 * are not used on crawled pages: css-select checks a descendant combinator, and cheerio its search
 * context, by walking up to the root from every candidate, quadratic in a deeply nested page, and
 * cheerio's `.text()` recurses once per level (a stack overflow 10,000 levels down).
 */

export type { Document, Element };

/**
 * cheerio is loaded by the first page parsed, which happens in the crawl's parser process (ADR 045): the app's
 * processes import the adapters for their URLs and names, never for parsing (ADR 058).
 */
let cheerio: typeof Cheerio | undefined;

/** The page's document (parse5 through cheerio: the HTML parsing rules browsers use). */
export function parseHtml(html: string): Document {
  cheerio ??= createRequire(import.meta.url)("cheerio") as typeof Cheerio;
  return cheerio.load(html).root()[0]!;
}

/** What `walk` does after visiting an element: go into it, skip its subtree, or stop the walk. */
type Step = "enter" | "skip" | "stop";

/**
 * The node after `node` in document order, not entering `node`'s subtree and not leaving `root`'s: its
 * next sibling, else the next sibling of the nearest ancestor (below `root`) that has one.
 */
function after(node: AnyNode, root: AnyNode): AnyNode | null {
  let current: AnyNode | null = node;
  while (current && current !== root) {
    if (current.next) return current.next;
    current = current.parent;
  }
  return null;
}

/** The first node under `root` in document order (its first child), or null. */
const firstUnder = (root: AnyNode): AnyNode | null => (hasChildren(root) ? (root.children[0] ?? null) : null);

/**
 * Visits the elements under `roots` (not the roots themselves) in document order, depth first, moving
 * along the tree's own parent and sibling links: no recursion and no stack, whatever the depth.
 */
function walk(roots: AnyNode | readonly AnyNode[], visit: (element: Element) => Step): void {
  for (const root of (Array.isArray(roots) ? roots : [roots]) as AnyNode[]) {
    let node = firstUnder(root);
    while (node) {
      if (isTag(node)) {
        const step = visit(node);
        if (step === "stop") return;
        if (step === "enter" && node.children.length > 0) {
          node = node.children[0]!;
          continue;
        }
      }
      node = after(node, root);
    }
  }
}

/** Longest class attribute read (a real one is a few dozen characters). */
const MAX_CLASS_CHARS = 1_024;

const isHtmlSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;

/** Whether the element's class attribute (its first MAX_CLASS_CHARS characters) lists `name`. */
export function hasClass(element: Element, name: string): boolean {
  const value = element.attribs.class;
  if (!value) return false;
  const classes = value.length > MAX_CLASS_CHARS ? value.slice(0, MAX_CLASS_CHARS) : value;
  for (let at = classes.indexOf(name); at !== -1; at = classes.indexOf(name, at + 1)) {
    const end = at + name.length;
    if ((at === 0 || isHtmlSpace(classes.charCodeAt(at - 1))) && (end === classes.length || isHtmlSpace(classes.charCodeAt(end)))) return true;
  }
  return false;
}

/** What an element must be: a tag name and/or every one of some classes and/or carry an attribute. */
export interface Match {
  tag?: string;
  classes?: readonly string[];
  attr?: string;
}

function matches(element: Element, match: Match): boolean {
  if (match.tag !== undefined && element.name !== match.tag) return false;
  if (match.attr !== undefined && element.attribs[match.attr] === undefined) return false;
  if (match.classes) for (const name of match.classes) if (!hasClass(element, name)) return false;
  return true;
}

const matchesAny = (element: Element, any: readonly Match[]) => any.some((m) => matches(element, m));

export interface FindOptions {
  /** Do not look inside elements matching one of these (a row's lookups stay out of nested rows). */
  fence?: readonly Match[];
}

/** The first element under `roots` that matches one of `any`, in document order. */
export function findFirst(roots: AnyNode | readonly AnyNode[] | null, any: Match | readonly Match[], options: FindOptions = {}): Element | null {
  if (roots === null) return null;
  const list = Array.isArray(any) ? (any as readonly Match[]) : [any as Match];
  let found: Element | null = null;
  walk(roots, (element) => {
    if (matchesAny(element, list)) {
      found = element;
      return "stop";
    }
    return options.fence && matchesAny(element, options.fence) ? "skip" : "enter";
  });
  return found;
}

/**
 * The elements under `roots` that match one of `any`, in document order, at most `limit`. With
 * `outermost`, the matches' own subtrees are not searched (so every node is visited once).
 */
export function findAll(
  roots: AnyNode | readonly AnyNode[],
  any: Match | readonly Match[],
  { limit = Number.POSITIVE_INFINITY, outermost = false, fence }: FindOptions & { limit?: number; outermost?: boolean } = {},
): Element[] {
  const list = Array.isArray(any) ? (any as readonly Match[]) : [any as Match];
  const found: Element[] = [];
  walk(roots, (element) => {
    if (matchesAny(element, list)) {
      found.push(element);
      if (found.length >= limit) return "stop";
      if (outermost) return "skip";
    }
    return fence && matchesAny(element, fence) ? "skip" : "enter";
  });
  return found;
}

/**
 * The first element matching the last of `path` inside one matching the one before, and so on: the CSS
 * descendant selector `a b c`, found by searching each step's outermost matches in turn.
 */
export function findPath(roots: AnyNode | readonly AnyNode[] | null, path: readonly Match[], options: FindOptions = {}): Element | null {
  if (roots === null || path.length === 0) return null;
  const [head, ...rest] = path;
  if (rest.length === 0) return findFirst(roots, head!, options);
  for (const scope of findAll(roots, head!, { ...options, outermost: true })) {
    const found = findPath(scope, rest, options);
    if (found) return found;
  }
  return null;
}

/** The element's next element sibling when it matches `match` (cheerio's `.next(selector)`). */
export function nextElement(element: Element, match: Match): Element | null {
  let node = element.next;
  while (node && !isTag(node)) node = node.next;
  return node && isTag(node) && matches(node, match) ? node : null;
}

/** An attribute, or undefined. */
export function attr(element: Element | null, name: string): string | undefined {
  return element?.attribs[name];
}

/** Tags whose content is never visible text. */
const NEVER_VISIBLE = new Set(["script", "style", "noscript", "template"]);

/**
 * The text under `roots` (script and style content included, comments not, as cheerio's `.text()`),
 * whitespace runs (no-break and zero-width spaces too) collapsed to one space, trimmed, and cut at
 * `max` characters: collecting stops there, whatever the page holds beyond. With `hidden`, the
 * subtrees it names (and script, style, noscript and template) are left out: the visible text.
 */
export function boundedText(
  roots: AnyNode | readonly AnyNode[] | null,
  max: number,
  hidden?: (element: Element) => boolean,
): string {
  if (roots === null) return "";
  const out = new TextCollector(max);
  for (const root of (Array.isArray(roots) ? roots : [roots]) as AnyNode[]) {
    if (isText(root)) {
      out.add(root.data);
      continue;
    }
    let node = firstUnder(root);
    while (node && !out.full) {
      if (isText(node)) out.add(node.data);
      else if (hasChildren(node) && node.children.length > 0) {
        const skip = isTag(node) && hidden !== undefined && (NEVER_VISIBLE.has(node.name) || hidden(node));
        if (!skip) {
          node = node.children[0]!;
          continue;
        }
      }
      node = after(node, root);
    }
    if (out.full) break;
  }
  return out.result();
}
