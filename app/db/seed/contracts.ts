import {
  DEFAULT_RATE_LIMIT_CONFIG,
  type NewContractSearchConfig,
  type NewContractSource,
} from "~/db/schema";

/**
 * Contract sources (spec 2 §9 "Seeded sources"), their default search
 * configurations, and contract categories.
 *
 * Base URLs per /work/shared/crawler/STRUCTURE.md:
 * - BidNet Direct: https://www.bidnetdirect.com, keyword search at
 *   /public/solicitations/open?keywords=&location=229&solSearchStatus=openSolicitationsTab&pageNumberSelect=1
 * - "Government Contract Bids" is GovCB, https://www.govcb.com; its search
 *   path is not verified (probably a GET form at a `…/search.htm` path).
 */

export const CONTRACT_SOURCE_SEEDS: NewContractSource[] = [
  {
    name: "BidNet Direct",
    slug: "bidnet",
    description:
      "Open government solicitations from agencies across the United States, searched by keyword in BidNet Direct's Ohio region.",
    baseUrl: "https://www.bidnetdirect.com",
    sourceType: "scraper",
    rateLimitConfig: { ...DEFAULT_RATE_LIMIT_CONFIG },
    contactInfo: {},
    authenticationConfig: {},
    isActive: true,
    sortOrder: 1,
  },
  {
    name: "Government Contract Bids",
    slug: "govcb",
    description: "Federal, state and local government bids listed on GovCB, filtered to Ohio.",
    baseUrl: "https://www.govcb.com",
    sourceType: "scraper",
    rateLimitConfig: { ...DEFAULT_RATE_LIMIT_CONFIG },
    contactInfo: {},
    authenticationConfig: {},
    isActive: true,
    sortOrder: 2,
  },
];

/** Default search configuration of each seeded source, by source slug. */
export const CONTRACT_SEARCH_CONFIG_SEEDS: Record<string, Omit<NewContractSearchConfig, "sourceId">> = {
  bidnet: {
    name: "Ohio Roofing Contracts",
    description: "Open solicitations in Ohio matching roof or roofing.",
    keywords: ["roof", "roofing"],
    locationConfig: { state: "OH", locationId: "229" },
    customParameters: { solSearchStatus: "openSolicitationsTab", pageNumberSelect: 1 },
    isDefault: true,
    isActive: true,
    sortOrder: 1,
  },
  govcb: {
    name: "Ohio Roofing Contracts",
    description: "State, local and federal bids in Ohio matching roof or roofing.",
    keywords: ["roof", "roofing"],
    locationConfig: { state: "OH" },
    customParameters: { "gov[]": ["sl", "fed"] },
    isDefault: true,
    isActive: true,
    sortOrder: 1,
  },
};

export const CONTRACT_CATEGORY_SEEDS = [
  { slug: "roofing", name: "Roofing", description: "Roofing work in general (NAICS 238160, Roofing Contractors)." },
  { slug: "roof-repair", name: "Roof Repair", description: "Repairs, leak response and on-call roof maintenance." },
  { slug: "roof-replacement", name: "Roof Replacement", description: "Tear-off and replacement of steep-slope or low-slope roofs." },
  { slug: "roof-coatings", name: "Roof Coatings & Restoration", description: "Coatings, recovers and restoration of existing roofs." },
  { slug: "gutters-siding", name: "Gutters & Siding", description: "Gutters, downspouts, siding and exterior envelope work." },
  { slug: "sheet-metal-flashing", name: "Sheet Metal & Flashing", description: "Flashing, copings, metal roofing and sheet metal." },
  { slug: "general-construction", name: "General Construction", description: "Building projects that include roofing in a larger scope." },
  { slug: "building-maintenance", name: "Building Maintenance", description: "Facility maintenance contracts that cover roofs." },
].map((category, index) => ({ ...category, sortOrder: index + 1 }));
