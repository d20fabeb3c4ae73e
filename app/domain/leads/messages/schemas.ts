import { z } from "zod";
import { requiredText } from "~/lib/text-fields";

/**
 * What the message forms post (issue 22 item 4): the staff's reply on the lead page and the customer's
 * message in the portal, both `intent=send-message` with `body`. Plain text (the shared rules of
 * ~/lib/text-fields.ts: line breaks kept, control characters refused), trimmed, 1..5,000 characters.
 * Browser-safe (no schema import: messages.server.test.ts checks the limit against the table's).
 */

/** The most characters of a message (the table's `lead_messages_body_check`). */
export const MESSAGE_MAX_LENGTH = 5_000;

export const MESSAGE_TEXT = {
  required: "Write a message first.",
  tooLong: `Use at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  sent: "Message sent.",
  failed: "Failed to send the message. Please try again.",
} as const;

/** "1 unread message", "2 unread messages": the text (and accessible name) of an unread badge. */
export function unreadMessagesText(count: number): string {
  return `${count} unread ${count === 1 ? "message" : "messages"}`;
}

export const messageBody = requiredText({
  max: MESSAGE_MAX_LENGTH,
  multiline: true,
  requiredMessage: MESSAGE_TEXT.required,
  tooLongMessage: MESSAGE_TEXT.tooLong,
});

export const sendMessageSchema = z.strictObject({
  intent: z.literal("send-message"),
  body: messageBody,
});
