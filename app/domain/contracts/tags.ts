/** Tag of solicitations set aside for veteran-owned businesses (the crawler adds it, relevance.ts; ADR 023). */
export const VETERAN_TAG = "veteran-set-aside";
