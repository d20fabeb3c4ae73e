import type { NewCmsContentBlock, NewCmsPage } from "~/db/schema";
import type { BlockContent, BlockType } from "~/domain/cms/block-content";
import { PUBLIC_PAGES, type PublicPageKey } from "~/domain/cms/public-pages";

/**
 * The texts of the public pages as cms_pages and cms_content_blocks rows
 * (issue 9 item 6): the copy the pages showed before the CMS drove them, so the
 * site looks the same after the change. `{name}` placeholders are filled from
 * the public site settings when a page renders (CONTENT_TOKENS); `[label](address)`
 * and `**bold**` are the inline markup of block-content.ts. Which page shows
 * which block is in app/domain/cms/public-pages.ts; seed-pages.test.ts checks
 * every block against its type's schema and its page's definition.
 */

interface PageSeed {
  key: PublicPageKey;
  /** What staff read about the page in Page Content (cms_pages.content; not shown publicly). */
  note: string;
  metadata: { title: string; description: string };
}

const PAGES: PageSeed[] = [
  {
    key: "home",
    note:
      "The home page. Sections: home-hero, home-hero-facts, shared-services, home-partnership, home-partnership-card, " +
      "home-insurance, shared-team, shared-reviews, shared-inspection. The services, leaders and reviews come from their own screens.",
    metadata: {
      // A title that names the business ({businessName}) is used as it is, without the " | business" suffix.
      title: "{businessName} | Veteran-Owned Roofing Contractor in Central Ohio",
      description:
        "{businessName} is a veteran-owned roofing contractor serving Columbus and central Ohio: free roof inspections, " +
        "storm restoration, insurance-claim support, repairs and full roof replacement.",
    },
  },
  {
    key: "about",
    note: "About us. Sections: about-hero, about-inspection, about-mission-vision, about-values, about-goals, shared-team, shared-reviews, shared-inspection.",
    metadata: {
      title: "About Us",
      description:
        "Meet {businessName}, a veteran-owned roofing contractor in central Ohio: our mission, vision and values, and the veterans who lead every job.",
    },
  },
  {
    key: "services",
    note: "Services. Sections: services-hero, shared-services (then every published service), shared-inspection.",
    metadata: {
      title: "Roofing Services in Central Ohio",
      description:
        "Free roof inspections and estimates, insurance-claim support, storm restoration, roof repairs, full roof replacement, " +
        "siding and gutters for central Ohio homes and businesses.",
    },
  },
  {
    key: "team",
    note: "Meet our veteran team. Sections: team-hero, team-record, team-leaders (then the published leaders), team-cta.",
    metadata: {
      title: "Meet Our Veteran Team",
      description:
        "The veterans who lead {businessName}: {activeDutyYears} years of active duty and {combatDeploymentMonths} months of " +
        "combat deployments, now serving central Ohio homeowners.",
    },
  },
  {
    key: "gallery",
    note: "Our work (the project gallery). Sections: gallery-hero, then the published projects, gallery-cta.",
    metadata: {
      title: "Our Work",
      description:
        "Roof replacements, insurance-claim restorations, commercial roofs and specialty projects we have completed across central Ohio.",
    },
  },
  {
    key: "contact",
    note: "Contact us. Sections: contact-hero, the contact details (from Site Settings), shared-inspection.",
    metadata: {
      title: "Contact Us",
      description: "Call {phone} or email {email} to schedule a free roof inspection anywhere in central Ohio.",
    },
  },
  {
    key: "privacy",
    note:
      "Privacy policy. privacy-hero and privacy-updated open the page; its sections are the blocks privacy-<number>-<name>, " +
      "shown in number order (add one with a new number, e.g. privacy-115-new-topic).",
    metadata: {
      title: "Privacy Policy",
      description:
        "How {businessName} collect, use and protect the information you share when you request a roof inspection or contact us.",
    },
  },
  {
    key: "terms",
    note:
      "Terms of service. terms-hero and terms-updated open the page; its sections are the blocks terms-<number>-<name>, " +
      "shown in number order.",
    metadata: {
      title: "Terms of Service",
      description:
        "The terms for using the {businessName} website: estimates, scheduling, warranties, limits of liability and Ohio law.",
    },
  },
];

export const PAGE_SEEDS: NewCmsPage[] = PAGES.map(({ key, note, metadata }) => ({
  pageKey: key,
  title: PUBLIC_PAGES[key].name,
  content: note,
  metadata,
  status: "published",
}));

