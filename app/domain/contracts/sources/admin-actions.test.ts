import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { db } from "~/db/client.server";
import {
  auditLog,
  CONTRACT_SOURCE_TYPES as DB_SOURCE_TYPES,
  contractCrawlSessions,
  contractOpportunities,
  contractSearchConfigs,
  contractSources,
  DEFAULT_RATE_LIMIT_CONFIG as DB_RATE_LIMITS,
} from "~/db/schema";
import { action as sourcesAction, loader as sourcesLoader } from "~/routes/admin/contracts.sources";
import { action as configsAction } from "~/routes/admin/contracts.sources.$id";
import { freshAdminSession, postAdminAction } from "../../../../tests/support/admin-action";
import { CrawlerFixtureServer } from "../../../../tests/support/crawler-fixture-server";
import { createSession, createUser } from "../../../../tests/support/factories";
import { CONTRACT_SOURCE_TYPES, DEFAULT_RATE_LIMIT_CONFIG, describeSchedule, slugFromName, splitKeywords } from "./admin-schemas";
import { listSourcesForAdmin } from "./list-sources-for-admin.server";

/**
 * The Contract Sources screen and a source's search configurations through the kit's adminAction, as
 * the routes run them: guard, parse, use case and audit entry in one transaction; the spec's texts
 * (spec 2 §5, §8) word for word; the one-default rule; delete refused for a source with contracts;
 * the Test button against a fixture server on 127.0.0.1 (allowed for the crawler by
 * CRAWLER_ALLOW_PRIVATE_HOSTS, as in the crawler's own tests).
 */

let cookie = "";
beforeEach(async () => {
  cookie = await freshAdminSession();
});

const SOURCES = "/admin/contracts/sources";
const postSource = (fields: Record<string, string>) => postAdminAction(sourcesAction, SOURCES, cookie, fields, { ip: "203.0.113.31" });
const postConfig = (fields: Record<string, string>) => postAdminAction(configsAction, `${SOURCES}/x`, cookie, fields, { ip: "203.0.113.31" });

const NEW_SOURCE = {
  intent: "create-source",
  name: "  Ohio Bids Portal ",
  slug: "ohio-bids",
  description: "  ",
  baseUrl: " https://bids.example.com/search ",
  sourceType: "api",
  logoUrl: "",
  requestsPerMinute: "20",
  requestsPerHour: "500",
  delayBetweenRequestsMs: "1500",
  isActive: "on",
};
const MISSING = "0b7c2f1e-8d4a-4c59-9f3e-2a6b1d0e5c77";

const sourceBySlug = async (slug: string) => (await db().select().from(contractSources).where(eq(contractSources.slug, slug)))[0];
const audits = (prefix: string) => db().select().from(auditLog).where(like(auditLog.action, `${prefix}%`)).orderBy(asc(auditLog.occurredAt));
const configsOf = (sourceId: string) => db().select().from(contractSearchConfigs).where(eq(contractSearchConfigs.sourceId, sourceId)).orderBy(asc(contractSearchConfigs.sortOrder));

describe("the browser-safe constants", () => {
  it("equal the database's source types and default rate limits (spec 2 §9: 30 / 1000 / 2000)", () => {
    expect(CONTRACT_SOURCE_TYPES).toEqual(DB_SOURCE_TYPES);
    expect(DEFAULT_RATE_LIMIT_CONFIG).toEqual(DB_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMIT_CONFIG).toEqual({ requestsPerMinute: 30, requestsPerHour: 1000, delayBetweenRequestsMs: 2000 });
  });

  it("derive a slug from a name as spec 2 §5 says", () => {
    expect(slugFromName("BidNet Direct")).toBe("bidnet-direct");
    expect(slugFromName("  Gov. Bids & More!!  ")).toBe("gov-bids-more");
    expect(slugFromName("Ohio -- State   Bids")).toBe("ohio-state-bids");
    expect(slugFromName("Ünïcödé Bids 2026")).toBe("unicode-bids-2026");
  });

  it("split keywords on commas and lines, trimmed, without repeats", () => {
    expect(splitKeywords("roof, roofing\n Roof \n\n gutters,")).toEqual(["roof", "roofing", "gutters"]);
  });

  it("read a schedule aloud", () => {
    expect(describeSchedule("0 6 * * *")).toBe("Daily at 06:00 (Eastern time)");
    expect(describeSchedule("30 7 * * 1-5")).toBe("Weekdays at 07:30 (Eastern time)");
    expect(describeSchedule("0 6 * * 1,3")).toBe("Mondays, Wednesdays at 06:00 (Eastern time)");
    expect(describeSchedule("15 * * * *")).toBe("Every hour at :15 (Eastern time)");
    expect(describeSchedule("0 6 1 * *")).toBe("Cron 0 6 1 * * (Eastern time)");
    expect(describeSchedule(null)).toBe("Not scheduled");
  });
});

