// @ts-check
// Refuses to run on a Node.js older than the floor in package.json's `engines`.
// The project brings its own runtime: the `node` package in its dependencies puts
// Node 24 in node_modules/.bin, which every npm script finds first on PATH
// (ADR 040). Running `node server.js` with an older system Node would otherwise
// fail later with an error that does not say why.
import fs from "node:fs";

const { engines } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const floor = /(\d+)\.(\d+)\.(\d+)/.exec(engines?.node ?? "");
if (floor) {
  const want = floor.slice(1).map(Number);
  const have = process.versions.node.split(".").map(Number);
  const older = want.findIndex((n, i) => have[i] !== n);
  if (older !== -1 && (have[older] ?? 0) < (want[older] ?? 0)) {
    process.stderr.write(
      `This app needs Node.js ${want.join(".")} or newer; this is ${process.versions.node}.\n` +
        "Run it through npm (npm start, npm run serve, npm test...): npm puts the Node.js that the project installs\n" +
        "(node_modules/.bin/node) first. Or run it with node_modules/.bin/node, or install Node.js 24.\n",
    );
    process.exit(1);
  }
}
