#!/usr/bin/env node
// The load generator's ceiling: a server in its own process that answers every request with the same few
// bytes and does nothing else. It reads no header and runs no HTTP parser: it counts the ends of request
// heads (a blank line) in what arrives and writes one stored response for each. Enough for the bodyless
// GETs of wrk and autocannon (not for requests with a body), and cheaper per request than any real server
// (on this machine it answers about twice what a bare Node `http` server does), so the generator's rate
// against it is the most that generator can measure. Usage: node trivial-server.js; prints "listening <port>".
import net from "node:net";

const RESPONSE = Buffer.from("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok");
const HEAD_END = Buffer.from("\r\n\r\n");

const server = net.createServer({ noDelay: true }, (socket) => {
  // The last bytes of the previous chunk: a head's end may arrive split across two reads.
  let carry = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let heads = 0;
    let at = 0;
    let next;
    while ((next = data.indexOf(HEAD_END, at)) !== -1) {
      heads += 1;
      at = next + HEAD_END.length;
    }
    carry = data.subarray(Math.max(at, data.length - (HEAD_END.length - 1)));
    if (heads === 1) socket.write(RESPONSE);
    else if (heads > 1) socket.write(Buffer.concat(Array.from({ length: heads }, () => RESPONSE)));
  });
  socket.on("error", () => socket.destroy());
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.on("SIGTERM", () => process.exit(0));
