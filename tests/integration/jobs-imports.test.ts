import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The job system's import arrangement (ADR 021): domains send jobs through
 * app/jobs/queue.server.ts only; app/jobs/worker.server.ts (start/stop, the
 * only module that runs handlers) imports the registry, the registry imports
 * the domains' job modules. So no module of app/domain reaches the worker or
 * the registry, and the graph of app/ has no import circle through app/jobs.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");

function moduleSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

/** Whether a specifier is type-only (erased at run time) — such imports cannot form a run-time circle. */
function runtimeSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const typeOnly = new Set([...code.matchAll(/\bimport\s+type\s+[^'";]*?\bfrom\s*["']([^"']+)["']/g)].map((m) => m[1]!));
  return moduleSpecifiers(source).filter((s) => !typeOnly.has(s));
}

function resolveModule(specifier: string, from: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const files = sourceFiles(APP);
const graph = new Map<string, string[]>(
  files.map((file) => [
    file,
    runtimeSpecifiers(fs.readFileSync(file, "utf8"))
      .map((s) => resolveModule(s, file))
      .filter((t): t is string => t !== undefined),
  ]),
);

const WORKER = path.join(APP, "jobs/worker.server.ts");
const REGISTRY = path.join(APP, "jobs/registry.server.ts");
const QUEUE = path.join(APP, "jobs/queue.server.ts");
const rel = (f: string) => path.relative(ROOT, f);

describe("app/jobs import arrangement", () => {
  test("no domain module imports the worker or the registry", () => {
    const offenders = files
      .filter((f) => f.startsWith(path.join(APP, "domain")))
      .filter((f) => (graph.get(f) ?? []).some((t) => t === WORKER || t === REGISTRY))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  test("queue.server.ts imports nothing of the app", () => {
    expect((graph.get(QUEUE) ?? []).map(rel)).toEqual([]);
  });

  test("the worker imports the registry", () => {
    expect(graph.get(WORKER)).toContain(REGISTRY);
  });

  test("no run-time import circle passes through app/jobs", () => {
    const circles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, "visiting");
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        const s = state.get(next);
        if (s === "visiting") {
          const cycle = stack.slice(stack.indexOf(next)).concat(next);
          if (cycle.some((f) => f.startsWith(path.join(APP, "jobs")))) circles.push(cycle.map(rel).join(" -> "));
        } else if (s === undefined) visit(next);
      }
      stack.pop();
      state.set(file, "done");
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
