import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { MESSAGE_MAX_LENGTH } from "~/domain/leads/messages/schemas";
import { cn } from "~/lib/cn";
import { formatCompanyTime } from "~/lib/zoned-time";

/**
 * A request's messages between the homeowner and the office (issue 22 item 4), shared by the lead page
 * (staff) and the portal (the homeowner): the thread oldest first (who, when in Eastern Time, the text as
 * typed: line breaks kept, never HTML), then the reply form. The form posts `intent=send-message` and
 * `body` to the page's action, with or without JavaScript; a refused message comes back under the field
 * with what was typed (`error`, `typed`).
 */

interface ThreadMessage {
  id: string;
  author: "customer" | "staff";
  /** Who wrote it, in the reader's words (list-lead-messages.server.ts). */
  authorName: string;
  body: string;
  /** ISO timestamp. */
  createdAt: string;
}

export interface MessageThreadProps {
  messages: ThreadMessage[];
  /** Who reads: their own messages are set apart, and the form's label is theirs. */
  viewer: "customer" | "staff";
  /** The refusal of the last post, shown under the field. */
  error?: string | undefined;
  /** What the refused post had in the field. */
  typed?: string | undefined;
  busy?: boolean;
  /**
   * Until when the reader had read the thread before this visit (ISO; null: never): the other side's
   * newer messages are marked "New". Left out: no marks.
   */
  readUntil?: string | null | undefined;
  /** Prefix of the element ids (two threads on one page need two). */
  idPrefix?: string;
}

const LABELS = { customer: "Your message", staff: "Reply to the homeowner" } as const;
const EMPTY = {
  customer: "No messages yet. Write to us below: we answer by email and here.",
  staff: "No messages yet. The homeowner gets your message by email and in their portal.",
} as const;

export function MessageThread({ messages, viewer, error, typed, busy = false, readUntil, idPrefix = "message" }: MessageThreadProps) {
  const fieldId = `${idPrefix}-body`;
  const errorId = `${fieldId}-error`;
  const field = useRef<HTMLTextAreaElement>(null);
  // A refused post: the field gets the focus, so its message is read out and the text can be fixed.
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);

  return (
    <div className="grid gap-6">
      {messages.length === 0 ? (
        <p className="text-slate-600">{EMPTY[viewer]}</p>
      ) : (
        <ol className="grid gap-3" aria-label="Messages">
          {messages.map((message) => {
            const own = message.author === viewer;
            const isNew = !own && readUntil !== undefined && (readUntil === null || Date.parse(message.createdAt) > Date.parse(readUntil));
            return (
              <li
                key={message.id}
                data-author={message.author}
                className={cn(
                  "min-w-0 rounded-lg border px-4 py-3",
                  own ? "border-slate-200 bg-slate-50 sm:ml-8" : "border-brand-navy/20 bg-white sm:mr-8",
                )}
              >
                <p className="text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">{message.authorName}</span>
                  {" · "}
                  <time dateTime={message.createdAt}>{formatCompanyTime(message.createdAt)}</time>
                  {isNew && (
                    <Badge variant="warning" className="ml-2">
                      New
                    </Badge>
                  )}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{message.body}</p>
              </li>
            );
          })}
        </ol>
      )}

      {/* A new key after each message sent empties the field; a refused post keeps it (and its text). */}
      <Form method="post" preventScrollReset key={`thread-${messages.length}`} className="grid gap-2">
        <input type="hidden" name="intent" value="send-message" />
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
          {LABELS[viewer]}
        </label>
        <Textarea
          ref={field}
          id={fieldId}
          name="body"
          rows={4}
          required
          maxLength={MESSAGE_MAX_LENGTH}
          defaultValue={typed ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <button type="submit" disabled={busy} className={buttonVariants({ size: "sm" })}>
            Send message
          </button>
        </div>
      </Form>
    </div>
  );
}
