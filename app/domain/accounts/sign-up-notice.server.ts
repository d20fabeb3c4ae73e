import { and, eq } from "drizzle-orm";
import { userRoles, users } from "~/db/schema";
import { withEmails } from "~/domain/email/queue-email.server";
import { logger } from "~/lib/logger.server";
import { recordAudit } from "./audit.server";
import { newSignUpNoticeEmail } from "./emails.server";

/**
 * After a real sign-up (not the synthetic answer for a taken email): every
 * approved super admin is told that an account waits for approval, and the
 * sign-up is audited. Never fails the sign-up: problems are logged.
 */
export async function notifySuperAdminsOfSignUp(userId: string, request: Request | Headers | null | undefined): Promise<void> {
  try {
    await withEmails(async (tx, queue) => {
      const [created] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!created) return;
      const superAdmins = await tx
        .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(and(eq(userRoles.role, "super_admin"), eq(users.status, "approved")));
      for (const admin of superAdmins) await queue(newSignUpNoticeEmail(admin, created));
      await recordAudit(tx, {
        action: "auth.sign_up",
        actor: { id: created.id, email: created.email },
        targetType: "user",
        targetId: created.id,
        request,
        details: { status: created.status, superAdminsNotified: superAdmins.length },
      });
    });
  } catch (error) {
    logger.error({ err: error, userId }, "could not notify super admins of a sign-up");
  }
}
