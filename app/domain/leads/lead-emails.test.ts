import { describe, expect, it } from "vitest";
import { leadConfirmationEmail, type LeadEmailInput } from "./lead-emails.server";

/**
 * The homeowner's confirmation of an inspection request (issue 31 item 5) says how the customer portal
 * works: an invitation will come, and what the portal is for; an account made before finds it at /portal.
 */

const input: LeadEmailInput = {
  lead: {
    id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    phone: "+16145550147",
    service: null,
    message: null,
    hasInsuranceDocs: false,
    insuranceCompany: null,
    claimNumber: null,
    dateOfLoss: null,
    referrer: null,
    landingPath: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
  },
  attachments: [],
  settings: { businessName: "Buckeye Valor Roofing", phone: "(614) 555-0147", email: "office@buckeyevalorroofing.com" },
  origin: "https://www.example.com",
};

describe("the homeowner's confirmation email", () => {
  it("says how the customer portal works, in its text and its HTML", () => {
    const email = leadConfirmationEmail(input);
    const portal =
      "Our office will email you an invitation to your customer portal, where you can follow your request, see your inspection appointment, send us photos and write to our office.";
    expect(email.text).toContain(portal);
    expect(email.text).toContain("Already have an account with us? Your requests are at https://www.example.com/portal.");
    expect(email.html).toContain("Our office will email you an invitation to your customer portal");
    // What it said before is still there, first.
    expect(email.text.indexOf("we'll be in touch with you shortly")).toBeLessThan(email.text.indexOf(portal));
    expect(email).toMatchObject({ to: "jane@example.com", replyTo: "office@buckeyevalorroofing.com", kind: "lead.confirmation" });
  });
});
