import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, db } from "~/db/client.server";
import { cmsGalleryProjects, cmsServices, cmsSiteSettings, googleReviews } from "~/db/schema";
import {
  CONTENT_CHANGES_APPLICATION_NAME,
  contentChangesHeard,
  onContentChange,
  startContentChangeListener,
  stopContentChangeListener,
} from "~/lib/content-changes.server";

/** The migration's triggers + the listener: a committed content write reaches every instance. */
describe("content change notifications", () => {
  const seen: string[] = [];
  let unsubscribe: () => void;

  beforeAll(async () => {
    unsubscribe = onContentChange((table) => seen.push(table));
    await startContentChangeListener(databaseUrl());
  });

  afterAll(async () => {
    unsubscribe();
    await stopContentChangeListener();
  });

  async function waitFor(table: string) {
    const deadline = Date.now() + 5_000;
    while (!seen.includes(table)) {
      if (Date.now() > deadline) throw new Error(`no notification for ${table}; saw ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("reports inserts, updates and deletes on content tables after commit", async () => {
    await db().update(cmsServices).set({ title: "Roof Repairs (updated)" }).where(eq(cmsServices.slug, "roof-repair"));
    await waitFor("cms_services");
    await db().update(cmsSiteSettings).set({ settingValue: "(614) 555-0199" }).where(eq(cmsSiteSettings.settingKey, "phone"));
    await waitFor("cms_site_settings");
    await db().delete(googleReviews).where(eq(googleReviews.googleReviewId, "demo_1"));
    await waitFor("google_reviews");
    // The gallery's projects (the Gallery manager, ADR 025): the public /gallery is cleared on every instance.
    await db().update(cmsGalleryProjects).set({ status: "draft" }).where(eq(cmsGalleryProjects.slug, "grove-city-retail-plaza"));
    await waitFor("cms_gallery_projects");
  });

  it("says nothing about a transaction that rolled back", async () => {
    seen.length = 0;
    await db()
      .transaction(async (tx) => {
        await tx.update(cmsServices).set({ title: "never" }).where(eq(cmsServices.slug, "roof-repair"));
        tx.rollback();
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
  });
});

/**
 * A TCP proxy between the listener and this test's PostgreSQL, to make the real server fail the way
 * production can: `refuseListen` turns the listener's LISTEN into a statement PostgreSQL answers with an
 * error (the connection itself stays open, as after a refused LISTEN); `hold` keeps new connections
 * waiting (a reconnect in progress) and `holdListen` keeps the LISTEN from reaching PostgreSQL, both
 * until `release()`.
 */
async function startPostgresProxy(target: URL) {
  const LISTEN = Buffer.from("LISTEN content_changed");
  const REFUSED = Buffer.from("SELECT 1/0".padEnd(LISTEN.length, " "));
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];
  const proxy = { refuseListen: false, hold: false, holdListen: false, held: () => held.length, release, url: "", close };
  const server = net.createServer((downstream) => {
    sockets.add(downstream);
    downstream.on("close", () => sockets.delete(downstream));
    downstream.pause();
    const pipe = () => {
      if (downstream.destroyed) return;
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      upstream.on("close", () => {
        sockets.delete(upstream);
        downstream.destroy();
      });
      downstream.on("close", () => upstream.destroy());
      upstream.on("error", () => downstream.destroy());
      downstream.on("error", () => upstream.destroy());
      upstream.pipe(downstream);
      let waiting: Buffer[] | null = null;
      downstream.on("data", (chunk: Buffer) => {
        const at = chunk.indexOf(LISTEN);
        if (at >= 0 && proxy.refuseListen) chunk = Buffer.concat([chunk.subarray(0, at), REFUSED, chunk.subarray(at + LISTEN.length)]);
        if (at >= 0 && proxy.holdListen && !waiting) {
          waiting = [];
          held.push(() => {
            for (const part of waiting ?? []) upstream.write(part);
            waiting = null;
          });
        }
        if (waiting) waiting.push(chunk);
        else upstream.write(chunk);
      });
      downstream.resume();
    };
    if (proxy.hold) held.push(pipe);
    else pipe();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  proxy.url = url.toString();
  function release() {
    proxy.hold = false;
    proxy.holdListen = false;
    for (const pipe of held.splice(0)) pipe();
  }
  async function close() {
    release();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return proxy;
}

/** The listener's connections to this test's database, as PostgreSQL sees them. */
async function listenerConnections(): Promise<number> {
  const result = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${CONTENT_CHANGES_APPLICATION_NAME}`,
  );
  return result.rows[0]!.n;
}

/** Ends the listener's server process (as an administrator, a failover or a network cut would). */
async function terminateListenerBackend(): Promise<void> {
  await db().execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${CONTENT_CHANGES_APPLICATION_NAME}`,
  );
}

describe("the listener's connection is closed on every path", () => {
  let proxy: Awaited<ReturnType<typeof startPostgresProxy>>;

  beforeAll(async () => {
    proxy = await startPostgresProxy(new URL(databaseUrl()));
  });

  afterEach(async () => {
    proxy.refuseListen = false;
    proxy.release();
    await stopContentChangeListener();
    await terminateListenerBackend();
  });

  afterAll(async () => {
    await proxy.close();
  });

  it("a refused LISTEN at start: the start fails and leaves no connection", async () => {
    proxy.refuseListen = true;
    await expect(startContentChangeListener(proxy.url)).rejects.toThrow(/division by zero/);
    await expect.poll(listenerConnections, { timeout: 3_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listenerConnections()).toBe(0);
  });

  it("a refused LISTEN on reconnects: each attempt's connection is closed, and it listens again once LISTEN works", async () => {
    await startContentChangeListener(proxy.url);
    expect(await listenerConnections()).toBe(1);
    proxy.refuseListen = true;
    await terminateListenerBackend();
    await expect.poll(() => contentChangesHeard(), { timeout: 3_000 }).toBe(false);
    // Reconnects after 0.5 s and 1 s (then 2 s): two refused LISTENs, whose connections are gone.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await expect.poll(listenerConnections, { timeout: 1_000 }).toBe(0);
    expect(contentChangesHeard()).toBe(false);

    proxy.refuseListen = false;
    await expect.poll(() => contentChangesHeard(), { timeout: 10_000 }).toBe(true);
    expect(await listenerConnections()).toBe(1);
    const seen: string[] = [];
    const unsubscribe = onContentChange((table) => seen.push(table));
    try {
      await db().update(cmsServices).set({ title: "Roof Repairs (again)" }).where(eq(cmsServices.slug, "roof-repair"));
      await expect.poll(() => seen.includes("cms_services"), { timeout: 3_000 }).toBe(true);
    } finally {
      unsubscribe();
    }
  }, 30_000);

  it("stop() during a reconnect closes the connection being opened", async () => {
    await startContentChangeListener(proxy.url);
    proxy.hold = true;
    await terminateListenerBackend();
    // The reconnect (after 0.5 s) reaches the proxy and waits there.
    await expect.poll(() => proxy.held(), { timeout: 3_000 }).toBe(1);
    await stopContentChangeListener();
    proxy.release();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await listenerConnections()).toBe(0);
  }, 15_000);

  it("stop() while a reconnect's LISTEN is on its way closes that connection", async () => {
    await startContentChangeListener(proxy.url);
    proxy.holdListen = true;
    await terminateListenerBackend();
    // The reconnect (after 0.5 s) connects, and its LISTEN waits in the proxy.
    await expect.poll(() => proxy.held(), { timeout: 3_000 }).toBe(1);
    expect(await listenerConnections()).toBe(1);
    await stopContentChangeListener();
    proxy.release();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await listenerConnections()).toBe(0);
  }, 15_000);
});
