import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER } from "~/domain/accounts/client-ip.server";
import { logger } from "~/lib/logger.server";

export function clientAddress() {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = normaliseIp(req.ip ?? req.socket.remoteAddress ?? "unknown");
    next();
  };
}

function normaliseIp(ip: string): string {
  // IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d.
  return ip.startsWith("::ffff:") ? ip.slice(7) : ip;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that come from another site (QUALITY S13):
 * `Sec-Fetch-Site: cross-site`, or an `Origin` that is not this site. Requests
 * without either header (curl, server-to-server) are let through: browsers
 * always send at least one of them on a cross-site form post or fetch.
 */
export function sameOriginWrites({ allowedOrigins }: { allowedOrigins: string[] }) {
  const allowed = new Set(allowedOrigins.map((o) => o.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`.toLowerCase();
    const crossSite = fetchSite === "cross-site";
    const foreignOrigin =
      origin !== undefined && origin !== "null" && origin.toLowerCase() !== ownOrigin && !allowed.has(origin.toLowerCase());
    if (crossSite || foreignOrigin || origin === "null") {
      logger.warn({ method: req.method, path: req.path, origin, fetchSite }, "cross-site write refused");
      res.status(403).type("text/plain").send("Cross-site requests are not allowed.");
      return;
    }
    next();
  };
}
