import { db, type DbExecutor } from "~/db/client.server";
import { auditLog, type AuditOutcome } from "~/db/schema";
import { currentRequestId, logger } from "~/lib/logger.server";
import { clientIp, userAgent } from "./client-ip.server";

/**
 * The security and admin audit trail (QUALITY S23): sign-ins and their
 * failures, authorization denials and every admin change to accounts, with
 * who (user id and email), what (a dotted action, the target, details), when
 * (occurred_at, UTC), from where (client address, user agent) and the
 * request id. Never secrets: detail keys that look like one are dropped.
 *
 * Actions used here:
 *   auth.sign_in, auth.sign_up, auth.sign_out, auth.password_reset_request,
 *   auth.password_reset, auth.password_change, auth.email_verified,
 *   auth.session_expired, authz.denied,
 *   user.status.update, user.role.assign, user.role.remove,
 *   admin.bootstrap, admin.cli
 */

interface AuditActor {
  id?: string | null;
  email?: string | null;
}

export interface AuditEntry {
  action: string;
  outcome?: AuditOutcome;
  actor?: AuditActor | null;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  /** Where the client address, user agent and request come from. */
  request?: Request | Headers | null;
}

const SECRET_KEY = /pass(word)?|token|secret|hash|cookie|authorization/i;

function withoutSecrets(details: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    if (SECRET_KEY.test(key) || value === undefined) continue;
    out[key] = typeof value === "string" ? value.slice(0, 500) : value;
  }
  return out;
}

/** Writes one audit row with `executor` (pass the transaction of the change it records). */
export async function recordAudit(executor: DbExecutor, entry: AuditEntry): Promise<void> {
  const details = withoutSecrets(entry.details);
  const outcome = entry.outcome ?? "success";
  const row = {
    action: entry.action,
    outcome,
    actorUserId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ipAddress: clientIp(entry.request),
    userAgent: userAgent(entry.request),
    requestId: currentRequestId() ?? null,
    details,
  };
  await executor.insert(auditLog).values(row);
  const log = outcome === "success" ? logger.info.bind(logger) : logger.warn.bind(logger);
  log(
    { audit: { action: row.action, outcome, actor: row.actorUserId, actorEmail: row.actorEmail, target: row.targetId, ip: row.ipAddress, ...details } },
    `audit ${row.action} ${outcome}`,
  );
}

/** recordAudit() on its own connection that never throws (for events after the fact, e.g. a failed sign-in). */
export async function recordAuditSafely(entry: AuditEntry): Promise<void> {
  try {
    await recordAudit(db(), entry);
  } catch (error) {
    logger.error({ err: error, action: entry.action }, "could not write the audit log");
  }
}
