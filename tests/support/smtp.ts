import type net from "node:net";
import { SMTPServer } from "smtp-server";

/** A file attached to a received message, decoded. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message as the test SMTP server received it. */
export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 for tests: accepts any sender,
 * recipient and credentials, keeps every message. `stop()` then `start()` again
 * on the same port simulates an outage of the mail server.
 */
export class TestSmtpServer {
  readonly messages: ReceivedMessage[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port = this.port): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback(null);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    server.on("error", () => {});
    this.server = server;
    this.port = (server.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages sent from the outbox row `outboxId` (its Message-ID carries the id). */
  messagesFor(outboxId: string): ReceivedMessage[] {
    return this.messages.filter((m) => m.raw.includes(`Message-ID: <${outboxId}@`));
  }

  /** Messages addressed to `address`. */
  to(address: string): ReceivedMessage[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  /**
   * The newest link to `pathname` (e.g. "/auth/verify-email") in the messages to `address`, as a path with
   * its query, or undefined. Links are read from the decoded text parts, as a mail program shows them.
   */
  linkTo(address: string, pathname: string): string | undefined {
    for (const message of this.to(address).reverse()) {
      for (const text of textParts(message.raw)) {
        const url = new RegExp(`https?://[^\\s"<>]*${pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?[^\\s"<>]+`).exec(text)?.[0];
        if (url) {
          const parsed = new URL(url);
          return `${parsed.pathname}${parsed.search}`;
        }
      }
    }
    return undefined;
  }

  /**
   * The newest link whose path starts with `pathPrefix` (e.g. "/portal/proposals/") in the messages to `address`,
   * query or not, as a path (with its query, if any), or undefined. Read from the decoded text parts, like `linkTo`.
   */
  linkStartingWith(address: string, pathPrefix: string): string | undefined {
    for (const message of this.to(address).reverse()) {
      for (const text of textParts(message.raw)) {
        const url = new RegExp(`https?://[^\\s"<>/]+${pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<>]*`).exec(text)?.[0];
        if (url) {
          const parsed = new URL(url);
          return `${parsed.pathname}${parsed.search}`;
        }
      }
    }
    return undefined;
  }
}

/** The attachments of a received message (parts with a filename or `Content-Disposition: attachment`), decoded. */
export function attachmentsOf(message: ReceivedMessage): ReceivedAttachment[] {
  const out: ReceivedAttachment[] = [];
  for (const section of message.raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
    const filename = /filename\*?=(?:"([^"]*)"|([^;\s]+))/i.exec(headers);
    if (!/content-disposition:\s*attachment/i.test(headers) && !filename) continue;
    // The message's last part runs up to the closing boundary when no line break follows it.
    const body = section.slice(split).replace(/^\r?\n\r?\n/, "").replace(/\r?\n--[^\r\n]*\s*$/, "");
    const content = /content-transfer-encoding:\s*base64/i.test(headers) ? Buffer.from(body.replace(/\s+/g, ""), "base64") : Buffer.from(body, "utf8");
    out.push({
      filename: filename ? (filename[1] ?? filename[2] ?? "") : "",
      contentType: /content-type:\s*([^;\s]+)/i.exec(headers)?.[1]?.toLowerCase() ?? "",
      content,
    });
  }
  return out;
}

/** The text/plain parts of a raw MIME message, decoded (quoted-printable or as is). */
function textParts(raw: string): string[] {
  const out: string[] = [];
  const sections = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const section of sections) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(headers)) continue;
    let body = section.slice(split).replace(/^\r?\n\r?\n/, "");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
      body = Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), "latin1").toString("utf8");
    } else if (/content-transfer-encoding:\s*base64/i.test(headers)) {
      body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    }
    out.push(body);
  }
  return out;
}
