// Run by bench/lighthouse.js with LH_MEDIA_PHOTOS=N (through tsx, against the bench server's database and
// DATA_DIR): N photograph-sized JPEGs go into the media library through the app's own use cases (upload
// checks, createMediaAsset, the variant job's makeMediaVariants, updateMedia), then the gallery projects and
// the leaders use them (their image_media_id; the content-change trigger clears the server's page cache).
// Prints one JSON line: the originals' bytes and the variants' bytes, per photo and in all.
import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { cmsGalleryProjects, cmsTeamMembers, mediaAssets } from "~/db/schema";
import { createMediaAsset, newMediaAssetId } from "~/domain/media/create-media-asset.server";
import { makeMediaVariants } from "~/domain/media/make-media-variants.server";
import { probeImage } from "~/domain/media/probe-image.server";
import { updateMedia } from "~/domain/media/update-media.server";
import { createUser } from "../../tests/support/factories";

const count = Math.max(1, Number(process.env.LH_MEDIA_PHOTOS ?? 7));

/** A 12-megapixel-class photo: smooth texture with light and colour, JPEG at a camera's quality (several MB). */
async function photo(seed: number): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const texture = await sharp({ create: { width, height, channels: 3, background: "#777", noise: { type: "gaussian", mean: 110 + (seed % 5) * 8, sigma: 55 } } })
    .blur(1.2)
    .png({ compressionLevel: 1 })
    .toBuffer();
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},45%,70%)"/><stop offset="1" stop-color="hsl(${(seed * 47 + 160) % 360},40%,25%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.65"/></svg>`,
  );
  return sharp(texture).composite([{ input: light, blend: "overlay" }]).jpeg({ quality: 92 }).toBuffer();
}

const admin = await createUser({ kind: "admin" });
const actor = { id: admin.id } as Parameters<typeof createMediaAsset>[1];
const photos: Array<{ id: string; original: number; variants: number; avif640: number }> = [];
for (let i = 0; i < count; i += 1) {
  const bytes = await photo(i);
  const size = await probeImage(bytes, "image/jpeg");
  const id = newMediaAssetId();
  await db().transaction((tx) =>
    createMediaAsset(tx, actor, { id, bytes, originalName: `job-site-${i + 1}.jpg`, contentType: "image/jpeg", sha256: crypto.createHash("sha256").update(bytes).digest("hex"), width: size.width, height: size.height, altText: null }).then((change) => {
      if (!change.ok) throw new Error("upload refused");
    }),
  );
  const outcome = await makeMediaVariants(id);
  if (outcome !== "ready") throw new Error(`variants of photo ${i + 1}: ${outcome}`);
  await db().transaction((tx) => updateMedia(tx, { id, altText: `Roof replacement job site ${i + 1} in central Ohio`, focalPoint: [50, 40] }));
  const [row] = await db().select({ variants: mediaAssets.variants, variantBytes: mediaAssets.variantBytes }).from(mediaAssets).where(eq(mediaAssets.id, id));
  photos.push({
    id,
    original: bytes.byteLength,
    variants: row!.variantBytes,
    avif640: row!.variants.find((v) => v.format === "avif" && v.width === 640)?.bytes ?? 0,
  });
}

const projects = await db().select({ id: cmsGalleryProjects.id }).from(cmsGalleryProjects).orderBy(asc(cmsGalleryProjects.sortOrder));
for (const [index, project] of projects.entries()) {
  await db().update(cmsGalleryProjects).set({ imageMediaId: photos[index % photos.length]!.id }).where(eq(cmsGalleryProjects.id, project.id));
}
const leaders = await db().select({ id: cmsTeamMembers.id }).from(cmsTeamMembers).orderBy(asc(cmsTeamMembers.sortOrder));
for (const [index, member] of leaders.entries()) {
  await db().update(cmsTeamMembers).set({ imageMediaId: photos[index % photos.length]!.id }).where(eq(cmsTeamMembers.id, member.id));
}

const sum = (key: "original" | "variants" | "avif640") => photos.reduce((total, p) => total + p[key], 0);
console.log(JSON.stringify({ photos: photos.length, originalBytes: sum("original"), variantBytes: sum("variants"), avif640Bytes: sum("avif640"), galleryProjects: projects.length, leaders: leaders.length }));
process.exit(0);
