import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { useApp } from "../support/app-server";
import { expectNoAxeViolations, useBrowser } from "../support/browser";

/**
 * Every public page in Chromium against the production server (which
 * migrated and seeded its own database): headings, sections, behaviours of
 * the enhancement scripts (dialogs, reviews carousel), their no-JavaScript
 * fallbacks, findability (meta, sitemap, robots, JSON-LD) and axe at mobile
 * and desktop widths. One server, one browser, one context for the file.
 */

const BUSINESS = "Buckeye Valor Roofing";
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/** Seeded demo reviews, newest first. */
const REVIEWERS = [
  "Karen Mitchell",
  "David Thompson",
  "Priya Shah",
  "Mike O'Brien",
  "Jennifer Walsh",
  "Tom Reynolds",
  "Angela Brooks",
];

const PAGES = [
  { path: "/", h1: "Veteran-owned roofing you can trust across central Ohio", title: `${BUSINESS} | Veteran-Owned Roofing Contractor in Central Ohio` },
  { path: "/about", h1: `About ${BUSINESS}`, title: `About Us | ${BUSINESS}` },
  { path: "/services", h1: "Our Services", title: `Roofing Services in Central Ohio | ${BUSINESS}` },
  { path: "/team", h1: "Meet Our Veteran Team", title: `Meet Our Veteran Team | ${BUSINESS}` },
  { path: "/gallery", h1: "Our Work", title: `Our Work | ${BUSINESS}` },
  { path: "/contact", h1: "Contact Us", title: `Contact Us | ${BUSINESS}` },
  { path: "/privacy", h1: "Privacy Policy", title: `Privacy Policy | ${BUSINESS}` },
  { path: "/terms", h1: "Terms of Service", title: `Terms of Service | ${BUSINESS}` },
];

const GAF_PATHS = ["/gaf", "/gaf/warranties", "/gaf/shingles", "/gaf/roof-system", "/gaf/timberline-hdz-colors"];

const app = useApp();
const browser = useBrowser();

let context: BrowserContext;
const pages: Page[] = [];
beforeAll(async () => {
  context = await browser().newContext({ baseURL: app().url, viewport: DESKTOP });
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await context?.close();
});

async function openPage(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await context.newPage();
  pages.push(page);
  await page.setViewportSize(viewport);
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `GET ${path}`).toBe(200);
  // app/enhance/site.js marks the document once the enhancement scripts ran (module scripts run in order).
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
  return page;
}

