import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicFiles } from "./public-files";

/** The build's public files (favicon, images) are served; every other path goes on to the app untouched. */
let baseUrl = "";
let server: http.Server;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-files-"));

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, "images/og"), { recursive: true });
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "images/og/default image.png"), "png");
  fs.writeFileSync(path.join(dir, "assets/app-abc.js"), "js");
  fs.writeFileSync(path.join(os.tmpdir(), "public-files-secret.txt"), "secret");
  const app = express();
  app.use(publicFiles(dir));
  app.use((req, res) => {
    res.status(299).type("text/plain").send(`app: ${req.method} ${req.path}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(path.join(os.tmpdir(), "public-files-secret.txt"), { force: true });
});

describe("publicFiles", () => {
  it("serves the files it listed at start, with an hour's cache", async () => {
    const favicon = await fetch(`${baseUrl}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(await favicon.text()).toBe("<svg/>");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const spaced = await fetch(`${baseUrl}/images/og/default%20image.png`);
    expect(spaced.status).toBe(200);
    expect((await fetch(`${baseUrl}/favicon.svg`, { method: "HEAD" })).status).toBe(200);
  });

  it("hands everything else to the app: pages, the root, directories, assets/ (served elsewhere), other methods, ways out", async () => {
    for (const [method, pathname] of [
      ["GET", "/"],
      ["GET", "/about"],
      ["GET", "/images"],
      ["GET", "/images/"],
      ["GET", "/assets/app-abc.js"],
      ["GET", "/favicon.svg.bak"],
      ["POST", "/favicon.svg"],
      ["GET", "/images/..%2F..%2Fpublic-files-secret.txt"],
      ["GET", "/%E0%A4%A"],
    ] as const) {
      const response = await fetch(`${baseUrl}${pathname}`, { method });
      expect(response.status, `${method} ${pathname}`).toBe(299);
      expect(await response.text()).toMatch(/^app: /);
    }
  });

  it("a file added after start is not served (the build does not change under a running server)", async () => {
    fs.writeFileSync(path.join(dir, "late.txt"), "late");
    expect((await fetch(`${baseUrl}/late.txt`)).status).toBe(299);
  });
});
