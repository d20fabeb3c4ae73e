#!/usr/bin/env node
// The ceiling for one Node process serving stored bytes: a bare `http` server that answers each path
// with the exact status line headers and body the app sent for it (issue 13: the page cache is measured
// against this). Usage: node bare-server.js <manifest.json>; prints "listening <port>" when ready.
//
// manifest: [{ path, encoding: "br" | "gzip" | null, headers: { name: value }, body: base64 }]
// A request gets the entry of its path whose encoding its Accept-Encoding names first (br, then gzip),
// else the identity one; anything else is a 404.
import fs from "node:fs";
import http from "node:http";

const manifest = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const byPath = new Map();
for (const entry of manifest) {
  const forms = byPath.get(entry.path) ?? {};
  forms[entry.encoding ?? "identity"] = { headers: entry.headers, body: Buffer.from(entry.body, "base64") };
  byPath.set(entry.path, forms);
}

const server = http.createServer((req, res) => {
  const forms = byPath.get(req.url);
  if (!forms) {
    res.writeHead(404).end();
    return;
  }
  const accept = req.headers["accept-encoding"] ?? "";
  const form = (accept.includes("br") && forms.br) || (accept.includes("gzip") && forms.gzip) || forms.identity;
  res.writeHead(200, form.headers);
  res.end(form.body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
