import { and, asc, count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsContentBlocks, cmsPages } from "~/db/schema";
import { BLOCK_TYPES, type BlockType } from "~/domain/cms/block-content";
import { CONTENT_TEXT } from "~/domain/cms/content-admin-schemas";
import { createSession, createUser } from "../../../tests/support/factories";
import { action, loader } from "./cms.pages";

/**
 * /admin/cms/pages called as React Router calls it, as an admin: the lists,
 * each intent's answer (toast texts), the audit entries, and the refusals
 * (required fields, invalid JSON, JSON that does not fit the block type, a
 * key already taken, an item that is not there) that write nothing.
 */

const context = { cspNonce: "", requestId: "cms-pages-route", formKey: "" };
let cookie = "";
let adminId = "";

async function act(fields: Record<string, string>): Promise<{ status: number; data: Record<string, unknown> }> {
  const request = new Request("http://app.test/admin/cms/pages", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-app-client-ip": "203.0.113.41" },
    body: new URLSearchParams(fields).toString(),
  });
  const value = (await action({ request, params: {}, context } as never)) as unknown as { data: Record<string, unknown>; init?: ResponseInit };
  return { status: value.init?.status ?? 200, data: value.data };
}

const success = (intent: string, text: string) => ({ status: 200, data: { ok: true, intent, toast: { variant: "success", title: "Success", text } } });

/** Everything a refused change could have touched. */
async function state() {
  const [pages, blocks, audits] = await Promise.all([
    db().select().from(cmsPages).orderBy(asc(cmsPages.id)),
    db().select().from(cmsContentBlocks).orderBy(asc(cmsContentBlocks.id)),
    db().select({ n: count() }).from(auditLog).where(like(auditLog.action, "cms.%")),
  ]);
  return JSON.stringify({ pages, blocks, audits });
}

const pageByKey = async (key: string) => (await db().select().from(cmsPages).where(eq(cmsPages.pageKey, key)))[0];
const blockByKey = async (key: string) => (await db().select().from(cmsContentBlocks).where(eq(cmsContentBlocks.blockKey, key)))[0];
const auditOf = (targetId: string) =>
  db()
    .select({ action: auditLog.action, targetType: auditLog.targetType, details: auditLog.details, actorUserId: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), like(auditLog.action, "cms.%")))
    .orderBy(asc(auditLog.occurredAt));

beforeAll(async () => {
  const admin = await createUser({ kind: "admin" });
  adminId = admin.id;
  cookie = (await createSession(admin)).cookie;
});

const VALID_CONTENT: Record<BlockType, object> = {
  text: { heading: "  Our Mission  ", paragraphs: ["To protect central Ohio homes."], eyebrow: "" },
  card_grid: { heading: "Values", cards: [{ title: "Integrity First", text: "Honest estimates.", icon: "ShieldCheck", link: { label: "More", href: "/about" } }] },
  list: { items: ["Factory-trained crews", "Complete systems"], ordered: true },
  feature_list: { features: [{ title: "Inspect honestly", description: "Photos of everything.", icon: "" }] },
  feature_grid: { features: [{ title: "24 years", description: "of active duty", icon: "Medal" }] },
  image_text: { heading: "Storms", paragraphs: ["We tarp fast."], imageUrl: "https://example.com/roof.jpg", imageAlt: "A roof", imageSide: "left" },
};