describe("Contract Sources actions", () => {
  it("lists the seeded sources in order with their configuration counts", async () => {
    const sources = await listSourcesForAdmin();
    expect(sources.map((s) => [s.slug, s.sourceType, s.isActive, s.configCount, s.requestsPerMinute])).toEqual([
      ["bidnet", "scraper", true, 1, 30],
      ["govcb", "scraper", true, 1, 30],
    ]);
  });

  it("creates a source: values trimmed, empty description and logo stored as null, rate limits, audited", async () => {
    const { status, body } = await postSource(NEW_SOURCE);
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Source created successfully" });
    const row = await sourceBySlug("ohio-bids");
    expect(row).toMatchObject({
      name: "Ohio Bids Portal",
      description: null,
      baseUrl: "https://bids.example.com/search",
      sourceType: "api",
      logoUrl: null,
      isActive: true,
      sortOrder: 3,
      rateLimitConfig: { requestsPerMinute: 20, requestsPerHour: 500, delayBetweenRequestsMs: 1500 },
      contactInfo: {},
      authenticationConfig: {},
    });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "contracts.source.create"), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({ outcome: "success", targetType: "contract_source", ipAddress: "203.0.113.31" });
    // Inactive: the switch off posts nothing.
    const { isActive: _on, ...off } = NEW_SOURCE;
    expect((await postSource({ ...off, slug: "ohio-bids-2" })).status).toBe(200);
    expect((await sourceBySlug("ohio-bids-2"))!.isActive).toBe(false);
  });

  it("refuses the spec's invalid values with its messages, word for word, and writes nothing", async () => {
    const before = await audits("contracts.");
    const { status, body } = await postSource({ ...NEW_SOURCE, name: " ", slug: "", baseUrl: "", sourceType: "" });
    expect(status).toBe(400);
    expect(body.toast.text).toBe("Failed to create source");
    expect(body.fieldErrors).toEqual({
      name: "Name is required.",
      slug: "Slug is required.",
      baseUrl: "Base URL is required.",
      sourceType: "Source type is required.",
    });
    const bad = await postSource({ ...NEW_SOURCE, slug: "Ohio_Bids", baseUrl: "not a url", logoUrl: "javascript:alert(1)", sourceType: "ftp" });
    expect(bad.body.fieldErrors).toEqual({
      slug: "Slug must contain only lowercase letters, numbers, and hyphens.",
      baseUrl: "Please enter a valid URL.",
      logoUrl: "Please enter a valid URL.",
      sourceType: "Source type is required.",
    });
    expect((await postSource({ ...NEW_SOURCE, baseUrl: "ftp://bids.example.com" })).body.fieldErrors).toEqual({ baseUrl: "Please enter a valid URL." });
    // An address typed without its scheme: the catalogue's text, and the address with https:// to use.
    expect((await postSource({ ...NEW_SOURCE, baseUrl: "procure.ohio.gov", logoUrl: "procure.ohio.gov/logo.png" })).body.fieldErrors).toEqual({
      baseUrl: "Please enter a valid URL. Start it with https://, like https://procure.ohio.gov",
      logoUrl: "Please enter a valid URL. Start it with https://, like https://procure.ohio.gov/logo.png",
    });
    expect((await postSource({ ...NEW_SOURCE, baseUrl: "https://user:secret@bids.example.com" })).body.fieldErrors).toEqual({
      baseUrl: "Leave the user name and password out of the URL.",
    });
    // Rate limits: bounds, whole numbers, and per hour at least per minute.
    const limits = await postSource({ ...NEW_SOURCE, requestsPerMinute: "0", requestsPerHour: "10001", delayBetweenRequestsMs: "1.5" });
    expect(limits.body.fieldErrors).toEqual({
      requestsPerMinute: "Requests per minute must be a whole number from 1 to 120.",
      requestsPerHour: "Requests per hour must be a whole number from 1 to 10,000.",
      delayBetweenRequestsMs: "Delay between requests must be a whole number from 0 to 60,000.",
    });
    const perHour = await postSource({ ...NEW_SOURCE, requestsPerMinute: "100", requestsPerHour: "50" });
    expect(perHour.body.fieldErrors).toEqual({ requestsPerHour: "Requests per hour must be at least the requests per minute." });
    expect(await sourceBySlug("ohio-bids")).toBeUndefined();
    expect(await audits("contracts.")).toEqual(before);
  });

  it("refuses a slug another source has (create and edit) as a field error", async () => {
    const taken = await postSource({ ...NEW_SOURCE, slug: "bidnet" });
    expect(taken.status).toBe(409);
    expect(taken.body.toast.text).toBe("Failed to create source");
    expect(taken.body.fieldErrors).toEqual({ slug: "Another source already uses this slug. Choose a different one." });
    const govcb = await sourceBySlug("govcb");
    const edit = await postSource({ ...NEW_SOURCE, intent: "update-source", id: govcb!.id, slug: "bidnet" });
    expect(edit.status).toBe(409);
    expect(edit.body.toast.text).toBe("Failed to update source");
    expect(edit.body.fieldErrors).toEqual({ slug: "Another source already uses this slug. Choose a different one." });
    expect((await sourceBySlug("govcb"))!.name).toBe("Government Contract Bids");
  });

  it("refuses a base URL on this machine or a private network unless CRAWLER_ALLOW_PRIVATE_HOSTS names the host", async () => {
    for (const baseUrl of ["http://127.0.0.1:8080", "http://localhost/", "http://10.1.2.3", "http://169.254.169.254/latest", "http://[::1]/", "http://0x7f000001/"]) {
      const { status, body } = await postSource({ ...NEW_SOURCE, baseUrl });
      expect(status, baseUrl).toBe(422);
      expect(body.fieldErrors).toEqual({ baseUrl: "The crawler may not fetch this address: it is on this machine or a private network." });
    }
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = "127.0.0.1";
    resetConfigForTests();
    try {
      expect((await postSource({ ...NEW_SOURCE, baseUrl: "http://127.0.0.1:8080" })).status).toBe(200);
      expect((await postSource({ ...NEW_SOURCE, slug: "other", baseUrl: "http://localhost:8080" })).status).toBe(422);
    } finally {
      delete process.env.CRAWLER_ALLOW_PRIVATE_HOSTS;
      resetConfigForTests();
    }
  });

  it("updates a source: every field, the slug as sent (never re-derived), inactive; audited with what changed", async () => {
    const bidnet = await sourceBySlug("bidnet");
    const { status, body } = await postSource({
      intent: "update-source",
      id: bidnet!.id,
      name: "BidNet Direct (Ohio)",
      slug: "bidnet",
      description: "Ohio solicitations.",
      baseUrl: "https://www.bidnetdirect.com/ohio",
      sourceType: "scraper",
      logoUrl: "https://www.bidnetdirect.com/logo.png",
      requestsPerMinute: "10",
      requestsPerHour: "10",
      delayBetweenRequestsMs: "0",
    });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Source updated successfully" });
    const row = await sourceBySlug("bidnet");
    expect(row).toMatchObject({
      name: "BidNet Direct (Ohio)",
      description: "Ohio solicitations.",
      baseUrl: "https://www.bidnetdirect.com/ohio",
      logoUrl: "https://www.bidnetdirect.com/logo.png",
      isActive: false,
      rateLimitConfig: { requestsPerMinute: 10, requestsPerHour: 10, delayBetweenRequestsMs: 0 },
    });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(bidnet!.updatedAt.getTime());
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "contracts.source.update"));
    expect(entry!.details).toMatchObject({ previousName: "BidNet Direct", previousBaseUrl: "https://www.bidnetdirect.com" });
    const missing = await postSource({ ...NEW_SOURCE, intent: "update-source", id: MISSING });
    expect(missing.status).toBe(404);
    expect(missing.body.toast.text).toBe("Failed to update source");
  });

  it("deletes a source without contracts (its configurations with it); audited", async () => {
    await postSource(NEW_SOURCE);
    const row = await sourceBySlug("ohio-bids");
    await db().insert(contractSearchConfigs).values({ sourceId: row!.id, name: "All", keywords: ["roof"], isDefault: true });
    const { status, body } = await postSource({ intent: "delete-source", id: row!.id });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Source deleted successfully" });
    expect(await sourceBySlug("ohio-bids")).toBeUndefined();
    expect(await configsOf(row!.id)).toEqual([]);
    expect((await audits("contracts.source.delete")).map((e) => e.targetId)).toEqual([row!.id]);
    const again = await postSource({ intent: "delete-source", id: row!.id });
    expect(again.status).toBe(404);
    expect(again.body.toast.text).toBe("Failed to delete source");
  });

  it("refuses to delete a source that has contracts, saying how many and suggesting inactive; nothing changes", async () => {
    const bidnet = await sourceBySlug("bidnet");
    await db()
      .insert(contractOpportunities)
      .values([1, 2, 3].map((n) => ({ sourceId: bidnet!.id, externalId: `ext-${n}`, title: `Roof replacement ${n}` })));
    const { status, body } = await postSource({ intent: "delete-source", id: bidnet!.id });
    expect(status).toBe(409);
    expect(body.toast).toEqual({
      variant: "error",
      title: "Error",
      text: "Failed to delete source",
      detail:
        "BidNet Direct has 3 contracts, which would lose their source. Make the source inactive instead: it will no longer be crawled, and its contracts stay.",
    });
    expect(await sourceBySlug("bidnet")).toBeDefined();
    expect(await configsOf(bidnet!.id)).toHaveLength(1);
    expect(await audits("contracts.source.delete")).toEqual([]);
  });

  it("refuses to delete a source while a crawl of it is running", async () => {
    const govcb = await sourceBySlug("govcb");
    await db().insert(contractCrawlSessions).values({ sourceId: govcb!.id, status: "running", sessionType: "manual" });
    const { status, body } = await postSource({ intent: "delete-source", id: govcb!.id });
    expect(status).toBe(409);
    expect(body.toast).toMatchObject({ text: "Failed to delete source", detail: "A crawl of Government Contract Bids is running. Wait for it to finish, then try again." });
    expect(await sourceBySlug("govcb")).toBeDefined();
  });

  it("guards its loader and actions: a non-admin is sent away and nothing is written", async () => {
    const customer = await createUser({ kind: "approved" });
    const other = (await createSession(customer)).cookie;
    const request = () =>
      new Request(`http://app.test${SOURCES}`, {
        method: "POST",
        headers: { cookie: other, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(NEW_SOURCE),
      });
    const runs: Array<() => Promise<unknown>> = [
      () => sourcesAction({ request: request(), params: {}, context: {} } as never),
      () => configsAction({ request: request(), params: {}, context: {} } as never),
      () => sourcesLoader({ request: request(), params: {}, context: {} } as never),
    ];
    for (const run of runs) {
      const thrown = await Promise.resolve()
        .then(run)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("location")).toBe("/");
    }
    expect(await sourceBySlug("ohio-bids")).toBeUndefined();
  });
});

