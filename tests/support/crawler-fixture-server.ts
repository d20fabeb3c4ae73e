import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A small HTTP server on 127.0.0.1 for crawler tests. Routes are keyed by
 * path (query string ignored unless the key has one); a route is a status +
 * body, or a handler. Every request is logged with its arrival time
 * (performance.now(), milliseconds), so tests can check the spacing between
 * request starts. Unknown paths answer 404. Every handler loop in here is
 * bounded; sockets are destroyed on stop.
 */

export interface LoggedRequest {
  method: string;
  path: string;
  url: string;
  host: string;
  userAgent: string;
  at: number;
}

type FixtureHandler = (req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void | Promise<void>;

export interface FixtureRoute {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  handler?: FixtureHandler;
}

export class CrawlerFixtureServer {
  readonly requests: LoggedRequest[] = [];
  private readonly routes = new Map<string, FixtureRoute>();
  private readonly hits = new Map<string, number>();
  private readonly sockets = new Set<Socket>();
  private server?: http.Server;
  port = 0;

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** `path` may carry a query string: it then matches that query only (in any parameter order). */
  route(path: string, route: FixtureRoute): this {
    this.routes.set(routeKey(new URL(path, "http://fixture.invalid")), route);
    return this;
  }

  html(path: string, body: string, status = 200): this {
    return this.route(path, { status, body, headers: { "content-type": "text/html; charset=utf-8" } });
  }

  /**
   * A page that never finishes in time: 200 and its headers at once, then one byte every `intervalMs`
   * (at most `maxBytes`, then the end), until the client goes away.
   */
  drip(path: string, { intervalMs = 100, maxBytes = 10_000 }: { intervalMs?: number; maxBytes?: number } = {}): this {
    return this.route(path, {
      handler: async (_req, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        for (let i = 0; i < maxBytes && !res.destroyed; i++) {
          res.write(" ");
          await new Promise((resolve) => setTimeout(resolve, intervalMs));
        }
        res.end();
      },
    });
  }

  reset(): void {
    this.routes.clear();
    this.hits.clear();
    this.requests.length = 0;
  }

  requestsTo(path: string): LoggedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://fixture.invalid");
      this.requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        url: `${url.pathname}${url.search}`,
        host: req.headers.host ?? "",
        userAgent: req.headers["user-agent"] ?? "",
        at: performance.now(),
      });
      const key = this.routes.has(routeKey(url)) ? routeKey(url) : url.pathname;
      const route = this.routes.get(key);
      const hit = (this.hits.get(key) ?? 0) + 1;
      this.hits.set(key, hit);
      if (!route) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      if (route.handler) {
        Promise.resolve(route.handler(req, res, hit)).catch(() => res.destroy());
        return;
      }
      res.writeHead(route.status ?? 200, route.headers ?? { "content-type": "text/html; charset=utf-8" });
      res.end(req.method === "HEAD" ? undefined : (route.body ?? ""));
    });
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}

function routeKey(url: URL): string {
  const params = [...url.searchParams].map(([k, v]) => `${k}=${v}`).sort();
  return params.length ? `${url.pathname}?${params.join("&")}` : url.pathname;
}

/** Start-to-start gaps (ms) between consecutive logged requests. */
export function startGaps(requests: readonly LoggedRequest[]): number[] {
  const times = requests.map((r) => r.at).sort((a, b) => a - b);
  return times.slice(1).map((t, i) => t - times[i]!);
}
