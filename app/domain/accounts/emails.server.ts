import { siteUrl } from "~/lib/site-origin.server";
import type { OutgoingEmail } from "~/domain/email/queue-email.server";
import { renderEmail } from "~/domain/email/templates/render-email.server";

/**
 * The account emails. Links are built on the site's one origin (siteOrigin(): APP_URL, required in
 * production), never on the Host header of the request that caused the email (a forged Host would
 * otherwise put an attacker's address in a password-reset link).
 */

export const VERIFY_EMAIL_EXPIRES_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_EXPIRES_SECONDS = 60 * 60;

function appLink(pathAndQuery: string): string {
  return siteUrl(pathAndQuery);
}

interface Recipient {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

function greeting(user: Recipient): string {
  const first = user.firstName?.trim();
  return first ? `Hello ${first},` : "Hello,";
}

function fullName(user: Recipient): string {
  return [user.firstName, user.lastName].map((v) => v?.trim()).filter(Boolean).join(" ") || user.email;
}

/**
 * The sign-up's confirmation link (ADR 046). Whoever signed up may not own this mailbox, so the text never
 * asks the reader to confirm an account: it says what the link does (prove the address and choose the
 * password, which replaces any password given at sign-up) and that ignoring it leaves the account unusable.
 */
export function verificationEmail(user: Recipient, token: string): OutgoingEmail {
  return {
    to: user.email,
    kind: "auth.verify-email",
    relatedId: user.id,
    secret: token,
    ...renderEmail({
      title: "Confirm your email address",
      paragraphs: [
        "Hello,",
        "Someone asked to create an account on our website with this email address. If it was you, open the link below: it confirms that this address is yours and asks you for your password (the one you chose when you signed up, or a new one).",
        "Until this link is used, nobody can sign in to the account. Staff accounts are then reviewed by an administrator before they can be used.",
      ],
      action: { label: "Confirm and choose my password", url: appLink(`/auth/verify-email?token=${encodeURIComponent(token)}`) },
      footerNote: "If it was not you, ignore this message: the account stays unusable and is not linked to anything of yours. The link works once, for 24 hours.",
    }),
  };
}

export function resetPasswordEmail(user: Recipient, token: string): OutgoingEmail {
  return {
    to: user.email,
    kind: "auth.reset-password",
    relatedId: user.id,
    secret: token,
    ...renderEmail({
      title: "Reset your password",
      paragraphs: [
        greeting(user),
        "Someone (hopefully you) asked to reset the password of your account. Use the button below to choose a new one.",
        "Resetting your password signs you out everywhere.",
      ],
      action: { label: "Choose a new password", url: appLink(`/auth/reset-password?token=${encodeURIComponent(token)}`) },
      footerNote: "If you did not ask for this, you can ignore this message: your password stays as it is. The link is valid for one hour.",
    }),
  };
}

export function existingAccountEmail(user: Recipient): OutgoingEmail {
  return {
    to: user.email,
    kind: "auth.existing-account",
    relatedId: user.id,
    ...renderEmail({
      title: "You already have an account",
      paragraphs: [
        greeting(user),
        "Someone tried to create a new account with this email address, which already has one. If it was you, sign in instead, or reset your password if you have forgotten it.",
      ],
      action: { label: "Sign in", url: appLink("/auth") },
      footerNote: "If it was not you, you can ignore this message: nothing has changed.",
    }),
  };
}

export function newSignUpNoticeEmail(superAdmin: Recipient, newUser: Recipient & { createdAt: Date }): OutgoingEmail {
  return {
    to: superAdmin.email,
    kind: "auth.sign-up-notice",
    relatedId: newUser.id,
    ...renderEmail({
      title: "A new account is waiting for approval",
      paragraphs: [
        greeting(superAdmin),
        `${fullName(newUser)} (${newUser.email}) created an account on ${newUser.createdAt.toUTCString()}.`,
        "It stays pending until a super admin approves or rejects it in User Management.",
      ],
      action: { label: "Review pending accounts", url: appLink("/admin/users?status=pending") },
      footerNote: "You receive this because you are a super admin of this website.",
    }),
  };
}

export function accountApprovedEmail(user: Recipient): OutgoingEmail {
  return {
    to: user.email,
    kind: "auth.account-approved",
    relatedId: user.id,
    ...renderEmail({
      title: "Your account has been approved",
      paragraphs: [greeting(user), "Good news: an administrator has approved your account. You can now sign in."],
      action: { label: "Sign in", url: appLink("/auth") },
    }),
  };
}

export function accountRejectedEmail(user: Recipient): OutgoingEmail {
  return {
    to: user.email,
    kind: "auth.account-rejected",
    relatedId: user.id,
    ...renderEmail({
      title: "About your account request",
      paragraphs: [
        greeting(user),
        "Thank you for your interest. After review, your account request was not approved, so you will not be able to use the staff area of our website.",
        "If you think this is a mistake, please contact our office by phone or email and we will be glad to look into it.",
      ],
      action: { label: "Visit our website", url: appLink("/") },
    }),
  };
}