describe("the Test button", () => {
  const fixture = new CrawlerFixtureServer();
  beforeAll(async () => {
    await fixture.start();
    fixture.route("/ok", { status: 200, body: "listing" });
    fixture.route("/down", { status: 503, body: "down" });
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = "127.0.0.1";
    resetConfigForTests();
  });
  afterAll(async () => {
    await fixture.stop();
    delete process.env.CRAWLER_ALLOW_PRIVATE_HOSTS;
    resetConfigForTests();
  });

  const sourceAt = async (slug: string, path: string) => {
    await postSource({ ...NEW_SOURCE, slug, baseUrl: `${fixture.origin}${path}`, delayBetweenRequestsMs: "0" });
    return (await sourceBySlug(slug))!;
  };

  it("answers Success / Source is working correctly for a source that answers, with one HEAD request; audited", async () => {
    const source = await sourceAt("fixture-ok", "/ok");
    const { status, body } = await postSource({ intent: "test-source", id: source.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, toast: { variant: "success", title: "Success", text: "Source is working correctly" } });
    expect(fixture.requestsTo("/ok").map((r) => r.method)).toEqual(["HEAD"]);
    const [entry] = await audits("contracts.source.test");
    expect(entry).toMatchObject({ outcome: "success", targetId: source.id });
  });

  it("answers Failed / Source test failed with the HTTP status for a source that does not (one attempt, no retries)", async () => {
    const source = await sourceAt("fixture-down", "/down");
    const { status, body } = await postSource({ intent: "test-source", id: source.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: false, toast: { variant: "error", title: "Failed", text: "Source test failed", detail: "HTTP 503 Service Unavailable" } });
    expect(fixture.requestsTo("/down")).toHaveLength(1);
    const [entry] = await audits("contracts.source.test");
    expect(entry).toMatchObject({ outcome: "failure", targetId: source.id });
  });

  it("answers 404 with Failed to test source for a source that is not there", async () => {
    const { status, body } = await postSource({ intent: "test-source", id: MISSING });
    expect(status).toBe(404);
    expect(body.toast.text).toBe("Failed to test source");
  });
});

