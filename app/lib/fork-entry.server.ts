import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Starts a module of the app as a child process of its own (the crawl's page parser, ADR 045; the proposal
 * PDF renderer, ADR 058): the built entry in production (`build/server/<name>.js`, vite.config.ts); in
 * development and tests the TypeScript source through tsx's loader (which Vite brings; development only).
 * The child gets a heap limit, no inherited Node options and none of the app's environment (no database
 * URL, no secrets): it only works on what it is sent, over the IPC channel (advanced serialization).
 */
export function forkEntry(entryUrl: string, mark: string, { maxHeapMb }: { maxHeapMb: number }): ChildProcess {
  const entry = fileURLToPath(entryUrl);
  const execArgv = [`--max-old-space-size=${maxHeapMb}`];
  if (/\.tsx?$/.test(entry)) execArgv.push("--import", tsxLoaderUrl(entryUrl));
  const env: NodeJS.ProcessEnv = { NODE_ENV: process.env.NODE_ENV ?? "production" };
  if (process.env.PATH) env.PATH = process.env.PATH;
  return fork(entry, [mark], {
    execArgv,
    env,
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/** The file URL of tsx's loader (what `node --import tsx` loads), as its package's exports map names it. */
function tsxLoaderUrl(from: string): string {
  const manifest = createRequire(from).resolve("tsx/package.json");
  const entry = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports: Record<string, string | { import: string }> }).exports["."]!;
  return pathToFileURL(path.join(path.dirname(manifest), typeof entry === "string" ? entry : entry.import)).href;
}
