import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routeConfig from "~/routes";
import { MAX_BODY_BYTES, STREAMED_UPLOAD_PATHS, streamedUploadRoute, TOO_LARGE_TEXT } from "../../server/request-body-limit";
import { startApp, type RunningApp } from "../support/app-server";

/**
 * Request bodies are capped before a route reads them (server/request-body-limit.ts, QUALITY S15): the
 * account pages read their whole form into memory and anyone can post to them. The upload routes stream
 * with limits of their own, at their path and at React Router's data form of it (`/admin/media.data`: the
 * Media Library's upload posts there), however the path is written.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP_DIR = path.join(ROOT, "app");

/**
 * The modules that read a request body as a stream with limits of their own: every caller of
 * `readFormWithFiles`, and any other user of busboy (the parser under it).
 */
function streamsBody(file: string, source: string): boolean {
  if (file.endsWith(path.join("storage", "read-form-with-files.server.ts"))) return false;
  return /\breadFormWithFiles\s*\(|\bfrom\s+["']busboy["']|\brequire\(\s*["']busboy["']\s*\)/.test(source);
}

/** The app modules `file` imports at run time (`import type` left out, `?url` assets too). */
function importsOf(file: string, source: string): string[] {
  const out: string[] = [];
  const specifiers = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
  for (const match of source.matchAll(specifiers)) {
    if (match[2]) continue;
    const specifier = match[3] ?? match[4]!;
    if (specifier.includes("?")) continue;
    const base = specifier.startsWith("~/") ? path.join(APP_DIR, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : null;
    if (!base) continue;
    const resolved = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (resolved) out.push(resolved);
  }
  return out;
}

/** Whether the module `file`, or any app module it imports (at any depth), streams a request body. */
function reachesStreamedBody(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  return streamsBody(file, source) || importsOf(file, source).some((imported) => reachesStreamedBody(imported, seen));
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

/** app/routes.ts as React Router's route objects (the id is the module's file). */
function routeTree(entries: readonly RouteConfigEntry[]): RouteNode[] {
  return entries.map((entry) => ({ id: entry.file, path: entry.path, index: entry.index, children: entry.children ? routeTree(entry.children) : undefined }));
}
const ROUTE_TREE = routeTree(routeConfig) as RouteObject[];

/** Every route of app/routes.ts: its full path pattern, its module, whether it is a leaf. */
function flatRoutes(entries: readonly RouteConfigEntry[], parent = ""): Array<{ pattern: string; file: string; leaf: boolean }> {
  return entries.flatMap((entry) => {
    const pattern = (entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent) || "/";
    return [{ pattern, file: entry.file, leaf: !entry.children }, ...(entry.children ? flatRoutes(entry.children, pattern === "/" ? "" : pattern) : [])];
  });
}

/** The modules of the leaf routes (the ones whose action runs) that stream their body. */
const STREAMING_FILES = new Set(flatRoutes(routeConfig).filter((r) => r.leaf && reachesStreamedBody(path.join(APP_DIR, r.file))).map((r) => r.file));

/**
 * The oracle: whether the whole route tree of app/routes.ts sends a POST to `target` to a module that
 * streams its body, with React Router's own normalising (the URL parser, then the data request's
 * suffix as its server runtime strips it, then its matching over every route, ranked).
 */
function routedToStreamingModule(target: string): boolean {
  let pathname = new URL(`http://localhost${target}`).pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.replace(/_\.data$/, "");
  else if (pathname.endsWith(".data")) pathname = pathname.replace(/\.data$/, "");
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  const matches = matchRoutes(ROUTE_TREE, pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  return leaf?.id !== undefined && STREAMING_FILES.has(leaf.id);
}

/** Other spellings of the path `p` that the router takes for it: case, encoded letters, dot segments, backslashes, trailing slashes. */
function pathSpellings(p: string): string[] {
  const upper = p.toUpperCase();
  const forms = [p, p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`), upper, `/x/..${p}`, `/x/%2e%2e${p}`, `/.${p}`, `/x/%2E.${p}`, p.replaceAll("/", "\\"), `/x\\..${p}`];
  if (p !== "/") forms.push(`${p}/`, `${p}//`, `${upper}/`);
  return [...new Set(forms)];
}

/** The spellings of `p` and of its data form (what a hydrated screen's fetcher posts to), with and without a query. */
function spellings(p: string): string[] {
  const data = p === "/" ? ["/_.data", "/x/../_.data", "\\_.data"] : [...pathSpellings(p).map((form) => `${form}.data`), `${p}/_.data`];
  return [...pathSpellings(p), ...data].flatMap((form) => [form, `${form}?index`]);
}

/** Paths that must keep the 2 MiB limit however they resemble an upload route. */
const NOT_UPLOADS = [
  "/admin/media/library",
  "/admin/media/library.data",
  "/admin/mediax",
  "/admin/mediax.data",
  "/admin/media.DATA",
  "/admin%2Fmedia",
  "/admin%2Fmedia.data",
  "//admin/media",
  "//admin/media.data",
  "/admin/media.data.data",
  "/admin/media/x/..%2F..%2Fusers",
  "/admin/users",
  "/admin/users.data",
  "/auth",
  "/auth.data",
  "/_root.data/x",
  // React Router 7's data form of `/`; React Router 8 answers it 404 (its form is `/_.data`).
  "/_root.data",
  "/team",
  "/team.data",
  "/inspection-request/x",
  // The portal: only the request page streams ("Add files"); its list, its files and thumbnails do not.
  "/portal",
  "/portal.data",
  "/portal/requests",
  "/portal/requests.data",
  "/portal/requests/x1/files/x2",
  "/portal/requests/x1/files/x2.data",
  "/portal/requests/x1/files/x2/thumbnail",
  "/portal/requests/x1/x2",
  "http://localhost/admin/media",
  "*",
  "",
];

describe("request body limit", () => {
  test("every route whose module streams its body (at any import depth) is an upload route, and nothing else", () => {
    expect(new Set(flatRoutes(routeConfig).filter((r) => STREAMING_FILES.has(r.file)).map((r) => r.pattern))).toEqual(STREAMED_UPLOAD_PATHS);
    // The derivation finds the three kinds that exist (the inspection form, the portal's "Add files", the media library).
    expect(STREAMED_UPLOAD_PATHS).toContain("/admin/media");
    expect(STREAMED_UPLOAD_PATHS).toContain("/inspection-request");
    expect(STREAMED_UPLOAD_PATHS).toContain("/portal/requests/:id");
  });

  test("an upload route is recognised at its path and its data form, however written; nothing else is", () => {
    for (const uploadPath of STREAMED_UPLOAD_PATHS) {
      for (const form of spellings(uploadPath)) {
        expect(routedToStreamingModule(form), `the router sends ${form} to an upload route`).toBe(true);
        expect(streamedUploadRoute(form), form).toBe(uploadPath);
      }
    }
    for (const target of NOT_UPLOADS) {
      if (target.startsWith("/")) expect(routedToStreamingModule(target), `the router does not send ${target} to an upload route`).toBe(false);
      expect(streamedUploadRoute(target), target).toBeNull();
    }
  });

  test("every route of app/routes.ts, written each way, is exempt exactly when the router sends it to an upload route", () => {
    // Parameters and splats filled in with a value.
    const paths = flatRoutes(routeConfig).map((r) => r.pattern.replace(/:[^/?]+\??/g, "x1").replace(/\*$/, "anything"));
    for (const p of new Set(paths)) {
      for (const form of spellings(p)) {
        expect(streamedUploadRoute(form) !== null, form).toBe(routedToStreamingModule(form));
      }
    }
  });

  describe("over HTTP", () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp({ env: { LOG_LEVEL: "error" } });
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
    }, 60_000);

    /** Posts `bytes` bytes of a form, with its length or (chunked) without, as a same-origin browser would. */
    function post(pathname: string, bytes: number, { chunked = false, type = "application/x-www-form-urlencoded" } = {}) {
      return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = { origin: app.url, "content-type": type };
        if (!chunked) headers["content-length"] = String(bytes);
        const request = http.request(`${app.url}${pathname}`, { method: "POST", headers }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }));
        });
        request.on("error", reject);
        const chunk = Buffer.alloc(64 * 1024, "a");
        let left = bytes;
        const write = () => {
          while (left > 0) {
            const part = chunk.subarray(0, Math.min(chunk.length, left));
            left -= part.length;
            if (!request.write(part)) return void request.once("drain", write);
          }
          request.end();
        };
        write();
      });
    }

    test("a sign-in post over the limit is refused with 413 before it is read; the server carries on", async () => {
      const refused = await post("/auth", MAX_BODY_BYTES + 1);
      expect(refused.status).toBe(413);
      expect(refused.body).toBe(TOO_LARGE_TEXT);
      const api = await post("/api/auth/sign-in/email", 8 * 1024 * 1024, { type: "application/json" });
      expect(api.status).toBe(413);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    });

    test("a body sent in chunks without a length is cut off at the limit", async () => {
      // Cutting the body off ends the read, and with it the connection: the sender sees a refusal or a reset.
      const outcome = await post("/auth/forgot-password", MAX_BODY_BYTES * 4, { chunked: true }).then(
        (answer) => `status ${answer.status >= 400 ? "refused" : answer.status}`,
        (error: NodeJS.ErrnoException) => `error ${error.code === "ECONNRESET" || error.code === "EPIPE" ? "reset" : error.code}`,
      );
      expect(["status refused", "error reset"]).toContain(outcome);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    });

    test("a form under the limit reaches its page", async () => {
      const small = await post("/auth/forgot-password", 100);
      expect(small.status).not.toBe(413);
    });

    test("the inspection endpoint keeps its own limits and its own answer", async () => {
      const upload = await post("/inspection-request", MAX_BODY_BYTES + 1, { type: "multipart/form-data; boundary=x" });
      expect(upload.body).not.toBe(TOO_LARGE_TEXT);
      expect(upload.type).toMatch(/json/);
      // Written as the router still matches it.
      expect((await post("/Inspection-Request/", MAX_BODY_BYTES + 1, { type: "multipart/form-data; boundary=x" })).body).not.toBe(TOO_LARGE_TEXT);
    });

    test("a multipart post to an upload route's data form keeps the route's own limits, as its path does", async () => {
      // The Media Library's upload posts to /admin/media.data (a phone photo is 3-8 MB): it was answered
      // by this limit, and the screen turned into the error page.
      // The portal's "Add files" (issue 22) posts a phone's photos to the request page, or its data form.
      const portalRequest = "/portal/requests/3f2a6d4e-8b1c-4c2d-9e0f-1a2b3c4d5e6f";
      for (const target of [
        "/admin/media.data",
        "/admin/media",
        "/Admin/Media/.data",
        "/x/../admin/media.data",
        "/_.data?index",
        "/about.data",
        "/contact.data",
        "/inspection-request.data",
        portalRequest,
        `${portalRequest}.data`,
        `${portalRequest.toUpperCase()}/.data`,
      ]) {
        const upload = await post(target, MAX_BODY_BYTES + 1, { type: "multipart/form-data; boundary=x" });
        expect(upload.body, target).not.toBe(TOO_LARGE_TEXT);
        expect(upload.status, target).not.toBe(413);
      }
    });

    test("the limit still applies to what is not a multipart post to an upload route", async () => {
      // The media library's other forms (Edit, Delete) are small: they keep the limit at their data form.
      for (const [target, type] of [
        ["/admin/media.data", "application/x-www-form-urlencoded"],
        ["/admin/media", "application/json"],
        ["/admin/media/library.data", "multipart/form-data; boundary=x"],
        ["/portal/requests/3f2a6d4e-8b1c-4c2d-9e0f-1a2b3c4d5e6f.data", "application/x-www-form-urlencoded"],
        ["/portal/requests/3f2a6d4e-8b1c-4c2d-9e0f-1a2b3c4d5e6f/files/3f2a6d4e-8b1c-4c2d-9e0f-1a2b3c4d5e6f.data", "multipart/form-data; boundary=x"],
        ["/portal.data", "multipart/form-data; boundary=x"],
        ["/admin/users.data", "multipart/form-data; boundary=x"],
        ["/admin%2Fmedia.data", "multipart/form-data; boundary=x"],
        ["/admin/media.DATA", "multipart/form-data; boundary=x"],
      ] as const) {
        const refused = await post(target, MAX_BODY_BYTES + 1, { type });
        expect(refused.status, target).toBe(413);
        expect(refused.body, target).toBe(TOO_LARGE_TEXT);
      }
    });

    test("a missing hashed asset is a 404, not a server error", async () => {
      const response = await fetch(`${app.url}/assets/no-such-file-abc123.js`);
      expect(response.status).toBe(404);
    });
  });
});
