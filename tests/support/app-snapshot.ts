import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "./temp-dirs";

/**
 * A private copy of the production build for the e2e servers of one run.
 *
 * The working tree is shared: someone running `npm run build` while the e2e
 * tests run empties build/ under a live server (the server-build chunk and
 * the hashed client assets are loaded lazily), which fails tests at random.
 * So global-setup.ts copies what `node server.js` reads from its directory
 * and the working directory — server.js, scripts/check-node.js, package.json (ESM), build/ and the
 * migrations — into a temp dir once, links node_modules, and every e2e server
 * runs from there with it as its working directory.
 */

export interface AppSnapshot {
  dir: string;
  /** Set when there is no usable build to copy (the harness reports it when a test needs a server). */
  problem: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Directory to run `node server.js` in, or why there is none. */
    appSnapshot: AppSnapshot;
  }
}

export function snapshotApp(repoRoot: string): AppSnapshot {
  const entry = path.join(repoRoot, "build/server/index.js");
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(repoRoot, "build/client"))) {
    return {
      dir: repoRoot,
      problem: `No production build in ${path.join(repoRoot, "build")}. Run \`npm run build\` first (\`npm test\` and \`npm run test:e2e\` build before testing).`,
    };
  }
  const dir = makeTempDir("app");
  // Not a build in progress (scripts/build.js stages it in build/.staging, ADR 055).
  const staging = path.join(repoRoot, "build/.staging");
  fs.cpSync(path.join(repoRoot, "build"), path.join(dir, "build"), { recursive: true, filter: (source) => source !== staging });
  fs.cpSync(path.join(repoRoot, "app/db/migrations"), path.join(dir, "app/db/migrations"), { recursive: true });
  // server.js imports scripts/check-node.js (the Node.js version check), which reads package.json.
  fs.mkdirSync(path.join(dir, "scripts"));
  for (const file of ["server.js", "package.json", "scripts/check-node.js"]) fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    return { dir, problem: `The build changed while it was being copied (a concurrent \`npm run build\`?). Run the tests again.` };
  }
  return { dir, problem: null };
}
