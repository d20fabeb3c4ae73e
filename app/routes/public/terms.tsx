import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { publicPageMeta } from "./page-meta";
import { LegalPage } from "~/components/site/legal-page";
import { siteOrigin } from "~/domain/seo/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/**
 * Terms of service: legal text, kept with the route on purpose (not CMS
 * content); the business's name and contact details come from the settings.
 */

const LAST_UPDATED = "November 22, 2026";

export function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return publicPageMeta(args, (settings) => ({
    title: "Terms of Service",
    description: `The terms for using the ${settings?.businessName ?? "company"} website: estimates, scheduling, warranties, limits of liability and Ohio law.`,
    path: "/terms",
  }));
}

export default function Terms() {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The terms page must render inside the public layout");
  const { businessName: name } = settings;
  const mailto = `mailto:${settings.email}`;
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          The rules for using the {name} website and what you can expect when you ask us for an inspection or estimate.
        </p>
      }
    >
      <h2>About these terms</h2>
      <p>
        By using this website you agree to these terms. They cover the website only: any roofing work we do for you is
        governed by the written contract you sign with us, which takes precedence over anything on this site.
      </p>

      <h2>Inspections and estimates</h2>
      <ul>
        <li>Roof inspections and estimates are free and place you under no obligation.</li>
        <li>
          Estimates are written and based on what we can see and measure during the inspection. Damage that only becomes
          visible once work starts, such as rotted decking under old shingles, may change the price; we will explain it and
          get your approval before doing extra work.
        </li>
        <li>An estimate is valid for 30 days unless it says otherwise, because material prices change.</li>
        <li>Prices, photos and descriptions on this website are general information, not offers.</li>
      </ul>

      <h2>Scheduling</h2>
      <p>
        Start and completion dates are our best estimates. Roofing depends on the weather and on material deliveries, so we
        may need to move a date; when that happens we tell you as early as we can. If you sign a contract at your home,
        Ohio&rsquo;s Home Solicitation Sales Act may give you three business days to cancel it, and your contract explains how.
      </p>

      <h2>Insurance claims</h2>
      <p>
        We can document storm damage, meet your adjuster and explain our findings, but your insurance company alone decides
        what your policy covers. We are a roofing contractor, not a public adjuster or your legal representative, and we do
        not waive or rebate insurance deductibles.
      </p>

      <h2>Warranties</h2>
      <p>
        Our workmanship warranty and any manufacturer warranty for your roof are set out in your contract and in the
        manufacturer&rsquo;s warranty documents. Information about manufacturer warranties on this website, including our{" "}
        <Link to="/gaf/warranties">GAF warranty overview</Link>, is a summary for comparison only; the warranty documents
        themselves are what count.
      </p>

      <h2>Using this website</h2>
      <p>
        Please use the website lawfully and do not try to disrupt it or reach parts of it that are not meant for you. The
        text, photos and logos on it belong to {name} or are used with permission. Links to other websites, such as
        manufacturers or review sites, are provided for convenience; we are not responsible for their content.
      </p>

      <h2>Limitation of liability</h2>
      <p>
        We work to keep this website accurate and available, but it is provided &ldquo;as is&rdquo;. To the extent Ohio law
        allows, {name} is not liable for indirect or consequential losses that come from using the website or relying on
        its general information. This does not limit your rights under your contract with us or under consumer protection
        law.
      </p>

      <h2>Governing law</h2>
      <p>These terms are governed by the laws of the State of Ohio, and any dispute about them is handled by the courts of Ohio.</p>

      <h2>Changes and contact</h2>
      <p>
        We may update these terms; the date at the top shows the latest version. Questions? Email{" "}
        <a href={mailto}>{settings.email}</a> or call <a href={settings.phoneHref}>{settings.phone}</a>. Our{" "}
        <Link to="/privacy">Privacy Policy</Link> explains how we handle your information.
      </p>
    </LegalPage>
  );
}
