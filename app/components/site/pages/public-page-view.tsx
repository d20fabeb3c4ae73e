import type { PublicPageData } from "~/domain/cms/public-page-data";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { AboutPage } from "./about-page";
import { ContactPage } from "./contact-page";
import { GalleryPage } from "./gallery-page";
import { HomePage } from "./home-page";
import { LegalContentPage } from "./legal-content-page";
import { ServicesPage } from "./services-page";
import { TeamPage } from "./team-page";

/** The body of any public page from its data (the staff preview renders pages through this). */
export function PublicPageView({ data, settings }: { data: PublicPageData; settings: PublicSiteSettings }) {
  switch (data.pageKey) {
    case "home":
      return <HomePage data={data} settings={settings} />;
    case "about":
      return <AboutPage data={data} settings={settings} />;
    case "services":
      return <ServicesPage data={data} settings={settings} />;
    case "team":
      return <TeamPage data={data} settings={settings} />;
    case "gallery":
      return <GalleryPage data={data} settings={settings} />;
    case "contact":
      return <ContactPage data={data} settings={settings} />;
    case "privacy":
    case "terms":
      return <LegalContentPage data={data} settings={settings} />;
  }
}
