import type { Config } from "@react-router/dev/config";

// React Router 8 (ADR 040): middleware, split route modules, Vite's environment API, pass-through requests
// and trailing-slash-aware data requests are its behaviour, adopted through v7's future flags first.
export default {
  ssr: true,
  // `npm run build` (scripts/build.js) builds into build/.staging, then moves the files into build/ and keeps
  // the previous builds' files for the servers still running them (ADR 055).
  buildDirectory: process.env.REACT_ROUTER_BUILD_DIRECTORY || "build",
} satisfies Config;
