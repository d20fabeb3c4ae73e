import type net from "node:net";
import { SMTPServer } from "smtp-server";

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
}