async function withoutJavaScript<T>(run: (page: Page) => Promise<T>, viewport = DESKTOP): Promise<T> {
  const noJs = await browser().newContext({ baseURL: app().url, javaScriptEnabled: false, viewport });
  try {
    return await run(await noJs.newPage());
  } finally {
    await noJs.close();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const visibleReviewers = (page: Page) =>
  page.locator("#testimonials figure:visible figcaption span.font-semibold").allInnerTexts();

describe("every public page", () => {
  for (const { path, h1, title } of PAGES) {
    test(`${path}: one h1, landmarks, meta tags; axe clean at 1280 and 390 px`, async () => {
      const page = await openPage(path);
      const h1s = page.locator("h1");
      expect(await h1s.count()).toBe(1);
      expect((await h1s.innerText()).replace(/\s+/g, " ").trim()).toBe(h1);
      expect(await page.title()).toBe(title);
      expect(await page.getByRole("banner").count()).toBe(1);
      expect(await page.getByRole("main").count()).toBe(1);
      expect(await page.getByRole("contentinfo").count()).toBe(1);

      const head = await page.evaluate(() => {
        const content = (selector: string) => document.head.querySelector(selector)?.getAttribute("content") ?? null;
        return {
          description: content('meta[name="description"]'),
          canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
          ogTitle: content('meta[property="og:title"]'),
          ogDescription: content('meta[property="og:description"]'),
          ogUrl: content('meta[property="og:url"]'),
          ogType: content('meta[property="og:type"]'),
          ogImage: content('meta[property="og:image"]'),
        };
      });
      const url = `${app().url}${path}`;
      expect(head.description?.length ?? 0, "meta description").toBeGreaterThan(50);
      expect(head.canonical).toBe(url);
      expect(head.ogUrl).toBe(url);
      expect(head.ogType).toBe("website");
      expect(head.ogTitle).toBeTruthy();
      expect(head.ogDescription).toBe(head.description);
      expect(head.ogImage).toBe(`${app().url}/images/og/default.png`);

      // No hydration (ADR 007): only the small enhancement modules, no framework bundle, no preloads.
      const scripts = await page.evaluate(() =>
        [...document.querySelectorAll("script[src], link[rel=modulepreload]")].map(
          (el) => el.getAttribute("src") ?? el.getAttribute("href"),
        ),
      );
      for (const src of scripts) expect(src).toMatch(/^\/assets\/(site|dialogs|reviews|gaf|inspection-form)-[\w-]+\.js$/);

      await expectNoAxeViolations(page);
      await page.setViewportSize(MOBILE);
      await expectNoAxeViolations(page);
    });
  }

  test("every image has explicit dimensions and decodes asynchronously; below the fold they load lazily", async () => {
    for (const path of ["/", "/gallery", "/team", "/about"]) {
      const page = await openPage(path);
      const images = await page.evaluate(() =>
        [...document.images].map((img) => ({
          src: img.getAttribute("src"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          decoding: img.getAttribute("decoding"),
          loading: img.getAttribute("loading"),
          top: img.getBoundingClientRect().top + window.scrollY,
        })),
      );
      expect(images.length, path).toBeGreaterThan(0);
      for (const image of images) {
        expect(Number(image.width), `${path} ${image.src} width`).toBeGreaterThan(0);
        expect(Number(image.height), `${path} ${image.src} height`).toBeGreaterThan(0);
        expect(image.decoding, `${path} ${image.src}`).toBe("async");
        if (image.top > 1600) expect(image.loading, `${path} ${image.src} is below the fold`).toBe("lazy");
      }
    }
  });

  test("every icon is drawn: each <use> names a symbol the page defines once, and the browser gives it a size", async () => {
    for (const path of [...PAGES.map((p) => p.path), ...GAF_PATHS]) {
      const page = await openPage(path, MOBILE);
      const report = await page.evaluate(() => {
        const uses = [...document.querySelectorAll("svg.lucide use")].map((use) => use.getAttribute("href") ?? "");
        const symbols = [...document.querySelectorAll("symbol[id^='icon-']")].map((symbol) => symbol.id);
        // A visible icon's drawing has a box: an unresolved <use> has none.
        const blank = [...document.querySelectorAll("svg.lucide")]
          .filter((svg) => svg.getBoundingClientRect().width > 0)
          .filter((svg) => ((svg.querySelector("use") ?? svg) as SVGGraphicsElement).getBBox().width === 0)
          .map((svg) => svg.getAttribute("class"));
        return { uses, symbols, blank };
      });
      expect(report.uses.length, path).toBeGreaterThan(0);
      expect(new Set(report.symbols).size, `${path}: a symbol defined twice`).toBe(report.symbols.length);
      expect([...new Set(report.uses)].sort(), path).toEqual(report.symbols.map((id) => `#${id}`).sort());
      expect(report.blank, path).toEqual([]);
    }
  });

  test("the GAF portal pages answer with one h1 each", async () => {
    for (const path of GAF_PATHS) {
      const page = await openPage(path);
      expect(await page.locator("h1").count(), path).toBe(1);
    }
  });
});

describe("home", () => {
  test("sections in order: hero, services, partnership, insurance claims, team, reviews, inspection form", async () => {
    const page = await openPage("/");
    const order = await page.evaluate(() =>
      ["#hero-heading", "#services", "#partnerships", "#insurance-heading", "#team", "#testimonials", "#inspection-form"].map(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN,
      ),
    );
    expect(order.every((top) => Number.isFinite(top))).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    expect(await page.locator("#services li").count()).toBe(6);
    const partnership = page.locator("#partnerships a[target=_blank]");
    expect(await partnership.count()).toBe(1);
    expect(await partnership.getAttribute("rel")).toContain("noopener");
    expect(await partnership.getAttribute("href")).toMatch(/^https:\/\//);

    const schedule = page.locator("section[aria-labelledby=insurance-heading]").getByRole("link", { name: "Schedule Free Inspection" });
    expect(await schedule.getAttribute("href")).toBe("/contact#inspection-form");

    const team = page.locator("#team");
    for (const name of ["Marcus Hale", "Dana Whitfield", "Luis Ortega"]) {
      expect(await team.getByRole("heading", { name }).count()).toBe(1);
    }
    expect(await team.getByText("CEO and Head of Operations").count()).toBe(1);
    expect(await team.getByRole("link", { name: /meet our veteran team/i }).getAttribute("href")).toBe("/team");

    const form = page.locator("#inspection-form");
    expect(await form.getByRole("heading", { name: "Request Your Free Inspection" }).count()).toBe(1);
    expect(await form.getByRole("link", { name: /\(614\) 555-0147/ }).getAttribute("href")).toBe("tel:+16145550147");
  });

  test("the badges are links that announce their dialog, named by their visible text and then what they open", async () => {
    const page = await openPage("/");
    const accreditation = page.getByRole("link", {
      name: /^A- rating\s+Better Business Bureau accredited\s+View details of our accreditation$/,
    });
    const certification = page.getByRole("link", { name: /^GAF Certified Contractor\s+Factory-trained crews\s+View badge in full size$/ });
    for (const [badge, id] of [
      [accreditation, "accreditation"],
      [certification, "certification"],
    ] as const) {
      expect(await badge.count(), id).toBe(1);
      // A link, so it works without JavaScript (#<id> shows the dialog), that says it opens a dialog.
      expect(await badge.getAttribute("aria-haspopup"), id).toBe("dialog");
      expect(await badge.getAttribute("href"), id).toBe(`#${id}`);
    }

    // Every dialog opener on the page: a link (or button) announcing a dialog that exists, whose
    // accessible name starts with its visible text (WCAG 2.5.3, label in name).
    const openers = await page.locator("[data-dialog-open]").evaluateAll((elements) =>
      elements.map((el) => {
        // What people see: the text without screen-reader-only parts.
        const hidden = [...el.querySelectorAll<HTMLElement>(".sr-only")];
        for (const part of hidden) part.style.display = "none";
        const visible = (el as HTMLElement).innerText.replace(/\s+/g, " ").trim();
        for (const part of hidden) part.style.display = "";
        return {
          tag: el.tagName,
          target: el.getAttribute("data-dialog-open") ?? "",
          popup: el.getAttribute("aria-haspopup"),
          visible,
          dialog: document.getElementById(el.getAttribute("data-dialog-open") ?? "")?.tagName,
        };
      }),
    );
    expect(openers.map((o) => o.target)).toEqual(["accreditation", "certification"]);
    expect(openers.map((o) => o.visible)).toEqual(["A- rating Better Business Bureau accredited View details", "GAF Certified Contractor Factory-trained crews View badge"]);
    for (const opener of openers) {
      expect(opener.dialog, opener.target).toBe("DIALOG");
      expect(opener.popup, opener.target).toBe("dialog");
      const role = opener.tag === "A" ? "link" : "button";
      const startsWithVisibleText = new RegExp(`^${escapeRegExp(opener.visible).replace(/ /g, "\\s+")}\\b`);
      const named = page.getByRole(role, { name: startsWithVisibleText }).and(page.locator(`[data-dialog-open="${opener.target}"]`));
      expect(await named.count(), `${opener.target}: "${opener.visible}"`).toBe(1);
    }
  });

  test("the accreditation badge opens a modal with the settings' details; Escape, Close and the backdrop close it", async () => {
    const page = await openPage("/");
    const badge = page.getByRole("link", { name: /A- rating/ });
    const dialog = page.getByRole("dialog", { name: "Accredited Business" });
    expect(await dialog.isVisible()).toBe(false);

    await badge.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const text = (await dialog.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Better Business Bureau");
    expect(text).toContain("Buckeye Valor Roofing LLC");
    expect(text).toContain("A-");
    expect(text).toContain("March 14, 2019");
    expect(text).toContain("0 complaints");
    expect(text).toContain("Accredited businesses commit to the bureau's standards for trust");
    expect(text).not.toMatch(/loading/i);
    const profile = dialog.getByRole("link", { name: /profile/i });
    expect(await profile.getAttribute("href")).toMatch(/^https:\/\/www\.bbb\.org\//);
    expect(await profile.getAttribute("target")).toBe("_blank");
    expect(await profile.getAttribute("rel")).toContain("noopener");
    // Modal: focus moved into the dialog.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.id)).toBe("accreditation");
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus is back on the badge.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-dialog-open"))).toBe("accreditation");

    await badge.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await badge.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.mouse.click(5, 400); // the backdrop
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).hash).toBe("");
  });

  test("the certified-contractor badge opens the enlarged image", async () => {
    const page = await openPage("/", MOBILE);
    await page.getByRole("link", { name: /GAF Certified Contractor/ }).click();
    const dialog = page.getByRole("dialog", { name: "GAF Certified Contractor" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const image = dialog.getByRole("img", { name: "GAF Certified Contractor badge" });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await image.boundingBox())?.width ?? 0).toBeGreaterThan(250);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  test("a shared link to /#accreditation opens the dialog", async () => {
    const page = await openPage("/#accreditation");
    await expect.poll(() => page.getByRole("dialog", { name: "Accredited Business" }).isVisible()).toBe(true);
  });

  test("structured data: a RoofingContractor from the settings, without self-made ratings", async () => {
    const page = await openPage("/");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      "@type": "RoofingContractor",
      name: BUSINESS,
      telephone: "+16145550147",
      email: "office@buckeyevalorroofing.com",
      url: `${app().url}/`,
      address: { addressLocality: "Dublin", addressRegion: "OH", postalCode: "43017" },
      geo: { latitude: 40.0992, longitude: -83.1141 },
    });
    expect(Array.isArray(data.areaServed)).toBe(true);
    expect(Array.isArray(data.openingHoursSpecification)).toBe(true);
    expect(blocks[0]).not.toMatch(/aggregateRating|ratingValue|"review"/);
  });
});

describe("reviews section", () => {
  test("3 at a time, newest first; next and previous step by 3 and wrap both ways", async () => {
    const page = await openPage("/");
    const section = page.locator("#testimonials");
    const status = section.locator("[aria-live=polite]");
    const next = section.getByRole("button", { name: "Next reviews" });
    const previous = section.getByRole("button", { name: "Previous reviews" });

    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(0, 3));
    expect(await status.innerText()).toBe("Reviews 1 to 3 of 7");
    const first = section.locator("figure:visible").first();
    expect((await first.innerText()).replace(/\s+/g, " ")).toContain("2 weeks ago");
    expect(await first.locator("[aria-hidden=true]").filter({ hasText: /^KM$/ }).count()).toBe(1);
    expect(await section.getByRole("img", { name: "Rated 4 out of 5" }).first().isVisible()).toBe(true);
    expect(await section.getByText("Loading reviews").count()).toBe(0);

    await next.click();
    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(3, 6));
    expect(await status.innerText()).toBe("Reviews 4 to 6 of 7");
    await next.click();
    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(6));
    expect(await status.innerText()).toBe("Reviews 7 to 7 of 7");
    await next.click(); // past the end: back to the start
    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(0, 3));

    await previous.click(); // before the start: the last page
    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(6));
    await previous.click();
    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(3, 6));
    // Still the same document: the buttons did not submit their no-JS form.
    expect(new URL(page.url()).search).toBe("");
  });

  test("the carousel works from the keyboard", async () => {
    const page = await openPage("/");
    const next = page.locator("#testimonials").getByRole("button", { name: "Next reviews" });
    await next.focus();
    await page.keyboard.press("Enter");
    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(3, 6));
    await page.keyboard.press("Space");
    expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(6));
  });

  test("without JavaScript the buttons page through ?reviews=<n>", async () => {
    await withoutJavaScript(async (page) => {
      await page.goto("/about");
      expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(0, 3));
      await page.locator("#testimonials").getByRole("button", { name: "Previous reviews" }).click();
      await page.waitForURL((url) => url.searchParams.get("reviews") === "3" && url.hash === "#testimonials");
      expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(6));
      await page.locator("#testimonials").getByRole("button", { name: "Next reviews" }).click();
      await page.waitForURL((url) => url.searchParams.get("reviews") === "1");
      expect(await visibleReviewers(page)).toEqual(REVIEWERS.slice(0, 3));
      // The canonical URL never carries the page parameter.
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${app().url}/about`);
    });
  });
});

describe("no JavaScript", () => {
  test("the accreditation badge still shows the details, and Close returns to the page", async () => {
    await withoutJavaScript(async (page) => {
      await page.goto("/");
      await page.getByRole("link", { name: /A- rating/ }).click();
      await page.waitForURL((url) => url.hash === "#accreditation");
      const details = page.locator("dialog#accreditation");
      expect(await details.isVisible()).toBe(true);
      expect(await details.innerText()).toContain("Buckeye Valor Roofing LLC");
      await details.getByRole("link", { name: "Close" }).click();
      await expect.poll(() => details.isVisible()).toBe(false);
    }, MOBILE);
  });
});

describe("anchors", () => {
  for (const { url, id } of [
    { url: "/#partnerships", id: "partnerships" },
    { url: "/#team", id: "team" },
    { url: "/about#testimonials", id: "testimonials" },
    { url: "/contact#inspection-form", id: "inspection-form" },
  ]) {
    test(`${url} lands on its section, below the fixed header`, async () => {
      const page = await openPage(url);
      await expect
        .poll(() =>
          page.evaluate((target) => {
            const top = document.getElementById(target)?.getBoundingClientRect().top ?? Number.NaN;
            const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
            return top >= headerBottom - 1 && top < headerBottom + 40;
          }, id),
        )
        .toBe(true);
    });
  }
});

describe("pages", () => {
  test("/about: the inspection hero, mission, vision, three core values, four goals, team, reviews, form", async () => {
    const page = await openPage("/about");
    for (const name of ["Ready for Your Inspection?", "Our Mission", "Our Vision", "Our core values", "Our goals"]) {
      expect(await page.getByRole("heading", { name, exact: true }).count(), name).toBe(1);
    }
    for (const value of ["Integrity First", "Service Beyond", "Excellence Always"]) {
      expect(await page.getByRole("heading", { name: value }).count(), value).toBe(1);
    }
    expect(await page.locator("section[aria-labelledby=goals-heading] ol > li").count()).toBe(4);
    expect(await page.locator("#team h3").count()).toBe(3);
    expect(await page.locator("#inspection-form").count()).toBe(1);
  });

  test("/team: the service record and three leaders with photos", async () => {
    const page = await openPage("/team");
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    expect(text).toContain("24 years");
    expect(text).toContain("36 months");
    const leaders = [
      ["Marcus Hale", "CEO and Head of Operations"],
      ["Dana Whitfield", "Chief Administrative Officer and Founder"],
      ["Luis Ortega", "Chief Technology Officer"],
    ];
    for (const [name, role] of leaders) {
      const article = page.getByRole("article", { name });
      expect(await article.getByText(role!, { exact: true }).count()).toBe(1);
      const photo = article.getByRole("img", { name: `Portrait of ${name}` });
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });

  test("/gallery: seven projects with image, title and category", async () => {
    const page = await openPage("/gallery");
    const cards = page.locator("main article");
    expect(await cards.count()).toBe(7);
    const first = cards.first();
    expect(await first.getByRole("heading", { name: "Architectural Shingle Replacement in Dublin" }).count()).toBe(1);
    expect(await first.getByText("Residential", { exact: true }).count()).toBe(1);
    expect(await first.getByRole("img").getAttribute("alt")).toMatch(/two-story house/);
    const categories = await cards.locator("p > span").allInnerTexts();
    expect(new Set(categories)).toEqual(
      new Set(["Residential", "Insurance Claim", "Commercial", "Specialty Project", "Premium Installation"]),
    );
  });

  test("/services: intro, every service, the form's place", async () => {
    const page = await openPage("/services");
    expect(await page.locator("#services li").count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByRole("heading", { name: "Full Roof Replacement" }).count()).toBe(1);
    expect(await page.locator("#inspection-form").count()).toBe(1);
  });

  test("/contact: phone, email, address, hours, the form's place", async () => {
    const page = await openPage("/contact");
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "(614) 555-0147" }).first().getAttribute("href")).toBe("tel:+16145550147");
    expect(await main.getByRole("link", { name: "office@buckeyevalorroofing.com" }).first().getAttribute("href")).toBe(
      "mailto:office@buckeyevalorroofing.com",
    );
    const text = (await main.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("4150 Tuller Rd, Suite 210");
    expect(text).toContain("Mon–Fri: 7 AM – 6 PM");
    expect(await page.locator("#inspection-form").getByRole("heading", { name: "Request Your Free Inspection" }).count()).toBe(1);
  });

  test("/privacy and /terms cover what they must", async () => {
    const privacy = (await (await openPage("/privacy")).locator("main").innerText()).toLowerCase();
    for (const topic of ["inspection request form", "email", "cookies", "how long we keep it", "office@buckeyevalorroofing.com"]) {
      expect(privacy, topic).toContain(topic);
    }
    const terms = (await (await openPage("/terms")).locator("main").innerText()).toLowerCase();
    for (const topic of ["estimates", "scheduling", "warranties", "limitation of liability", "state of ohio"]) {
      expect(terms, topic).toContain(topic);
    }
  });

  test("an unknown path answers 404 with the not-found page", async () => {
    const page = await context.newPage();
    pages.push(page);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  });
});

describe("findability", () => {
  test("/sitemap.xml lists every public page; /robots.txt keeps crawlers out of /admin, /auth and /api", async () => {
    const sitemap = await fetch(`${app().url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [...PAGES.map((p) => p.path), ...GAF_PATHS]) expect(locs).toContain(`${app().url}${path}`);
    expect(locs.some((loc) => /\/(admin|auth)/.test(loc!))).toBe(false);

    const robots = await fetch(`${app().url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await robots.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /admin", "Disallow: /auth", "Disallow: /api", `Sitemap: ${app().url}/sitemap.xml`]));
  });

  test("the Open Graph image is a 1200x630 PNG", async () => {
    const response = await fetch(`${app().url}/images/og/default.png`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });
});
