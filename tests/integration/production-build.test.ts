import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { installStagedBuild as install, KEEP_BUILDS } from "../../scripts/build.js";

/**
 * scripts/build.js after React Router has built into build/.staging (ADR 055): the files move into build/,
 * the files of the last KEEP_BUILDS builds stay, older ones go. The real build beside a running server is
 * tests/e2e/upgrade-build.test.ts.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function buildDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-history-"));
  dirs.push(dir);
  return path.join(dir, "build");
}

function write(root: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
}

function stage(build: string, release: number): void {
  write(path.join(build, ".staging"), {
    "client/favicon.svg": `<svg>${release}</svg>`,
    [`client/assets/root-${release}.css`]: `/* ${release} */`,
    [`client/assets/entry-${release}.js`]: `// ${release}`,
    "client/assets/shared.js": "// the same in every release",
    [`server/assets/server-build-${release}.js`]: `// ${release}`,
    "server/index.js": `// release ${release}`,
  });
}

const read = (build: string, file: string) => fs.readFileSync(path.join(build, file), "utf8");
const exists = (build: string, file: string) => fs.existsSync(path.join(build, file));

describe("installing a staged build (ADR 055)", () => {
  test("moves the new files in, keeps the last builds' files, removes older ones and the staging directory", () => {
    expect(KEEP_BUILDS).toBe(5);
    const build = buildDir();
    // A build/ from before the history: kept as the build a running server may use.
    write(build, { "client/assets/legacy-0.js": "// legacy", "server/index.js": "// release 0", "server/assets/old/only.js": "//" });
    stage(build, 1);
    const first = install(build);
    expect(first.moved).toBe(6);
    expect(exists(build, ".staging")).toBe(false);
    expect(read(build, "server/index.js")).toBe("// release 1");
    expect(exists(build, "client/assets/legacy-0.js")).toBe(true);
    expect(exists(build, "server/assets/old/only.js")).toBe(true);

    for (let release = 2; release <= KEEP_BUILDS; release += 1) {
      stage(build, release);
      install(build);
    }
    // Five builds recorded: the legacy one has just dropped out.
    expect(exists(build, "client/assets/legacy-0.js")).toBe(false);
    expect(exists(build, "server/assets/old")).toBe(false);
    for (let release = 1; release <= KEEP_BUILDS; release += 1) expect(exists(build, `client/assets/entry-${release}.js`), `release ${release}`).toBe(true);

    stage(build, 6);
    const sixth = install(build);
    expect(sixth.removed.sort()).toEqual(["client/assets/entry-1.js", "client/assets/root-1.css", "server/assets/server-build-1.js"]);
    expect(exists(build, "client/assets/shared.js")).toBe(true);
    expect(read(build, "client/favicon.svg")).toBe("<svg>6</svg>");
    const history = JSON.parse(read(build, ".builds.json")) as { builds: Array<{ builtAt: string; files: string[] }> };
    expect(history.builds).toHaveLength(KEEP_BUILDS);
    expect(history.builds[0]!.files).toContain("client/assets/entry-6.js");
  });

  test("a staged build without the server's entry (a build that did not finish) changes nothing", () => {
    const build = buildDir();
    write(build, { "server/index.js": "// release 0" });
    write(path.join(build, ".staging"), { "client/assets/entry-1.js": "// 1" });
    expect(() => install(build)).toThrow(/no server\/index\.js/);
    expect(read(build, "server/index.js")).toBe("// release 0");
    expect(exists(build, "client/assets/entry-1.js")).toBe(false);
  });
});
