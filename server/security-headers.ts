import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { RequestTokens } from "./page-cache";

/**
 * Security headers for every response (QUALITY S18, S19). HTML pages get a
 * Content-Security-Policy whose script-src allows only our own files and
 * inline scripts carrying this request's nonce.
 */
export function securityHeaders({ production, dev }: { production: boolean; dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    // Values that must be new in every response; the page cache swaps them on each hit.
    res.locals.requestTokens = {
      cspNonce: nonce,
      formKey: crypto.randomBytes(18).toString("base64url"),
    } satisfies RequestTokens;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
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

export function contentSecurityPolicy(nonce: string, dev = false): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Vite's dev server injects inline scripts without a nonce and uses eval for HMR.
    "script-src": dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", `'nonce-${nonce}'`],
    // Radix primitives position popovers with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
