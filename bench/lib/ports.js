// Free TCP ports on the loopback interface.
import net from "node:net";

/** Ports a benchmark must never use (the machine's own PostgreSQL listens on 5432). */
const RESERVED = new Set([5432]);

/** One free port on 127.0.0.1 (asks the kernel for an ephemeral port, then releases it). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", reject);
    srv.listen({ host, port: 0, exclusive: true }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** `count` distinct free ports, none of them reserved. */
export async function freePorts(count, host = "127.0.0.1") {
  const ports = new Set();
  for (let attempts = 0; ports.size < count; attempts++) {
    if (attempts > count * 20) throw new Error(`could not find ${count} free ports`);
    const port = await freePort(host);
    if (!RESERVED.has(port)) ports.add(port);
  }
  return [...ports];
}
