import { noteDatabaseError } from "~/db/availability.server";
import { logger } from "~/lib/logger.server";

/**
 * Reports a lead use case that threw, for routes that answer with their own
 * failure message instead of rethrowing: a lost database connection marks the
 * database unavailable (so the server answers 503 with Retry-After for a few
 * seconds, QUALITY R5), and the error is logged with `message`.
 */
export function reportLeadFailure(error: unknown, message: string, details: Record<string, unknown> = {}): void {
  noteDatabaseError(error);
  logger.error({ ...details, err: error }, message);
}
