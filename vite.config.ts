import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // The server bundle's entry is our own Express app (server/app.ts), which
    // imports the React Router build; the browser bundle is left to React Router.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // Never ship source maps to production (QUALITY S24).
    sourcemap: false,
    assetsInlineLimit: 0,
  },
  server: { host: "127.0.0.1" },
  plugins: [tailwindcss(), reactRouter()],
}));
