import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The crawler parses pages in a child process (ADR 038, 045). Its entry is a file of its own in the server
 * build, `build/server/crawl-page-parser.js`, so that process loads the adapters and cheerio, not the app.
 */
function crawlPageParserWorker(): Plugin {
  return {
    name: "crawl-page-parser-worker",
    apply: "build",
    buildStart() {
      if (this.environment.config.consumer !== "server") return;
      this.emitFile({ type: "chunk", id: "./app/domain/contracts/crawler/page-parser-worker.server.ts", fileName: "crawl-page-parser.js" });
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
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { host: "127.0.0.1" },
  plugins: [tailwindcss(), reactRouter(), crawlPageParserWorker()],
});
