import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/config.server";

/**
 * The key that signs session cookies and account email tokens.
 *
 * BETTER_AUTH_SECRET when set; otherwise one generated once into
 * DATA_DIR/auth-secret (mode 0600), so `npm start` needs no settings and
 * sessions survive restarts. Several instances sharing one database must be
 * given the same BETTER_AUTH_SECRET. Unit tests (NODE_ENV=test) without a
 * setting get a random per-process key and write nothing.
 */

let cached: string | undefined;

const AUTH_SECRET_FILE = "auth-secret";

export function authSecret(): string {
  if (cached) return cached;
  const cfg = config();
  if (cfg.BETTER_AUTH_SECRET) cached = cfg.BETTER_AUTH_SECRET;
  else if (cfg.NODE_ENV === "test") cached = crypto.randomBytes(48).toString("base64url");
  else cached = readOrCreateSecret(path.join(cfg.dataDir, AUTH_SECRET_FILE));
  return cached;
}

function readOrCreateSecret(file: string): string {
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
    if (existing) throw new Error(`${file} holds a secret shorter than 32 characters; delete it or set BETTER_AUTH_SECRET`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(48).toString("base64url");
  try {
    // "wx": never overwrite a secret another process just wrote.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}
