import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    route("team", "routes/public/team.tsx"),
    route("gallery", "routes/public/gallery.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    // Self-booked inspections (issue 31 item 3, ADR 053): the form with the next free slots, and a booking's
    // page behind the signed link of its email (move or cancel without an account). Never cached.
    route("book", "routes/public/book.tsx"),
    route("booking/:leadId", "routes/public/booking.$leadId.tsx"),
    // The instant price range (issue 31 item 4, ADR 054): a GET form, the result from its query.
    route("estimate", "routes/public/estimate.tsx"),
    ...prefix("gaf", [
      index("routes/gaf/index.tsx"),
      route("warranties", "routes/gaf/warranties.tsx"),
      route("shingles", "routes/gaf/shingles.tsx"),
      route("roof-system", "routes/gaf/roof-system.tsx"),
      route("timberline-hdz-colors", "routes/gaf/timberline-hdz-colors.tsx"),
    ]),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // Findability: resource routes answering XML and plain text.
  route("sitemap.xml", "routes/resources/sitemap[.]xml.ts"),
  route("robots.txt", "routes/resources/robots[.]txt.ts"),
  // Media library images: their resized copies, public and immutable (ADR 031).
  route("media/:assetId/:file", "routes/resources/media.$assetId.$file.ts"),
  // Accounts: sign-in and sign-up and the pages of the account emails, in the public header and
  // footer but hydrated (ADR 007 keeps the public layout static; these forms are small applications).
  layout("routes/auth/layout.tsx", [
    route("auth", "routes/auth/auth.tsx"),
    ...prefix("auth", [
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("reset-password", "routes/auth/reset-password.tsx"),
      route("verify-email", "routes/auth/verify-email.tsx"),
      route("change-password", "routes/auth/change-password.tsx"),
      // A portal invitation's one-time link (issue 22): choose a password, open /portal.
      route("invitation", "routes/auth/invitation.tsx"),
    ]),
  ]),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  // The inspection form's JSON endpoint (its enhancement script posts here; without JavaScript the form posts to its page).
  route("inspection-request", "routes/resources/inspection-request.ts"),
  // The inspection form picker's free slots (JSON, never cached).
  route("inspection-slots", "routes/resources/inspection-slots.ts"),
  // The homeowner's portal (issue 22, ADR 044): every loader and action guards with requireCustomer and
  // scopes to the customer's own requests (app/domain/portal/customer-leads.server.ts).
  route("portal", "routes/portal/layout.tsx", [
    index("routes/portal/index.tsx"),
    route("requests/:id", "routes/portal/requests.$id.tsx"),
    // A proposal sent to the homeowner (issue 30 item 5): compare the options, choose, sign or decline.
    route("proposals/:id", "routes/portal/proposals.$id.tsx"),
    // A request's files (download) and the pictures of its images, thumbnail and large (resource routes): the
    // pair request + file must be the customer's.
    route("requests/:id/files/:fileId", "routes/portal/requests.$id.files.$fileId.ts"),
    route("requests/:id/files/:fileId/thumbnail", "routes/portal/requests.$id.files.$fileId.thumbnail.ts"),
    route("requests/:id/files/:fileId/view", "routes/portal/requests.$id.files.$fileId.view.ts"),
    // Where each file's thumbnail stands (JSON), asked while a new photo's is being made (issue 31 item 5).
    route("requests/:id/thumbnails", "routes/portal/requests.$id.thumbnails.ts"),
  ]),
  // better-auth's HTTP API (resource route).
  route("api/auth/*", "routes/resources/api.auth.$.ts"),
  // The admin area: every loader and action guards itself (app/domain/accounts/guards.server.ts).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("backups/:file", "routes/admin/backups.$file.ts"),
    // Leads (inspection requests): list, CSV export and file downloads (resource routes), detail.
    route("leads", "routes/admin/leads.tsx"),
    route("leads/export.csv", "routes/admin/leads.export[.]csv.ts"),
    route("leads/:id", "routes/admin/leads.$id.tsx"),
    route("leads/:id/attachments/:attachmentId", "routes/admin/leads.$id.attachments.$attachmentId.ts"),
    route("leads/:id/attachments/:attachmentId/thumbnail", "routes/admin/leads.$id.attachments.$attachmentId.thumbnail.ts"),
    route("leads/:id/attachments/:attachmentId/view", "routes/admin/leads.$id.attachments.$attachmentId.view.ts"),
    route("leads/:id/thumbnails", "routes/admin/leads.$id.thumbnails.ts"),
    // Proposals (issue 30, ADR 050): the price book, a lead's new proposal, and a proposal's builder and record.
    route("price-book", "routes/admin/price-book.tsx"),
    route("leads/:id/proposals/new", "routes/admin/leads.$id.proposals.new.tsx"),
    route("proposals/:id", "routes/admin/proposals.$id.tsx"),
    // Self-booked inspections (issue 31 item 3, ADR 053): the weekly schedule, days off, the coming two weeks.
    route("schedule", "routes/admin/schedule.tsx"),
    // Reviews shown on the public pages (spec 2 §2 "Review management").
    route("reviews", "routes/admin/reviews.tsx"),
    // GAF portal configuration (the admin screen kit: app/components/admin, app/lib/admin-action.server.ts).
    route("gaf-config", "routes/admin/gaf-config.tsx"),
    // Site Configuration: the business facts of the public pages and their JSON-LD, one typed form (ADR 020).
    route("site-config", "routes/admin/site-config.tsx"),
    // Content management hub (spec 2 §2: the four managers, status overview, recent changes) and Page Content.
    route("cms", "routes/admin/cms.tsx"),
    route("cms/pages", "routes/admin/cms.pages.tsx"),
    // The public pages as staff will see them, drafts included (never cached, noindex); no key: the home page.
    route("cms/pages/preview/:pageKey?", "routes/admin/cms.pages.preview.tsx"),
    // Content management: Services Manager and Team Members (spec 2 §2); ".../new" opens the add dialog.
    route("cms/services", "routes/admin/cms.services.tsx"),
    route("cms/services/new", "routes/admin/cms.services.new.tsx"),
    route("cms/team", "routes/admin/cms.team.tsx"),
    route("cms/team/new", "routes/admin/cms.team.new.tsx"),
    // Site Settings (spec 2 §2) and what the public site gets from them (staff only, never cached, noindex).
    route("cms/settings", "routes/admin/cms.settings.tsx"),
    route("cms/settings/preview", "routes/admin/cms.settings.preview.tsx"),
    // The public /services and /team pages with their draft services and leaders (never cached, noindex).
    route("cms/services/preview", "routes/admin/cms.services.preview.tsx"),
    route("cms/team/preview", "routes/admin/cms.team.preview.tsx"),
    // Gallery (the "Our Work" projects, issue 12 item 3; ADR 025): the manager, its add dialog, its preview.
    route("cms/gallery", "routes/admin/cms.gallery.tsx"),
    route("cms/gallery/new", "routes/admin/cms.gallery.new.tsx"),
    route("cms/gallery/preview", "routes/admin/cms.gallery.preview.tsx"),
    // Media Library (issue 12 item 1, ADR 031): the screen (its action also takes the multipart upload) and the pickers' list.
    route("media", "routes/admin/media.tsx"),
    route("media/library", "routes/admin/media.library.ts"),
    // Contracts workspace (issue 11): the list with crawl controls, and a crawl's live progress and log (ADR 028).
    route("contracts", "routes/admin/contracts.tsx"),
    route("contracts/sessions/:id", "routes/admin/contracts.sessions.$id.ts"),
    route("contracts/sessions/:id/log.txt", "routes/admin/contracts.sessions.$id.log[.]txt.ts"),
    // Contracts: the filtered list as CSV (resource route) and one contract's detail page (ADR 026).
    route("contracts/export.csv", "routes/admin/contracts.export[.]csv.ts"),
    route("contracts/:id", "routes/admin/contracts.$id.tsx"),
    // Contract sources and their search configurations (issue 11 items 4 and 5; ADR 027).
    route("contracts/sources", "routes/admin/contracts.sources.tsx"),
    route("contracts/sources/:id", "routes/admin/contracts.sources.$id.tsx"),
    // An item's version history, for the History dialog of its screen (ADR 029).
    route("history/:kind/:id", "routes/admin/history.$kind.$id.ts"),
  ]),
] satisfies RouteConfig;
