import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PublicReview } from "~/domain/reviews/types";
import { ReviewsSection } from "./reviews-section";

function reviews(count: number): PublicReview[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `r${i + 1}`,
    reviewerName: `Person ${String.fromCharCode(65 + i)} Example`,
    reviewText: i === 1 ? null : `Review number ${i + 1} <b>not bold</b>`,
    rating: (i % 5) + 1,
    relativeTimeDescription: i === 2 ? "" : `${i + 1} weeks ago`,
  }));
}

/** The server-rendered section, as the browser script finds it. */
function render(count: number, initialPage = 0) {
  const html = renderToStaticMarkup(<ReviewsSection reviews={reviews(count)} initialPage={initialPage} />);
  const doc = new DOMParserLike(html);
  return { html, doc };
}

/** Tiny helpers over the markup (no DOM in the unit project). */
class DOMParserLike {
  constructor(readonly html: string) {}
  pages(): { index: number; hidden: boolean; items: number }[] {
    return [...this.html.matchAll(/<ul data-reviews-page="(\d+)"( hidden="")?[^>]*>(.*?)<\/ul>/g)].map((m) => ({
      index: Number(m[1]),
      hidden: Boolean(m[2]),
      items: (m[3]!.match(/<li /g) ?? []).length,
    }));
  }
}

describe("ReviewsSection (server markup)", () => {
  it("renders every review in pages of 3, only the current page visible", () => {
    const { doc, html } = render(7);
    expect(doc.pages()).toEqual([
      { index: 0, hidden: false, items: 3 },
      { index: 1, hidden: true, items: 3 },
      { index: 2, hidden: true, items: 1 },
    ]);
    expect(html).toContain('id="testimonials"');
    expect(html).toMatch(/<p data-reviews-status="" aria-live="polite"[^>]*>Reviews 1 to 3 of 7<\/p>/);
    // The no-JS form: previous wraps to the last page, next goes to page 2 (1-based).
    expect(html).toMatch(/<form [^>]*action="#testimonials" method="get">/);
    expect(html).toMatch(/<button type="submit" value="3" data-reviews-previous="" aria-label="Previous reviews"[^>]* name="reviews">/);
    expect(html).toMatch(/<button type="submit" value="2" data-reviews-next="" aria-label="Next reviews"[^>]* name="reviews">/);
    expect(html).not.toContain("Loading reviews");
  });

  it("shows the page asked for by ?reviews=, with wrapped button values", () => {
    const { doc, html } = render(7, 2);
    expect(doc.pages().map((p) => p.hidden)).toEqual([true, true, false]);
    expect(html).toContain(">Reviews 7 to 7 of 7<");
    expect(html).toMatch(/value="2" data-reviews-previous/);
    expect(html).toMatch(/value="1" data-reviews-next/);
  });

  it("shows initials, stars out of 5, the time label and escapes review text", () => {
    const { html } = render(3);
    expect(html).toContain(">PA</span>");
    expect(html).toContain('role="img" aria-label="Rated 1 out of 5"');
    expect(html).toContain('aria-label="Rated 3 out of 5"');
    expect(html).toContain("1 weeks ago");
    expect(html).toContain(">Google Review<");
    expect(html).toContain("&lt;b&gt;not bold&lt;/b&gt;");
    expect(html).not.toContain("<b>");
  });

  it("has no paging controls for one page, and says so when there are no reviews", () => {
    expect(render(3).html).not.toContain("data-reviews-next");
    const empty = render(0).html;
    expect(empty).toContain("No reviews available");
    expect(empty).not.toContain("data-reviews-page");
  });
});
