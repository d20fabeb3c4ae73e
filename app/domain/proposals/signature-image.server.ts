/**
 * The drawn signature as posted by the portal's signature pad: a `data:image/png;base64,` URL. Kept only
 * when it is a PNG of sane size (at most 512 KiB, 4000 x 4000 pixels); anything else is refused, never
 * stored. The bytes are stored as they are: they are only ever put into the signed PDF, never served.
 */
const PREFIX = "data:image/png;base64,";
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_BYTES = 512 * 1024;

export function readSignaturePng(dataUrl: string): Buffer | null {
  if (!dataUrl.startsWith(PREFIX) || dataUrl.length > PREFIX.length + Math.ceil((MAX_BYTES * 4) / 3) + 4) return null;
  const base64 = dataUrl.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length < 33 || bytes.length > MAX_BYTES || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return null;
  // The first chunk is IHDR: width and height (big-endian) at bytes 16 and 20.
  if (bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > 4000 || height > 4000) return null;
  return bytes;
}
