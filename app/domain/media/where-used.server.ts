import { inArray } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { db } from "~/db/client.server";
import { cmsGalleryProjects, cmsServices, cmsTeamMembers } from "~/db/schema";

/** One place a library image is used: what it is, its name, and where staff edit it. */
export interface MediaUse {
  kind: "Service" | "Team member" | "Gallery project";
  name: string;
  href: string;
}

type Reader = Pick<DbTransaction, "select">;

/** Where each of `assetIds` is used (services, team members, gallery projects), by image id. */
export async function mediaUses(assetIds: readonly string[], reader: Reader = db()): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>();
  if (assetIds.length === 0) return uses;
  const ids = [...assetIds];
  const [services, team, gallery] = await Promise.all([
    reader.select({ media: cmsServices.imageMediaId, name: cmsServices.title }).from(cmsServices).where(inArray(cmsServices.imageMediaId, ids)),
    reader.select({ media: cmsTeamMembers.imageMediaId, name: cmsTeamMembers.name }).from(cmsTeamMembers).where(inArray(cmsTeamMembers.imageMediaId, ids)),
    reader
      .select({ media: cmsGalleryProjects.imageMediaId, name: cmsGalleryProjects.title })
      .from(cmsGalleryProjects)
      .where(inArray(cmsGalleryProjects.imageMediaId, ids)),
  ]);
  const add = (kind: MediaUse["kind"], href: string) => (row: { media: string | null; name: string }) => {
    if (!row.media) return;
    const list = uses.get(row.media) ?? [];
    list.push({ kind, name: row.name, href });
    uses.set(row.media, list);
  };
  services.forEach(add("Service", "/admin/cms/services"));
  team.forEach(add("Team member", "/admin/cms/team"));
  gallery.forEach(add("Gallery project", "/admin/cms/gallery"));
  return uses;
}

export async function mediaUsesOf(assetId: string, reader: Reader = db()): Promise<MediaUse[]> {
  return (await mediaUses([assetId], reader)).get(assetId) ?? [];
}

/** "Service “Roof Repair”, Team member “Marcus Hale”" */
export function describeUses(uses: readonly MediaUse[]): string {
  return uses.map((use) => `${use.kind} “${use.name}”`).join(", ");
}

