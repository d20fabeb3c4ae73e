import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "~/lib/content-security-policy";

/**
 * Security headers for every response (QUALITY S18, S19, ADR 030).
 *
 * The Content-Security-Policy's script-src allows only our own files, plus,
 * on pages that hydrate, the inline scripts carrying this response's nonce.
 * The server's page renderer (app/entry.server.tsx) sets the policy of each
 * page: a page that does not hydrate has no inline script, so its policy has
 * no nonce and its HTML is the same bytes for every visitor (the page cache
 * and a CDN can keep it). Any other response gets the nonce policy, set when
 * its headers are written unless the renderer set one.
 */
export function securityHeaders({ production, dev }: { production: boolean; dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Made only when a response needs it (a page served from the page cache does not).
    let nonce: string | undefined;
    const cspNonce = () => (nonce ??= crypto.randomBytes(16).toString("base64"));
    res.locals.cspNonce = cspNonce;
    res.locals.cspDev = dev;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!this.hasHeader("content-security-policy")) this.setHeader("Content-Security-Policy", contentSecurityPolicy(cspNonce(), dev));
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
