import path from "node:path";
import { createServer } from "vite";
import { ROOT } from "./server.js";

/**
 * A Vite server in middleware mode that loads the app's TypeScript modules in this process
 * (`vite.ssrLoadModule("~/...")`), for benchmarks that call the app's code directly. Close it when done.
 */
export function appModuleLoader() {
  return createServer({
    root: ROOT,
    configFile: false,
    logLevel: "error",
    resolve: { alias: { "~": path.join(ROOT, "app") } },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}