type BlockSeed = { [T in BlockType]: { key: string; type: T; title: string; content: BlockContent<T> } }[BlockType];

const block = <T extends BlockType>(key: string, type: T, title: string, content: BlockContent<T>): BlockSeed =>
  ({ key, type, title, content }) as BlockSeed;

const LAST_UPDATED = "Last updated: November 22, 2026";

const BLOCKS: BlockSeed[] = [
  // Sections several pages show.
  block("shared-services", "text", "Services: heading (home and services pages)", {
    eyebrow: "What we do",
    heading: "Roofing services done right the first time",
    paragraphs: [
      "Whether a storm just rolled through or your roof is simply showing its age, our crews handle every step — from the first inspection to the final nail.",
    ],
  }),
  block("shared-team", "text", "Leadership: heading (home and about pages)", {
    eyebrow: "Our leadership",
    heading: "Veterans leading every job",
    paragraphs: ["The founders who answer for every roof we build — the same way they answered for their teams in uniform."],
  }),
  block("shared-reviews", "text", "Reviews: heading (home and about pages)", {
    eyebrow: "Customer reviews",
    heading: "What our neighbors say about us",
    paragraphs: ["Real words from homeowners and businesses across central Ohio."],
  }),
  block("shared-inspection", "card_grid", "Inspection form section (home, about, services and contact pages)", {
    eyebrow: "Free & no obligation",
    heading: "Request Your Free Inspection",
    intro:
      "A certified inspector checks your roof, attic ventilation and gutters, photographs what we find and walks you through it. " +
      "If there is storm damage, we explain your insurance options before you call your carrier.",
    cards: [
      {
        title: "Book your inspection with {businessName}",
        text: "Tell us your address and what you’ve noticed — we’ll take it from there.",
      },
    ],
  }),

  // Home.
  block("home-hero", "text", "Home: hero", {
    eyebrow: "Veteran-Owned & Operated",
    heading: "Veteran-owned roofing you can trust across central Ohio",
    paragraphs: [
      "Free inspections, storm restoration, insurance-claim support, repairs and full replacements — handled with the discipline and integrity we learned in uniform.",
    ],
  }),
  block("home-hero-facts", "feature_grid", "Home: hero facts", {
    features: [
      { icon: "Medal", title: "{activeDutyYears} years", description: "of active-duty service" },
      { icon: "ShieldCheck", title: "{combatDeploymentMonths} months", description: "of combat deployments" },
    ],
  }),
  block("home-partnership", "list", "Home: manufacturer partnership", {
    eyebrow: "Manufacturer partnership",
    heading: "A proud {certificationName}",
    intro:
      "{businessName} installs complete GAF roofing systems. Certification means our work is held to the manufacturer’s own " +
      "standards — and your roof is backed by more than our word alone.",
    items: [
      "Factory-trained crews installing to manufacturer specifications",
      "Complete roofing systems: underlayment, ventilation, shingles and ridge caps that work together",
      "Access to enhanced manufacturer warranty options",
    ],
  }),
  block("home-partnership-card", "feature_grid", "Home: partnership card", {
    heading: "{certificationName}",
    intro: "Warranties, shingle comparisons, the full roof system and every Timberline HDZ color — all in one place.",
    features: [
      { title: "Installation", description: "Factory-certified" },
      { title: "Roof system", description: "Complete GAF" },
    ],
  }),
  block("home-insurance", "card_grid", "Home: insurance claims", {
    eyebrow: "Insurance claims",
    heading: "Storm damage? We'll guide you through your claim",
    intro: "Dealing with an insurance company after a storm is stressful. We make it simple — and it starts with a free inspection.",
    cards: [
      {
        icon: "ClipboardCheck",
        title: "Free damage inspection",
        text: "We document hail, wind and storm damage with photos and measurements your insurer can use.",
      },
      {
        icon: "FileText",
        title: "Help with your claim",
        text: "We walk you through the paperwork and meet your adjuster on site so nothing gets missed.",
      },
      {
        icon: "HardHat",
        title: "Restoration done right",
        text: "Once approved, our crews repair or replace your roof to manufacturer standards.",
      },
    ],
  }),

  // About.
  block("about-hero", "text", "About: hero", {
    eyebrow: "About us",
    heading: "About {businessName}",
    paragraphs: [
      "We are a veteran-owned roofing and storm-restoration company based in {city}, Ohio. Our founders served " +
        "{activeDutyYears} years on active duty between them; today they bring the same standards to every roof in central Ohio.",
    ],
  }),
  block("about-inspection", "text", "About: inspection card in the hero", {
    heading: "Ready for Your Inspection?",
    paragraphs: ["Free, no-obligation roof inspections across central Ohio. Call or email and we’ll set a time that suits you."],
  }),
  block("about-mission-vision", "card_grid", "About: mission and vision", {
    heading: "Mission and vision",
    cards: [
      {
        icon: "Compass",
        title: "Our Mission",
        text:
          "To protect central Ohio homes and businesses with honest inspections, well-built roofing systems and the same " +
          "discipline, accountability and care we practiced in uniform.",
      },
      {
        icon: "Eye",
        title: "Our Vision",
        text:
          "To be the roofing contractor central Ohio families recommend first: known for telling the truth about a roof, " +
          "standing behind every job, and giving back to the veterans and neighbors in the communities we serve.",
      },
    ],
  }),
  block("about-values", "card_grid", "About: core values", {
    eyebrow: "What we stand for",
    heading: "Our core values",
    intro: "Three principles from military service that guide every inspection, estimate and installation.",
    cards: [
      {
        icon: "ShieldCheck",
        title: "Integrity First",
        text:
          "We tell you what your roof actually needs, even when that is a repair instead of a replacement. Every estimate " +
          "is written, itemized and explained before any work begins.",
      },
      {
        icon: "HeartHandshake",
        title: "Service Beyond",
        text:
          "From the first call to the final insurance paperwork, we handle the details, return calls the same day and " +
          "leave your property cleaner than we found it.",
      },
      {
        icon: "Trophy",
        title: "Excellence Always",
        text:
          "Factory-trained crews, installation to manufacturer specifications and a final quality walk on every roof. " +
          "A job is finished when it meets our standard, not before.",
      },
    ],
  }),
  block("about-goals", "feature_list", "About: goals", {
    eyebrow: "Where we are headed",
    heading: "Our goals",
    features: [
      {
        title: "Inspect honestly",
        description: "Give every homeowner a clear, photo-documented picture of their roof's condition, free and without pressure.",
      },
      {
        title: "Make insurance claims simple",
        description: "Guide storm-damage customers through their claim, from the first inspection to the final invoice.",
      },
      {
        title: "Build roofs that last",
        description: "Install complete roofing systems to manufacturer specifications, backed by strong warranties.",
      },
      {
        title: "Serve our community",
        description: "Hire and train veterans, and support the neighborhoods and veteran organizations of central Ohio.",
      },
    ],
  }),

  // Services.
  block("services-hero", "text", "Services: hero", {
    eyebrow: "Roofing & storm restoration",
    heading: "Our Services",
    paragraphs: [
      "From a free inspection after a storm to a complete roof replacement, {businessName} handles the whole job with our own " +
        "trained crews: clear estimates, clean job sites and work we stand behind.",
    ],
  }),

  // Team.
  block("team-hero", "text", "Team: hero", {
    eyebrow: "Our team",
    heading: "Meet Our Veteran Team",
    paragraphs: [
      "Together our founders served {activeDutyYears} years of active duty, including {combatDeploymentMonths} months of combat " +
        "deployments. The discipline, planning and accountability of military service now go into every roof we build.",
    ],
  }),
  block("team-record", "feature_grid", "Team: service record", {
    heading: "Our service record",
    features: [
      { icon: "Medal", title: "Active duty", description: "{activeDutyYears} years" },
      { icon: "ShieldCheck", title: "Combat deployments", description: "{combatDeploymentMonths} months" },
    ],
  }),
  block("team-leaders", "text", "Team: leadership heading", { heading: "Our leadership", paragraphs: [] }),
  block("team-cta", "text", "Team: call to action", {
    heading: "Put a veteran-led crew on your roof",
    paragraphs: ["Start with a free, no-obligation inspection. We’ll show you exactly what we find."],
  }),

  // Gallery.
  block("gallery-hero", "text", "Our work: hero", {
    eyebrow: "Project gallery",
    heading: "Our Work",
    paragraphs: [
      "A look at recent projects across central Ohio: residential replacements, insurance-claim restorations, commercial roofs and specialty work.",
    ],
  }),
  block("gallery-cta", "text", "Our work: call to action", { heading: "Want results like these on your home?", paragraphs: [] }),

  // Contact.
  block("contact-hero", "text", "Contact: hero", {
    eyebrow: "Contact",
    heading: "Contact Us",
    paragraphs: ["Questions about your roof, a storm, or an insurance claim? Reach our office in {city} — a real person answers."],
  }),

  // Privacy policy.
  block("privacy-hero", "text", "Privacy: hero", {
    eyebrow: "Legal",
    heading: "Privacy Policy",
    paragraphs: ["What we collect when you contact {businessName}, why we need it, and how long we keep it — in plain language."],
  }),
  block("privacy-updated", "text", "Privacy: last updated", { paragraphs: [LAST_UPDATED] }),
  block("privacy-10-who-we-are", "text", "Privacy: who we are", {
    heading: "Who we are",
    paragraphs: [
      "{businessName} is a roofing contractor at {street}, {city}, {region} {postalCode}. We are responsible for the personal " +
        "information described here. Questions about it go to [{email}]({emailHref}) or [{phone}]({phoneHref}).",
    ],
  }),
  block("privacy-20-form", "list", "Privacy: what the inspection request form collects", {
    heading: "What the inspection request form collects",
    intro: "When you ask for a free inspection or estimate, we ask for:",
    items: [
      "your first and last name, email address and phone number, so we can reach you;",
      "the service you are interested in and your message, so we know what to look at;",
      "whether you have insurance documents, and any photos or documents you choose to upload, so we can prepare for a " +
        "storm-damage inspection or an insurance claim.",
    ],
  }),
  block("privacy-30-form-use", "text", "Privacy: how we use what the form collects", {
    paragraphs: [
      "We use this information to answer you, schedule and carry out the inspection, prepare a written estimate and, if you ask " +
        "us to, help with your insurance claim. We do not sell it, rent it or use it for advertising.",
    ],
  }),
  block("privacy-40-email", "text", "Privacy: email and phone calls", {
    heading: "Email and phone calls",
    paragraphs: [
      "When you submit the form or write to us, our office receives your request by email and replies from {email}. We only " +
        "contact you about your request or your project. We do not send newsletters or marketing email unless you ask for them, " +
        "and you can tell us to stop at any time.",
    ],
  }),
  block("privacy-50-sharing", "list", "Privacy: who we share it with", {
    heading: "Who we share it with",
    intro: "We share your information only when it is needed for your project or required by law:",
    items: [
      "with the companies that host this website and deliver our email, under agreements to keep it confidential;",
      "with your insurance company or adjuster, when you ask us to help with a claim;",
      "with material suppliers or manufacturers when needed to register a product warranty for your roof;",
      "with authorities when the law requires it.",
    ],
  }),
  block("privacy-60-cookies", "text", "Privacy: cookies", {
    heading: "Cookies",
    paragraphs: [
      "The public pages of this website do not use advertising, tracking or analytics cookies. The only cookie we set is an " +
        "essential session cookie for our staff when they sign in to the office system; it keeps them signed in and is deleted " +
        "when they sign out or the session expires. Visitors who do not sign in receive no cookies from us.",
      "Like every website, our server records technical information about requests (such as the IP address, the page requested " +
        "and the browser type) to keep the site secure and working. These logs are kept for a short time and are not used to " +
        "identify visitors.",
    ],
  }),
  block("privacy-70-retention", "list", "Privacy: how long we keep it", {
    heading: "How long we keep it",
    items: [
      "**Requests that do not lead to work:** deleted within 24 months of your last contact with us.",
      "**Customers:** project records, photos and correspondence are kept for as long as your workmanship warranty lasts and " +
        "as long as tax and business-record laws require.",
      "**Uploaded files:** kept with your request and deleted with it.",
    ],
  }),
  block("privacy-80-security", "text", "Privacy: how we protect it", {
    heading: "How we protect it",
    paragraphs: [
      "This website uses encrypted connections (HTTPS). Requests and uploads are stored on systems that only our authorized " +
        "staff can access, and every staff account needs approval before it can see customer information.",
    ],
  }),
  block("privacy-90-choices", "text", "Privacy: your choices", {
    heading: "Your choices",
    paragraphs: [
      "You can ask us for a copy of the information we hold about you, ask us to correct it, or ask us to delete it when we no " +
        "longer need it for your project or the law. Email [{email}]({emailHref}) or call [{phone}]({phoneHref}); we answer within 30 days.",
    ],
  }),
  block("privacy-100-children", "text", "Privacy: children", {
    heading: "Children",
    paragraphs: [
      "This website is meant for adults arranging work on a property. We do not knowingly collect information from children under 13.",
    ],
  }),
  block("privacy-110-changes", "text", "Privacy: changes to this policy", {
    heading: "Changes to this policy",
    paragraphs: [
      "If we change how we handle personal information, we will update this page and the date at the top. Our " +
        "[Terms of Service](/terms) explain the rules for using this website.",
    ],
  }),

  // Terms of service.
  block("terms-hero", "text", "Terms: hero", {
    eyebrow: "Legal",
    heading: "Terms of Service",
    paragraphs: ["The rules for using the {businessName} website and what you can expect when you ask us for an inspection or estimate."],
  }),
  block("terms-updated", "text", "Terms: last updated", { paragraphs: [LAST_UPDATED] }),
  block("terms-10-about", "text", "Terms: about these terms", {
    heading: "About these terms",
    paragraphs: [
      "By using this website you agree to these terms. They cover the website only: any roofing work we do for you is governed " +
        "by the written contract you sign with us, which takes precedence over anything on this site.",
    ],
  }),
  block("terms-20-estimates", "list", "Terms: inspections and estimates", {
    heading: "Inspections and estimates",
    items: [
      "Roof inspections and estimates are free and place you under no obligation.",
      "Estimates are written and based on what we can see and measure during the inspection. Damage that only becomes visible " +
        "once work starts, such as rotted decking under old shingles, may change the price; we will explain it and get your " +
        "approval before doing extra work.",
      "An estimate is valid for 30 days unless it says otherwise, because material prices change.",
      "Prices, photos and descriptions on this website are general information, not offers.",
    ],
  }),
  block("terms-30-scheduling", "text", "Terms: scheduling", {
    heading: "Scheduling",
    paragraphs: [
      "Start and completion dates are our best estimates. Roofing depends on the weather and on material deliveries, so we may " +
        "need to move a date; when that happens we tell you as early as we can. If you sign a contract at your home, Ohio’s " +
        "Home Solicitation Sales Act may give you three business days to cancel it, and your contract explains how.",
    ],
  }),
  block("terms-40-insurance", "text", "Terms: insurance claims", {
    heading: "Insurance claims",
    paragraphs: [
      "We can document storm damage, meet your adjuster and explain our findings, but your insurance company alone decides what " +
        "your policy covers. We are a roofing contractor, not a public adjuster or your legal representative, and we do not " +
        "waive or rebate insurance deductibles.",
    ],
  }),
  block("terms-50-warranties", "text", "Terms: warranties", {
    heading: "Warranties",
    paragraphs: [
      "Our workmanship warranty and any manufacturer warranty for your roof are set out in your contract and in the " +
        "manufacturer’s warranty documents. Information about manufacturer warranties on this website, including our " +
        "[GAF warranty overview](/gaf/warranties), is a summary for comparison only; the warranty documents themselves are what count.",
    ],
  }),
  block("terms-60-website", "text", "Terms: using this website", {
    heading: "Using this website",
    paragraphs: [
      "Please use the website lawfully and do not try to disrupt it or reach parts of it that are not meant for you. The text, " +
        "photos and logos on it belong to {businessName} or are used with permission. Links to other websites, such as " +
        "manufacturers or review sites, are provided for convenience; we are not responsible for their content.",
    ],
  }),
  block("terms-70-liability", "text", "Terms: limitation of liability", {
    heading: "Limitation of liability",
    paragraphs: [
      "We work to keep this website accurate and available, but it is provided “as is”. To the extent Ohio law allows, " +
        "{businessName} is not liable for indirect or consequential losses that come from using the website or relying on its " +
        "general information. This does not limit your rights under your contract with us or under consumer protection law.",
    ],
  }),
  block("terms-80-law", "text", "Terms: governing law", {
    heading: "Governing law",
    paragraphs: ["These terms are governed by the laws of the State of Ohio, and any dispute about them is handled by the courts of Ohio."],
  }),
  block("terms-90-changes", "text", "Terms: changes and contact", {
    heading: "Changes and contact",
    paragraphs: [
      "We may update these terms; the date at the top shows the latest version. Questions? Email [{email}]({emailHref}) or call " +
        "[{phone}]({phoneHref}). Our [Privacy Policy](/privacy) explains how we handle your information.",
    ],
  }),
];

export const BLOCK_SEEDS: NewCmsContentBlock[] = BLOCKS.map(({ key, type, title, content }) => ({
  blockKey: key,
  blockType: type,
  title,
  content,
  status: "published",
}));
