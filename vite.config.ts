import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Work the app does in child processes has entries of their own in the server build, so that such a process
 * loads what it needs, not the app: the crawler's page parser (`build/server/crawl-page-parser.js`, the
 * adapters and cheerio; ADR 038, 045) and the proposal PDF renderer (`build/server/proposal-pdf.js`,
 * @react-pdf/renderer and the fonts; ADR 058).
 */
function childProcessEntries(): Plugin {
  return {
    name: "child-process-entries",
    apply: "build",
    buildStart() {
      if (this.environment.config.consumer !== "server") return;
      this.emitFile({ type: "chunk", id: "./app/domain/contracts/crawler/page-parser-worker.server.ts", fileName: "crawl-page-parser.js" });
      this.emitFile({ type: "chunk", id: "./app/domain/proposals/proposal-pdf-worker.server.ts", fileName: "proposal-pdf.js" });
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // Never ship source maps to production (QUALITY S24).
    sourcemap: false,
    assetsInlineLimit: 0,
  },
  environments: {
    // The server bundle's entry is our own Express app (server/app.ts), which imports the React Router
    // build (Vite's environment API: future.v8_viteEnvironmentApi); the browser bundle is left to React Router.
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // lucide-react's package entry imports every icon (~1,700 modules, 2.6 MB of source kept in memory):
      // bundled, the server build holds only the icons the app draws (ADR 058).
      resolve: { noExternal: ["lucide-react"] },
    },
  },
  server: { host: "127.0.0.1" },
  plugins: [tailwindcss(), reactRouter(), childProcessEntries()],
});
