import net from "node:net";

/**
 * Which IP addresses the crawler may connect to (QUALITY S22). Everything that
 * is not plainly public unicast is refused: loopback, private, link-local,
 * CGNAT, multicast, broadcast, documentation and benchmark ranges, cloud
 * metadata addresses, and every IPv6 form that carries one of those IPv4
 * addresses (v4-mapped, v4-compatible, NAT64, 6to4) or is itself local.
 *
 * Host names are checked after DNS resolution (fetcher.server.ts); the URL
 * parser has already turned hex/decimal/octal spellings such as
 * `0xa9fea9fe` or `2852039166` into dotted form, and the connected socket's
 * address is checked once more.
 */

export type AddressRefusal =
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "cgnat"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "metadata"
  | "not-an-ip";

type V4Rule = [base: number, bits: number, reason: AddressRefusal];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** Cloud metadata endpoints outside the ranges below (169.254.169.254 is link-local anyway). */
const METADATA_V4 = new Set([v4(168, 63, 129, 16) /* Azure wire server */]);

const V4_RULES: V4Rule[] = [
  [v4(169, 254, 169, 254), 32, "metadata"],
  [v4(100, 100, 100, 200), 32, "metadata"], // Alibaba Cloud
  [v4(0, 0, 0, 0), 8, "unspecified"],
  [v4(10, 0, 0, 0), 8, "private"],
  [v4(100, 64, 0, 0), 10, "cgnat"],
  [v4(127, 0, 0, 0), 8, "loopback"],
  [v4(169, 254, 0, 0), 16, "link-local"],
  [v4(172, 16, 0, 0), 12, "private"],
  [v4(192, 0, 0, 0), 24, "reserved"],
  [v4(192, 0, 2, 0), 24, "reserved"],
  [v4(192, 88, 99, 0), 24, "reserved"],
  [v4(192, 168, 0, 0), 16, "private"],
  [v4(198, 18, 0, 0), 15, "reserved"],
  [v4(198, 51, 100, 0), 24, "reserved"],
  [v4(203, 0, 113, 0), 24, "reserved"],
  [v4(224, 0, 0, 0), 4, "multicast"],
  [v4(255, 255, 255, 255), 32, "broadcast"],
  [v4(240, 0, 0, 0), 4, "reserved"],
];

function checkV4(value: number): AddressRefusal | null {
  if (METADATA_V4.has(value)) return "metadata";
  for (const [base, bits, reason] of V4_RULES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return reason;
  }
  return null;
}

function parseV4(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value >>> 0;
}

/** The 16 bytes of an IPv6 address (zone id dropped), or null. */
export function parseV6(input: string): number[] | null {
  let address = input.replace(/^\[|\]$/g, "");
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  if (!net.isIPv6(address)) return null;
  const lastColon = address.lastIndexOf(":");
  const last = address.slice(lastColon + 1);
  if (last.includes(".")) {
    // `::ffff:1.2.3.4` -> `::ffff:102:304`
    const embedded = parseV4(last);
    if (embedded === null) return null;
    address = `${address.slice(0, lastColon + 1)}${((embedded >>> 16) & 0xffff).toString(16)}:${(embedded & 0xffff).toString(16)}`;
  }
  const doubleColon = address.indexOf("::");
  const head = doubleColon >= 0 ? address.slice(0, doubleColon) : address;
  const rest = doubleColon >= 0 ? address.slice(doubleColon + 2) : undefined;
  const headGroups = head ? head.split(":") : [];
  const restGroups = rest ? rest.split(":") : [];
  const fill = rest !== undefined ? Array<string>(Math.max(0, 8 - headGroups.length - restGroups.length)).fill("0") : [];
  const groups = [...headGroups, ...fill, ...restGroups].map((g) => parseInt(g, 16));
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g) || g < 0 || g > 0xffff)) return null;
  return groups.flatMap((g) => [(g >> 8) & 0xff, g & 0xff]);
}

function v4FromBytes(bytes: number[], offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

function checkV6(bytes: number[]): AddressRefusal | null {
  const zeroUpTo = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (bytes.every((b) => b === 0)) return "unspecified";
  if (zeroUpTo(15) && bytes[15] === 1) return "loopback";
  // ::ffff:0:0/96 v4-mapped, ::ffff:0:0:0/96 (SIIT): the embedded IPv4 decides, never less strict.
  if (zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff) return checkV4(v4FromBytes(bytes, 12)) ?? null;
  if (zeroUpTo(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0) {
    return checkV4(v4FromBytes(bytes, 12)) ?? "reserved";
  }
  // ::/96 v4-compatible (deprecated): nothing public lives there.
  if (zeroUpTo(12)) return "reserved";
  // 64:ff9b::/96 NAT64: the embedded IPv4 decides; 64:ff9b:1::/48 local-use NAT64.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (bytes.slice(4, 12).every((b) => b === 0)) return checkV4(v4FromBytes(bytes, 12));
    return "reserved";
  }
  // 2002::/16 6to4 carries an IPv4 in bytes 2-5.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return checkV4(v4FromBytes(bytes, 2)) ?? null;
  // 2001::/32 Teredo (obfuscated IPv4) and 2001:db8::/32 documentation.
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x00 && bytes[3] === 0x00) return "reserved";
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return "reserved";
  // AWS's IPv6 metadata endpoint fd00:ec2::254 sits in fc00::/7 below.
  if ((bytes[0]! & 0xfe) === 0xfc) return bytes[0] === 0xfd && bytes[1] === 0x00 && bytes[2] === 0x0e && bytes[3] === 0xc2 ? "metadata" : "private";
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return "link-local";
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return "private"; // site-local (deprecated)
  if (bytes[0] === 0xff) return "multicast";
  // 100::/64 discard.
  if (bytes[0] === 0x01 && bytes[1] === 0x00 && bytes.slice(2, 8).every((b) => b === 0)) return "reserved";
  return null;
}

/**
 * Why `address` (a literal IPv4 or IPv6 address, brackets allowed) must not
 * be connected to, or null when it is public unicast.
 */
export function refusedAddress(address: string): AddressRefusal | null {
  const bare = address.replace(/^\[|\]$/g, "");
  const asV4 = net.isIPv4(bare) ? parseV4(bare) : null;
  if (asV4 !== null) return checkV4(asV4);
  const asV6 = parseV6(bare);
  if (asV6) return checkV6(asV6);
  return "not-an-ip";
}

/** Whether `hostname` (as the URL parser gives it) is an IP literal. */
export function isIpLiteral(hostname: string): boolean {
  return net.isIP(hostname.replace(/^\[|\]$/g, "")) !== 0;
}