describe("/admin/cms/pages", () => {
  it("streams every page and block, whatever its status, pages by key and blocks by key", async () => {
    await db().insert(cmsPages).values({ pageKey: "zz-archived-page", title: "Archived", content: "Old", status: "archived" });
    const request = new Request("http://app.test/admin/cms/pages", { headers: { cookie } });
    const loaded = await (await loader({ request, params: {}, context } as never)).content;
    if (!loaded.ok) throw new Error("expected the content");
    const [pages, blocks] = await Promise.all([db().select({ n: count() }).from(cmsPages), db().select({ n: count() }).from(cmsContentBlocks)]);
    expect(loaded.data.pages).toHaveLength(pages[0]!.n);
    expect(loaded.data.blocks).toHaveLength(blocks[0]!.n);
    const keys = loaded.data.pages.map((p) => p.pageKey);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toContain("zz-archived-page");
    const blockKeys = loaded.data.blocks.map((b) => b.blockKey);
    expect(blockKeys).toEqual([...blockKeys].sort());
    await db().delete(cmsPages).where(eq(cmsPages.pageKey, "zz-archived-page"));
  });

  it("adds a page with the spec's defaults as a draft, with its audit entry", async () => {
    const added = await act({ intent: "save-page", id: "", pageKey: "new-page", title: "New Page", content: "Welcome text.", metadata: "" });
    expect(added).toEqual(success("save-page", CONTENT_TEXT.pageCreated));
    const page = await pageByKey("new-page");
    expect(page).toMatchObject({ title: "New Page", content: "Welcome text.", metadata: {}, status: "draft" });
    expect(await auditOf(page!.id)).toEqual([
      { action: "cms.page.create", targetType: "cms_page", details: { title: "New Page", key: "new-page" }, actorUserId: adminId },
    ]);
  });

  it("updates a page (status and metadata too), publishes, unpublishes and deletes it, each with its text and audit entry", async () => {
    await act({ intent: "save-page", pageKey: "lifecycle", title: "Lifecycle", content: "Text", metadata: "" });
    const page = (await pageByKey("lifecycle"))!;
    const updated = await act({
      intent: "save-page",
      id: page.id,
      pageKey: "lifecycle-2",
      title: " Lifecycle Two ",
      content: "New text",
      status: "archived",
      metadata: '{"title":"Search title","description":"","ogImage":"/images/og.png"}',
    });
    expect(updated).toEqual(success("save-page", CONTENT_TEXT.pageUpdated));
    expect(await pageByKey("lifecycle-2")).toMatchObject({ id: page.id, title: "Lifecycle Two", status: "archived", metadata: { title: "Search title", ogImage: "/images/og.png" } });

    // Publish from archived: published; Unpublish: back to draft (spec 2 §4).
    expect(await act({ intent: "set-page-status", id: page.id, status: "published" })).toEqual(success("set-page-status", CONTENT_TEXT.pagePublished));
    expect((await pageByKey("lifecycle-2"))!.status).toBe("published");
    expect(await act({ intent: "set-page-status", id: page.id, status: "draft" })).toEqual(success("set-page-status", CONTENT_TEXT.pageUnpublished));
    expect((await pageByKey("lifecycle-2"))!.status).toBe("draft");
    // An edit without a status keeps the one it has.
    await act({ intent: "save-page", id: page.id, pageKey: "lifecycle-2", title: "Lifecycle Two", content: "Again", metadata: "" });
    expect(await pageByKey("lifecycle-2")).toMatchObject({ status: "draft", metadata: {} });

    expect(await act({ intent: "delete-page", id: page.id })).toEqual(success("delete-page", CONTENT_TEXT.pageDeleted));
    expect(await pageByKey("lifecycle-2")).toBeUndefined();
    expect((await auditOf(page.id)).map((e) => [e.action, e.details.title])).toEqual([
      ["cms.page.create", "Lifecycle"],
      ["cms.page.update", "Lifecycle Two"],
      ["cms.page.publish", "Lifecycle Two"],
      ["cms.page.unpublish", "Lifecycle Two"],
      ["cms.page.update", "Lifecycle Two"],
      ["cms.page.delete", "Lifecycle Two"],
    ]);
  });

  it("refuses missing key, title and content with a message each, writing nothing", async () => {
    const before = await state();
    expect(await act({ intent: "save-page", pageKey: "", title: "", content: " ", metadata: "" })).toEqual({
      status: 400,
      data: {
        ok: false,
        intent: "save-page",
        fieldErrors: { pageKey: "Key is required.", title: "Title is required.", content: "Content is required." },
        toast: { variant: "error", title: "Error", text: CONTENT_TEXT.saveFailed },
      },
    });
    expect((await act({ intent: "save-block", blockKey: "Bad Key", blockType: "text", title: "", content: "" })).data).toMatchObject({
      fieldErrors: { blockKey: CONTENT_TEXT.keyPattern, title: "Title is required.", content: "Content is required." },
    });
    expect(await state()).toBe(before);
  });

  it("refuses a key another page or block has as a field error (409), writing nothing", async () => {
    await act({ intent: "save-page", pageKey: "taken-page", title: "Taken", content: "x", metadata: "" });
    await act({ intent: "save-page", pageKey: "other-page", title: "Other", content: "x", metadata: "" });
    await act({ intent: "save-block", blockKey: "taken-block", blockType: "list", title: "Taken", content: '{"items":["a"]}' });
    const before = await state();

    const duplicate = await act({ intent: "save-page", pageKey: "taken-page", title: "Again", content: "x", metadata: "" });
    expect(duplicate).toEqual({
      status: 409,
      data: { ok: false, intent: "save-page", fieldErrors: { pageKey: CONTENT_TEXT.pageKeyTaken }, toast: { variant: "error", title: "Error", text: CONTENT_TEXT.saveFailed } },
    });
    const other = (await pageByKey("other-page"))!;
    expect((await act({ intent: "save-page", id: other.id, pageKey: "taken-page", title: "Other", content: "x", metadata: "" })).data).toMatchObject({
      fieldErrors: { pageKey: CONTENT_TEXT.pageKeyTaken },
    });
    const block = await act({ intent: "save-block", blockKey: "taken-block", blockType: "list", title: "Again", content: '{"items":["a"]}' });
    expect(block).toMatchObject({ status: 409, data: { fieldErrors: { blockKey: CONTENT_TEXT.blockKeyTaken } } });
    expect(await state()).toBe(before);

    // Keeping its own key is not a conflict.
    expect((await act({ intent: "save-page", id: other.id, pageKey: "other-page", title: "Other", content: "y", metadata: "" })).status).toBe(200);
  });

  it.each(BLOCK_TYPES)("adds a %s block, storing its content in the type's normalised shape", async (type) => {
    const key = `valid-${type.replace("_", "-")}`;
    const added = await act({ intent: "save-block", blockKey: key, blockType: type, title: `A ${type} block`, content: JSON.stringify(VALID_CONTENT[type]) });
    expect(added).toEqual(success("save-block", CONTENT_TEXT.blockCreated));
    const row = (await blockByKey(key))!;
    expect(row).toMatchObject({ blockType: type, status: "draft", title: `A ${type} block` });
    expect(JSON.stringify(row.content)).not.toMatch(/""| {2}/);
    expect(await auditOf(row.id)).toMatchObject([{ action: "cms.block.create", targetType: "cms_block", details: { title: `A ${type} block`, key } }]);
  });

  it("stores trimmed texts and leaves blank optional ones out", async () => {
    expect((await blockByKey("valid-text"))!.content).toEqual({ heading: "Our Mission", paragraphs: ["To protect central Ohio homes."] });
    expect((await blockByKey("valid-feature-list"))!.content).toEqual({ features: [{ title: "Inspect honestly", description: "Photos of everything." }] });
  });

  it("refuses invalid JSON and JSON that does not fit the type as field errors, writing nothing", async () => {
    const before = await state();
    const broken = await act({ intent: "save-block", blockKey: "broken", blockType: "card_grid", title: "Broken", content: '{"cards": [' });
    expect(broken.status).toBe(400);
    expect(broken.data).toMatchObject({ ok: false, toast: { text: CONTENT_TEXT.saveFailed } });
    expect((broken.data.fieldErrors as Record<string, string>).content).toMatch(/^This is not valid JSON \(.+\)\. Fix it before saving\.$/);

    const wrongShape = await act({ intent: "save-block", blockKey: "broken", blockType: "card_grid", title: "Broken", content: '{"cards":[{"title":"A","text":""}]}' });
    expect(wrongShape).toMatchObject({ status: 400, data: { fieldErrors: { content: "Card 1, Text: This field is required." } } });

    const otherType = await act({ intent: "save-block", blockKey: "broken", blockType: "image_text", title: "Broken", content: JSON.stringify(VALID_CONTENT.text) });
    expect(otherType).toMatchObject({ status: 400, data: { fieldErrors: { content: "Image address: This field is required." } } });

    const metadata = await act({ intent: "save-page", pageKey: "broken", title: "Broken", content: "x", metadata: "{'title': 'single quotes'}" });
    expect((metadata.data.fieldErrors as Record<string, string>).metadata).toMatch(/^This is not valid JSON/);
    expect(await state()).toBe(before);
  });

  it("edits a block's type and content, publishes, unpublishes and deletes it", async () => {
    const row = (await blockByKey("valid-card-grid"))!;
    const content = { heading: "Values", features: [{ title: "Integrity First", description: "Honest estimates.", icon: "ShieldCheck" }] };
    const updated = await act({ intent: "save-block", id: row.id, blockKey: "valid-card-grid", blockType: "feature_grid", title: "Values", status: "published", content: JSON.stringify(content) });
    expect(updated).toEqual(success("save-block", CONTENT_TEXT.blockUpdated));
    expect(await blockByKey("valid-card-grid")).toMatchObject({ blockType: "feature_grid", status: "published", content });

    expect(await act({ intent: "set-block-status", id: row.id, status: "draft" })).toEqual(success("set-block-status", CONTENT_TEXT.blockUnpublished));
    expect(await act({ intent: "set-block-status", id: row.id, status: "published" })).toEqual(success("set-block-status", CONTENT_TEXT.blockPublished));
    expect(await act({ intent: "delete-block", id: row.id })).toEqual(success("delete-block", CONTENT_TEXT.blockDeleted));
    expect(await blockByKey("valid-card-grid")).toBeUndefined();
    expect((await auditOf(row.id)).map((e) => e.action)).toEqual(["cms.block.create", "cms.block.update", "cms.block.unpublish", "cms.block.publish", "cms.block.delete"]);
  });

  it("answers an item that is not there with 404 and the intent's failure text, writing nothing", async () => {
    const before = await state();
    const missing = crypto.randomUUID();
    const page = (await pageByKey("new-page"))!;
    expect(await act({ intent: "set-page-status", id: missing, status: "published" })).toMatchObject({ status: 404, data: { toast: { text: CONTENT_TEXT.statusFailed } } });
    expect(await act({ intent: "delete-block", id: missing })).toMatchObject({ status: 404, data: { toast: { text: CONTENT_TEXT.deleteFailed } } });
    // A page's id is not a block's.
    expect(await act({ intent: "delete-block", id: page.id })).toMatchObject({ status: 404, data: { toast: { text: CONTENT_TEXT.deleteFailed } } });
    expect(await act({ intent: "save-block", id: missing, blockKey: "ghost", blockType: "list", title: "Ghost", content: '{"items":["a"]}' })).toMatchObject({
      status: 404,
      data: { toast: { text: CONTENT_TEXT.saveFailed } },
    });
    expect(await act({ intent: "save-page", id: missing, pageKey: "ghost", title: "Ghost", content: "x", metadata: "" })).toMatchObject({ status: 404 });
    expect(await state()).toBe(before);
  });
});
