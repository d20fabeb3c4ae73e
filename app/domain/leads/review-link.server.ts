import { eq } from "drizzle-orm";
import { db, type DbExecutor } from "~/db/client.server";
import { cmsSiteSettings } from "~/db/schema";
import { PRIVATE_SETTING_KEYS } from "~/domain/site-settings/keys";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";
import { isHttpsUrl } from "~/domain/site-settings/setting-schemas";
import { isHttpUrl } from "~/lib/url-safety";

/**
 * The link the review request email sends (issue 22 item 6): the private setting `review_request_url`
 * (Site Configuration's "Review link", an https address), else the Google Business Profile among the
 * public social links, else null (the request is refused: "Add the review link in Site Configuration
 * first."). Call it outside a transaction: it reads with connections of its own.
 */
export async function reviewRequestLink(executor: DbExecutor = db()): Promise<string | null> {
  const [[row], settings] = await Promise.all([
    executor.select({ value: cmsSiteSettings.settingValue }).from(cmsSiteSettings).where(eq(cmsSiteSettings.settingKey, PRIVATE_SETTING_KEYS.reviewRequestUrl)),
    getPublicSiteSettings(),
  ]);
  const own = row?.value.trim() ?? "";
  if (own && isHttpsUrl(own)) return own;
  const google = settings.social.google?.trim() ?? "";
  return google && isHttpUrl(google) ? google : null;
}