describe("Search configuration actions", () => {
  const CONFIG = {
    intent: "create-search-config",
    name: "Ohio Gutters",
    description: "",
    keywords: "gutters, downspouts\nsiding",
    state: "oh",
    locationId: "229",
    customParameters: '{"solSearchStatus": "openSolicitationsTab", "gov[]": ["sl", "fed"], "maxPages": 2, "statePages": false}',
    scheduleCron: "0 6 * * *",
    isActive: "on",
  };
  const bidnetId = async () => (await sourceBySlug("bidnet"))!.id;

  it("creates a configuration (not default while the source has one), parsed and stored; audited", async () => {
    const sourceId = await bidnetId();
    const { status, body } = await postConfig({ ...CONFIG, sourceId });
    expect(status).toBe(200);
    expect(body.toast).toEqual({ variant: "success", title: "Success", text: "Configuration created successfully" });
    const [seeded, created] = await configsOf(sourceId);
    expect(seeded).toMatchObject({ name: "Ohio Roofing Contracts", isDefault: true });
    expect(created).toMatchObject({
      name: "Ohio Gutters",
      description: null,
      keywords: ["gutters", "downspouts", "siding"],
      locationConfig: { state: "OH", locationId: "229" },
      customParameters: { solSearchStatus: "openSolicitationsTab", "gov[]": ["sl", "fed"], maxPages: 2, statePages: false },
      scheduleCron: "0 6 * * *",
      isDefault: false,
      isActive: true,
      sortOrder: 2,
    });
    expect((await audits("contracts.search_config.create")).map((e) => e.targetId)).toEqual([created!.id]);
  });

  it("makes the first configuration of a source its default, and a new default takes over in one transaction", async () => {
    await postSource(NEW_SOURCE);
    const source = (await sourceBySlug("ohio-bids"))!;
    await postConfig({ ...CONFIG, sourceId: source.id, name: "First" });
    expect((await configsOf(source.id)).map((c) => [c.name, c.isDefault])).toEqual([["First", true]]);
    await postConfig({ ...CONFIG, sourceId: source.id, name: "Second", isDefault: "on" });
    expect((await configsOf(source.id)).map((c) => [c.name, c.isDefault])).toEqual([
      ["First", false],
      ["Second", true],
    ]);
  });

  it("refuses invalid configurations with a message per field and writes nothing", async () => {
    const sourceId = await bidnetId();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ name: "", keywords: " , \n" }, { name: "Name is required.", keywords: "Enter at least one keyword." }],
      [{ keywords: "x".repeat(101) }, { keywords: "Each keyword can have at most 100 characters." }],
      [{ keywords: Array.from({ length: 21 }, (_, i) => `k${i}`).join(",") }, { keywords: "Use at most 20 keywords." }],
      [{ state: "Ohio" }, { state: "Enter a two-letter state code, like OH." }],
      [{ customParameters: "{not json" }, { customParameters: "Custom parameters must be valid JSON." }],
      [{ customParameters: "[1, 2]" }, { customParameters: 'Custom parameters must be a JSON object, like {"name": "value"}.' }],
      [{ customParameters: '{"a": {"b": 1}}' }, { customParameters: "Each custom parameter must be text, a number, true or false, or a list of texts." }],
      [{ customParameters: '{"a": null}' }, { customParameters: "Each custom parameter must be text, a number, true or false, or a list of texts." }],
      [{ scheduleCron: "every day" }, { scheduleCron: "Enter a 5-field cron expression (minute hour day month weekday), like 0 6 * * * for daily at 06:00." }],
      [{ scheduleCron: "0 24 * * *" }, { scheduleCron: "Enter a 5-field cron expression (minute hour day month weekday), like 0 6 * * * for daily at 06:00." }],
      [{ isDefault: "on", isActive: "" }, { isActive: "The default configuration must be active." }],
    ];
    for (const [change, errors] of cases) {
      const { status, body } = await postConfig({ ...CONFIG, sourceId, ...change });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.toast.text).toBe("Failed to save configuration");
      expect(body.fieldErrors).toEqual(errors);
    }
    const taken = await postConfig({ ...CONFIG, sourceId, name: "Ohio Roofing Contracts" });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ name: "This source already has a configuration with this name." });
    const missing = await postConfig({ ...CONFIG, sourceId: MISSING });
    expect(missing.status).toBe(404);
    expect(missing.body.toast.text).toBe("This source does not exist. It may have been deleted.");
    expect(await configsOf(sourceId)).toHaveLength(1);
    expect(await audits("contracts.search_config.")).toEqual([]);
  });

  it("edits a configuration; the same name may be kept, another's may not; the default cannot be un-marked", async () => {
    const sourceId = await bidnetId();
    await postConfig({ ...CONFIG, sourceId });
    const [seeded, created] = await configsOf(sourceId);
    const edit = { ...CONFIG, intent: "update-search-config", id: created!.id };
    const { status, body } = await postConfig({ ...edit, keywords: "gutters", scheduleCron: "", customParameters: "" });
    expect(status).toBe(200);
    expect(body.toast.text).toBe("Configuration updated successfully");
    expect((await configsOf(sourceId))[1]).toMatchObject({ keywords: ["gutters"], scheduleCron: null, customParameters: {} });
    expect((await postConfig({ ...edit, name: "Ohio Roofing Contracts" })).body.fieldErrors).toEqual({ name: "This source already has a configuration with this name." });
    // The default: un-marking it or switching it off is refused.
    const seededEdit = { ...CONFIG, intent: "update-search-config", id: seeded!.id, name: seeded!.name, keywords: "roof" };
    const unmark = await postConfig({ ...seededEdit, isDefault: "" });
    expect(unmark.status).toBe(409);
    expect(unmark.body.fieldErrors).toEqual({ isDefault: "This is the default configuration: make another configuration the default first." });
    // Marking another as default in its form moves the default.
    expect((await postConfig({ ...edit, isDefault: "on" })).status).toBe(200);
    expect((await configsOf(sourceId)).map((c) => c.isDefault)).toEqual([false, true]);
  });

  it("deactivates and reactivates; the default cannot be deactivated; Make Default moves it and reactivates", async () => {
    const sourceId = await bidnetId();
    await postConfig({ ...CONFIG, sourceId });
    const [seeded, created] = await configsOf(sourceId);
    const refused = await postConfig({ intent: "set-search-config-active", id: seeded!.id, active: "false" });
    expect(refused.status).toBe(409);
    expect(refused.body.toast).toMatchObject({
      text: "Failed to update configuration status",
      detail: "This is the default configuration: make another configuration the default first.",
    });
    const off = await postConfig({ intent: "set-search-config-active", id: created!.id, active: "false" });
    expect(off.body.toast.text).toBe("Configuration deactivated successfully");
    expect((await configsOf(sourceId))[1]!.isActive).toBe(false);
    const made = await postConfig({ intent: "set-default-search-config", id: created!.id });
    expect(made.body.toast.text).toBe("Default configuration updated successfully");
    expect((await configsOf(sourceId)).map((c) => [c.isDefault, c.isActive])).toEqual([
      [false, true],
      [true, true],
    ]);
    const on = await postConfig({ intent: "set-search-config-active", id: seeded!.id, active: "false" });
    expect(on.body.toast.text).toBe("Configuration deactivated successfully");
    const back = await postConfig({ intent: "set-search-config-active", id: seeded!.id, active: "true" });
    expect(back.body.toast.text).toBe("Configuration activated successfully");
    expect((await audits("contracts.search_config.")).map((e) => e.action)).toEqual([
      "contracts.search_config.create",
      "contracts.search_config.deactivate",
      "contracts.search_config.make_default",
      "contracts.search_config.deactivate",
      "contracts.search_config.activate",
    ]);
    expect((await postConfig({ intent: "set-default-search-config", id: MISSING })).status).toBe(404);
  });

  it("keeps exactly one default per source when two configurations are made default at once", async () => {
    const sourceId = await bidnetId();
    await postConfig({ ...CONFIG, sourceId, name: "A" });
    await postConfig({ ...CONFIG, sourceId, name: "B" });
    const [, a, b] = await configsOf(sourceId);
    const answers = await Promise.all([
      postConfig({ intent: "set-default-search-config", id: a!.id }),
      postConfig({ intent: "set-default-search-config", id: b!.id }),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect((await configsOf(sourceId)).filter((c) => c.isDefault)).toHaveLength(1);
  });
});
