import { bidnetAdapter } from "./bidnet";
import { govcbAdapter } from "./govcb";
import type { SourceAdapter } from "./types";

const ADAPTERS: Record<string, SourceAdapter> = { bidnet: bidnetAdapter, govcb: govcbAdapter };

export class UnknownAdapterError extends Error {
  constructor(slug: string) {
    // Spec §8, word for word.
    super(`No adapter found for source: ${slug}`);
    this.name = "UnknownAdapterError";
  }
}

/** The slugs that have an adapter. */
export function adapterSlugs(): string[] {
  return Object.keys(ADAPTERS);
}

/** The adapter of a source slug; throws "No adapter found for source: {slug}". */
export function adapterFor(slug: string): SourceAdapter {
  const adapter = Object.hasOwn(ADAPTERS, slug) ? ADAPTERS[slug] : undefined;
  if (!adapter) throw new UnknownAdapterError(slug);
  return adapter;
}

export type { ParsedContract, ParsedPage, SearchInput, SourceAdapter } from "./types";
