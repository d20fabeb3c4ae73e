import type { UIMatch } from "react-router";

/**
 * The `handle` a route module can export to decide how its page runs in the
 * browser (ADR 007):
 * - `hydrate: false` — the page is server-rendered HTML only; React and React
 *   Router are not loaded. Any matched route saying so turns hydration off.
 * - `scripts` — URLs of small module scripts (import them with `?url`) that
 *   enhance the HTML. Collected from every matched route, each loaded once.
 */
export interface PageScriptsHandle {
  hydrate?: boolean;
  scripts?: string[];
}

export function pageScripts(matches: ReadonlyArray<Pick<UIMatch, "handle">>): { hydrate: boolean; scripts: string[] } {
  let hydrate = true;
  const scripts = new Set<string>();
  for (const match of matches) {
    const handle = match.handle as PageScriptsHandle | undefined;
    if (handle?.hydrate === false) hydrate = false;
    for (const src of handle?.scripts ?? []) scripts.add(src);
  }
  return { hydrate, scripts: [...scripts] };
}
