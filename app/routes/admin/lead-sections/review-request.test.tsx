import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { ReviewRequestSection } from "~/components/leads/review-request";
import { db } from "~/db/client.server";
import { cmsSiteSettings, leads } from "~/db/schema";
import { PRIVATE_SETTING_KEYS, PUBLIC_SETTING_KEYS } from "~/domain/site-settings/keys";
import { invalidatePublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { loader } from "~/routes/admin/leads.$id";
import { createSession, createUser } from "../../../../tests/support/factories";
import { resetTestDatabase } from "../../../../tests/support/test-database";

/**
 * The lead page's review request card (issue 31 item 5): its loader says whether a review link is
 * configured (Site Configuration's, else the Google Business Profile), and the card offers "Send review
 * request" only then; otherwise it says where to add one, with a link to Site Configuration.
 */

let cookie = "";
beforeEach(async () => {
  await resetTestDatabase();
  invalidatePublicSiteSettings();
  const admin = await createUser({ kind: "admin" });
  cookie = (await createSession(admin)).cookie;
});

async function setSetting(key: string, value: string) {
  await db().update(cmsSiteSettings).set({ settingValue: value }).where(eq(cmsSiteSettings.settingKey, key));
  invalidatePublicSiteSettings();
}

async function reviewRequestData(leadId: string) {
  const page = (await loader({ request: new Request(`http://app.test/admin/leads/${leadId}`, { headers: { cookie } }), params: { id: leadId }, context: {} } as never)) as {
    reviewRequest: { sent: unknown; linkConfigured: boolean };
  };
  return page.reviewRequest;
}

function card(props: { pipelineStatus: string; linkConfigured: boolean; sent?: boolean }) {
  // The card's form and link need a data router around them.
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ReviewRequestSection
          pipelineStatus={props.pipelineStatus}
          reviewRequest={props.sent ? { sentAt: "2026-11-27T15:00:00.000Z", sentByName: "Sam Staff" } : null}
          linkConfigured={props.linkConfigured}
          customerName="Jane Doe"
          busy={false}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

const MISSING = "Add your review link in <a";
const MISSING_TEXT = "Add your review link in Site Configuration to send review requests.";
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the review request card", () => {
  it("gets from the loader whether a review link is configured", async () => {
    const [row] = await db()
      .insert(leads)
      .values({ firstName: "Jane", lastName: "Doe", email: "jane@example.test", phone: "+16145550147", submissionKey: `t-${crypto.randomUUID()}`, pipelineStatus: "completed", contacted: true })
      .returning({ id: leads.id });
    await setSetting(PRIVATE_SETTING_KEYS.reviewRequestUrl, "");
    expect(await reviewRequestData(row!.id)).toEqual({ sent: null, linkConfigured: false });
    await setSetting(PUBLIC_SETTING_KEYS.socialLinks, JSON.stringify({ google: "https://g.page/r/buckeye/review" }));
    expect(await reviewRequestData(row!.id)).toEqual({ sent: null, linkConfigured: true });
    await setSetting(PUBLIC_SETTING_KEYS.socialLinks, JSON.stringify({}));
    await setSetting(PRIVATE_SETTING_KEYS.reviewRequestUrl, "https://reviews.example.com/buckeye");
    expect(await reviewRequestData(row!.id)).toEqual({ sent: null, linkConfigured: true });
  });

  it("offers the button only with a review link; without one it says where to add it", () => {
    const withLink = card({ pipelineStatus: "completed", linkConfigured: true });
    expect(withLink).toContain("Send review request");
    expect(withLink).not.toContain(MISSING);

    const without = card({ pipelineStatus: "completed", linkConfigured: false });
    expect(without).not.toContain("Send review request");
    expect(without).not.toContain('name="intent"');
    expect(text(without)).toContain(MISSING_TEXT);
    expect(without).toMatch(/<a [^>]*href="\/admin\/site-config"[^>]*>Site Configuration<\/a>/);

    // Before the job is done: what it will offer, and the missing link too.
    const early = card({ pipelineStatus: "contacted", linkConfigured: false });
    expect(text(early)).toContain("When the job is won or completed");
    expect(text(early)).toContain(MISSING_TEXT);
    expect(text(card({ pipelineStatus: "contacted", linkConfigured: true }))).not.toContain(MISSING_TEXT);

    // Once sent, when and by whom (whatever the link's state now).
    expect(text(card({ pipelineStatus: "won", linkConfigured: false, sent: true }))).toMatch(/^Review requestReview request sent on .+ by Sam Staff\.$/);
  });
});
