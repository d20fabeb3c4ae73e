import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";

/**
 * The build's public files outside `assets/` (the favicon, images), served from disk for an hour.
 *
 * Only requests for one of those files reach the file server: the set is listed once at start (the
 * build does not change under a running server). Otherwise every page request would first ask the disk
 * about its path and build an HTTP error for the miss (a stat and a stack trace per request, issue 13).
 */
export function publicFiles(clientDir: string) {
  const files = new Set<string>();
  if (fs.existsSync(clientDir)) {
    for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
      const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep);
      if (entry.isFile() && relative[0] !== "assets") files.add(`/${relative.join("/")}`);
    }
  }
  const serve = express.static(clientDir, { maxAge: "1h", index: false });
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method === "GET" || req.method === "HEAD") && files.has(decodedPath(req.path))) return serve(req, res, next);
    next();
  };
}

function decodedPath(pathname: string): string {
  if (!pathname.includes("%")) return pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
