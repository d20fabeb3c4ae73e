import type { NewCmsGalleryProject, NewCmsService, NewCmsTeamMember } from "~/db/schema";

/**
 * Initial services, leadership team and gallery projects. Service slugs are
 * the values of the inspection form's service selector (LEAD_SERVICE_VALUES),
 * so a service card can preselect its option.
 */

type ServiceContent = Pick<NewCmsService, "slug" | "title" | "iconName" | "description">;
type TeamContent = Pick<NewCmsTeamMember, "slug" | "name" | "role" | "bio" | "imageUrl">;
type GalleryContent = Pick<NewCmsGalleryProject, "slug" | "title" | "category" | "description" | "imageAlt">;

const SERVICES: ServiceContent[] = [
  {
    slug: "inspection",
    title: "Free Estimates & Inspections",
    iconName: "CheckCircle",
    description:
      "A certified inspector walks your roof, attic and gutters and documents what we find with photos. " +
      "You get a clear written estimate with no pressure and no obligation, usually within two business days.",
  },
  {
    slug: "insurance-claim",
    title: "Insurance Claims Support",
    iconName: "FileCheck",
    description:
      "We document storm damage the way adjusters expect, meet the adjuster on site and walk them through every finding. " +
      "From the first photo to the final invoice, we keep the paperwork moving so you are not left chasing it.",
  },
  {
    slug: "storm-restoration",
    title: "Storm Restoration",
    iconName: "Cloud",
    description:
      "After hail or high wind we tarp and secure exposed areas quickly to stop further water damage. " +
      "Then we restore the roof, flashing and gutters to pre-storm condition with matched materials.",
  },
  {
    slug: "roof-repair",
    title: "Roof Repairs",
    iconName: "Wrench",
    description:
      "Leaks, missing shingles, failed flashing and worn pipe boots are fixed right the first time. " +
      "We find the source of the problem instead of patching the symptom, and we stand behind every repair.",
  },
  {
    slug: "roof-replacement",
    title: "Full Roof Replacement",
    iconName: "Home",
    description:
      "Complete tear-off down to the deck, inspection and repair of damaged decking, and a full system installation: " +
      "leak barrier, underlayment, starter, shingles, ventilation and ridge cap. Most homes are finished in a single day.",
  },
  {
    slug: "siding-gutters",
    title: "Residential Siding & Gutters",
    iconName: "Hammer",
    description:
      "Seamless gutters, downspouts and guards sized for Ohio downpours, plus siding repair and replacement. " +
      "We match the exterior to your new roof so the whole house is protected and finished.",
  },
];

export const SERVICE_SEEDS: NewCmsService[] = SERVICES.map((service, index) => ({
  ...service,
  status: "published",
  isFeatured: true,
  sortOrder: index + 1,
}));

const TEAM: TeamContent[] = [
  {
    slug: "marcus-hale",
    name: "Marcus Hale",
    role: "CEO and Head of Operations",
    bio:
      "Marcus served ten years in the U.S. Army as a combat engineer, leaving as a staff sergeant after two deployments " +
      "totalling fifteen months. He learned to plan, build and inspect under pressure, and he runs every crew the same way: " +
      "safety first, clean job sites and no shortcuts. Today he oversees scheduling, production and the final quality walk " +
      "on every roof the company installs.",
    imageUrl: "/images/team/marcus-hale.svg",
  },
  {
    slug: "dana-whitfield",
    name: "Dana Whitfield",
    role: "Chief Administrative Officer and Founder",
    bio:
      "Dana spent eight years in the U.S. Air Force as a logistics readiness officer, including a twelve-month deployment " +
      "supporting combat operations. She founded the company in 2017 to bring military accountability to home improvement in " +
      "central Ohio. She leads insurance coordination, finance and customer care, and she personally reviews every claim " +
      "file before it goes to the carrier.",
    imageUrl: "/images/team/dana-whitfield.svg",
  },
  {
    slug: "luis-ortega",
    name: "Luis Ortega",
    role: "Chief Technology Officer",
    bio:
      "Luis served six years in the U.S. Marine Corps as a data systems specialist, with a nine-month combat deployment. " +
      "He brought that discipline home to build the tools the team relies on: drone roof inspections, photo-documented " +
      "estimates and the systems that keep customers updated at every step. He also holds an FAA Part 107 remote pilot " +
      "certificate and trains the inspection crew.",
    imageUrl: "/images/team/luis-ortega.svg",
  },
];

export const TEAM_SEEDS: NewCmsTeamMember[] = TEAM.map((member, index) => ({
  ...member,
  imagePosition: "center",
  isLeadership: true,
  status: "published",
  sortOrder: index + 1,
  socialLinks: {},
}));

const GALLERY_IMAGE = { imageWidth: 800, imageHeight: 600 } as const;

const GALLERY: GalleryContent[] = [
  {
    slug: "dublin-architectural-replacement",
    title: "Architectural Shingle Replacement in Dublin",
    category: "Residential",
    description: "Full tear-off and replacement of a two-story home with architectural shingles, new ridge vents and drip edge.",
    imageAlt: "Illustration of a two-story house with a new charcoal architectural shingle roof",
  },
  {
    slug: "westerville-hail-claim",
    title: "Hail Damage Claim in Westerville",
    category: "Insurance Claim",
    description: "Hail-damaged roof documented, approved by the carrier and replaced in full, with the homeowner paying only the deductible.",
    imageAlt: "Illustration of a ranch house under storm clouds with a newly replaced roof",
  },
  {
    slug: "grove-city-retail-plaza",
    title: "Retail Plaza Roof in Grove City",
    category: "Commercial",
    description: "Low-slope roof restoration for a neighborhood retail plaza, completed in phases so every store stayed open.",
    imageAlt: "Illustration of a single-story retail plaza with a flat roof and storefronts",
  },
  {
    slug: "lancaster-steeple-repair",
    title: "Church Steeple and Roof Repair in Lancaster",
    category: "Specialty Project",
    description: "Steep-slope repair on a historic church, including new flashing around the steeple and matched replacement shingles.",
    imageAlt: "Illustration of a brick church with a tall steeple and a steep roof",
  },
  {
    slug: "delaware-designer-shingles",
    title: "Designer Shingle Installation in Delaware",
    category: "Premium Installation",
    description: "Slate-look designer shingles on a custom home, with premium ridge cap and a full lifetime roofing system.",
    imageAlt: "Illustration of a large custom home with a steep slate-look roof and dormers",
  },
  {
    slug: "hilliard-wind-restoration",
    title: "Wind Damage Restoration in Hilliard",
    category: "Insurance Claim",
    description: "Emergency tarping the night of the storm, then a carrier-approved replacement of the roof and gutters.",
    imageAlt: "Illustration of a house with new gutters and a restored roof after a wind storm",
  },
  {
    slug: "newark-colonial-reroof",
    title: "Colonial Re-Roof with Seamless Gutters in Newark",
    category: "Residential",
    description: "New roof and seamless gutters on a colonial home, finished in two days with a full magnetic nail sweep of the yard.",
    imageAlt: "Illustration of a colonial-style house with a new roof and white seamless gutters",
  },
];

export const GALLERY_SEEDS: NewCmsGalleryProject[] = GALLERY.map((project, index) => ({
  ...project,
  ...GALLERY_IMAGE,
  imageUrl: `/images/gallery/${project.slug}.svg`,
  status: "published",
  sortOrder: index + 1,
}));
