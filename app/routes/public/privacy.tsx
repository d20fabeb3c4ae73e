import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { publicPageMeta } from "./page-meta";
import { LegalPage } from "~/components/site/legal-page";
import { siteOrigin } from "~/domain/seo/site-origin.server";
import { usePublicSiteSettings } from "~/lib/public-site";

/**
 * Privacy policy: legal text, kept with the route on purpose (not CMS
 * content); the business's name and contact details come from the settings.
 */

const LAST_UPDATED = "November 22, 2026";

export function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return publicPageMeta(args, (settings) => ({
    title: "Privacy Policy",
    description: `How ${settings?.businessName ?? "we"} collect, use and protect the information you share when you request a roof inspection or contact us.`,
    path: "/privacy",
  }));
}

export default function Privacy() {
  const settings = usePublicSiteSettings();
  if (!settings) throw new Error("The privacy page must render inside the public layout");
  const { businessName: name, address } = settings;
  const mailto = `mailto:${settings.email}`;
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          What we collect when you contact {name}, why we need it, and how long we keep it — in plain language.
        </p>
      }
    >
      <h2>Who we are</h2>
      <p>
        {name} is a roofing contractor at {address.street}, {address.locality}, {address.region} {address.postalCode}. We
        are responsible for the personal information described here. Questions about it go to{" "}
        <a href={mailto}>{settings.email}</a> or <a href={settings.phoneHref}>{settings.phone}</a>.
      </p>

      <h2>What the inspection request form collects</h2>
      <p>When you ask for a free inspection or estimate, we ask for:</p>
      <ul>
        <li>your first and last name, email address and phone number, so we can reach you;</li>
        <li>the service you are interested in and your message, so we know what to look at;</li>
        <li>
          whether you have insurance documents, and any photos or documents you choose to upload, so we can prepare for a
          storm-damage inspection or an insurance claim.
        </li>
      </ul>
      <p>
        We use this information to answer you, schedule and carry out the inspection, prepare a written estimate and, if
        you ask us to, help with your insurance claim. We do not sell it, rent it or use it for advertising.
      </p>

      <h2>Email and phone calls</h2>
      <p>
        When you submit the form or write to us, our office receives your request by email and replies from{" "}
        {settings.email}. We only contact you about your request or your project. We do not send newsletters or marketing
        email unless you ask for them, and you can tell us to stop at any time.
      </p>

      <h2>Who we share it with</h2>
      <p>We share your information only when it is needed for your project or required by law:</p>
      <ul>
        <li>with the companies that host this website and deliver our email, under agreements to keep it confidential;</li>
        <li>with your insurance company or adjuster, when you ask us to help with a claim;</li>
        <li>with material suppliers or manufacturers when needed to register a product warranty for your roof;</li>
        <li>with authorities when the law requires it.</li>
      </ul>

      <h2>Cookies</h2>
      <p>
        The public pages of this website do not use advertising, tracking or analytics cookies. The only cookie we set is an
        essential session cookie for our staff when they sign in to the office system; it keeps them signed in and is
        deleted when they sign out or the session expires. Visitors who do not sign in receive no cookies from us.
      </p>
      <p>
        Like every website, our server records technical information about requests (such as the IP address, the page
        requested and the browser type) to keep the site secure and working. These logs are kept for a short time and are
        not used to identify visitors.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Requests that do not lead to work:</strong> deleted within 24 months of your last contact with us.
        </li>
        <li>
          <strong>Customers:</strong> project records, photos and correspondence are kept for as long as your workmanship
          warranty lasts and as long as tax and business-record laws require.
        </li>
        <li>
          <strong>Uploaded files:</strong> kept with your request and deleted with it.
        </li>
      </ul>

      <h2>How we protect it</h2>
      <p>
        This website uses encrypted connections (HTTPS). Requests and uploads are stored on systems that only our authorized
        staff can access, and every staff account needs approval before it can see customer information.
      </p>

      <h2>Your choices</h2>
      <p>
        You can ask us for a copy of the information we hold about you, ask us to correct it, or ask us to delete it when
        we no longer need it for your project or the law. Email <a href={mailto}>{settings.email}</a> or call{" "}
        <a href={settings.phoneHref}>{settings.phone}</a>; we answer within 30 days.
      </p>

      <h2>Children</h2>
      <p>This website is meant for adults arranging work on a property. We do not knowingly collect information from children under 13.</p>

      <h2>Changes to this policy</h2>
      <p>
        If we change how we handle personal information, we will update this page and the date at the top. Our{" "}
        <Link to="/terms">Terms of Service</Link> explain the rules for using this website.
      </p>
    </LegalPage>
  );
}
