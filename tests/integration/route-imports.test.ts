import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * A request walks one way: route module -> domain use case -> database
 * (README "Architecture map"). Route modules (app/routes/**, tests excepted)
 * import nothing from app/db: not the client, not a table, not a type. What
 * they need comes from a domain module (a use case, or a type it re-exports).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROUTES = path.join(ROOT, "app/routes");
const DB = path.join(ROOT, "app/db");

/** Every module specifier of `source`: static imports and re-exports (type-only too), dynamic import(), require(). */
function moduleSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

/** Whether `specifier`, imported by the file `from`, points into app/db. */
function reachesDatabase(specifier: string, from: string): boolean {
  if (specifier === "~/db" || specifier.startsWith("~/db/")) return true;
  if (!specifier.startsWith(".")) return false;
  const target = path.resolve(path.dirname(from), specifier);
  return target === DB || target.startsWith(`${DB}${path.sep}`);
}

function routeFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("route modules reach the database only through domain use cases", () => {
  test("the scanner sees every way of importing app/db", () => {
    const from = path.join(ROUTES, "admin/example.tsx");
    const source = [
      'import { db } from "~/db/client.server";',
      'import type { UserStatus } from "~/db/schema/accounts";',
      'export { leads } from "../../db/schema";',
      'import {\n  users,\n  type Role,\n} from "~/db/schema";',
      'const m = await import("~/db/availability.server");',
      'import "../../db/client.server";',
      'import { listLeads } from "~/domain/leads/list-leads.server";',
      'import { x } from "./db/local";',
      '// import { old } from "~/db/schema";',
    ].join("\n");
    const found = moduleSpecifiers(source).filter((s) => reachesDatabase(s, from));
    expect(found).toEqual(["~/db/client.server", "~/db/schema/accounts", "../../db/schema", "~/db/schema", "../../db/client.server", "~/db/availability.server"]);
  });

  test("no file under app/routes imports from ~/db/ or a relative path into app/db", () => {
    const files = routeFiles(ROUTES);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      moduleSpecifiers(fs.readFileSync(file, "utf8"))
        .filter((specifier) => reachesDatabase(specifier, file))
        .map((specifier) => `${path.relative(ROOT, file)} imports "${specifier}"`),
    );
    expect(offenders, "use (or add) a domain use case in app/domain/ instead").toEqual([]);
  });
});

describe("admin actions are written with the kit", () => {
  test("every route with an adminAction also has the kit's clientAction (the toast of each answer)", () => {
    const withAction = routeFiles(ROUTES).filter((file) => /export const action = adminAction\(/.test(fs.readFileSync(file, "utf8")));
    expect(withAction.length).toBeGreaterThanOrEqual(8);
    const missing = withAction.filter((file) => !/export const clientAction = adminClientAction;/.test(fs.readFileSync(file, "utf8")));
    expect(missing.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
