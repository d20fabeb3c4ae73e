import { createContext } from "react-router";

/**
 * What the server (server/app.ts) tells the page renderer (app/entry.server.tsx) about this response's
 * Content-Security-Policy (ADR 030), through React Router's context: the nonce a hydrating page's
 * inline scripts carry (made on first read), and whether the development server's looser policy applies.
 */
export interface CspRenderContext {
  nonce: () => string;
  dev: boolean;
}

export const cspRenderContext = createContext<CspRenderContext>({ nonce: () => "", dev: false });
