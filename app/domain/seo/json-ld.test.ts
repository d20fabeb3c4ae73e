import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_SITE_SETTINGS } from "~/domain/site-settings/defaults";
import type { PublicSiteSettings } from "~/domain/site-settings/types";
import { buildRoofingContractorJsonLd, serializeJsonLd } from "./json-ld";

const settings: PublicSiteSettings = structuredClone(DEFAULT_PUBLIC_SITE_SETTINGS);

describe("buildRoofingContractorJsonLd", () => {
  it("describes the business from the settings", () => {
    const data = buildRoofingContractorJsonLd(settings, "https://roof.example");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RoofingContractor",
      name: "Buckeye Valor Roofing",
      url: "https://roof.example/",
      image: "https://roof.example/images/og/default.png",
      telephone: "+16145550147",
      email: "office@buckeyevalorroofing.com",
      address: {
        "@type": "PostalAddress",
        streetAddress: "4150 Tuller Rd, Suite 210",
        addressLocality: "Dublin",
        addressRegion: "OH",
        postalCode: "43017",
        addressCountry: "US",
      },
      geo: { "@type": "GeoCoordinates", latitude: 40.0992, longitude: -83.1141 },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "07:00",
          closes: "18:00",
        },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "08:00", closes: "14:00" },
      ],
    });
    const areas = data.areaServed as { "@type": string; name: string }[];
    expect(areas).toContainEqual({ "@type": "City", name: "Columbus" });
    expect(areas).toContainEqual({ "@type": "AdministrativeArea", name: "Franklin County" });
  });

  it("never carries self-made ratings or reviews", () => {
    const json = JSON.stringify(buildRoofingContractorJsonLd(settings, "https://roof.example"));
    expect(json).not.toMatch(/aggregateRating|"review"|ratingValue/);
  });

  it("omits what is not set", () => {
    const data = buildRoofingContractorJsonLd(
      { ...settings, geo: null, openingHours: [], serviceArea: [], tagline: "", social: { facebook: "https://fb.example/roof" } },
      "https://roof.example",
    );
    expect(data).not.toHaveProperty("geo");
    expect(data).not.toHaveProperty("openingHoursSpecification");
    expect(data).not.toHaveProperty("areaServed");
    expect(data).not.toHaveProperty("description");
    expect(data.sameAs).toEqual(["https://fb.example/roof"]);
  });
});

describe("serializeJsonLd", () => {
  it("escapes what could end the script element", () => {
    const text = serializeJsonLd({ name: "</script><script>alert(1)</script> & <!-- \u2028" });
    expect(text).not.toContain("<");
    expect(text).not.toContain(">");
    expect(text).not.toContain("&");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & <!-- \u2028" });
  });
});
