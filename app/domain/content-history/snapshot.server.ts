import { eq, inArray, max } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { cmsContentBlocks, cmsGalleryProjects, cmsPages, cmsServices, cmsSiteSettings, cmsTeamMembers } from "~/db/schema";
import { SITE_CONFIGURATION_KEYS, siteConfigurationFormValues } from "~/domain/site-settings/site-configuration";
import { socialLinkFieldValues } from "~/domain/team/social-links";
import { SITE_CONFIGURATION_ITEM_ID, type HistoryKind } from "./kinds";

/** An item's editable values as its edit form shows them (field name -> text), and when it last changed. */
export interface ItemSnapshot {
  values: Record<string, string>;
  updatedAt: Date;
}

const flag = (value: boolean) => (value ? "on" : "");
const json = (value: unknown) => JSON.stringify(value, null, 2);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The current values of an item as its screen's edit form holds them (the same text the form posts), or
 * null when the item is not there. These are what a version stores, and what Restore posts back through
 * the item's save use case, so a version is always something the form could have saved.
 */
export async function snapshotItem(executor: DbExecutor, kind: HistoryKind, itemId: string): Promise<ItemSnapshot | null> {
  if (kind === "site_configuration") {
    if (itemId !== SITE_CONFIGURATION_ITEM_ID) return null;
    const rows = await executor
      .select({ settingKey: cmsSiteSettings.settingKey, settingValue: cmsSiteSettings.settingValue, updatedAt: cmsSiteSettings.updatedAt })
      .from(cmsSiteSettings)
      .where(inArray(cmsSiteSettings.settingKey, [...SITE_CONFIGURATION_KEYS]));
    const [latest] = await executor
      .select({ at: max(cmsSiteSettings.updatedAt) })
      .from(cmsSiteSettings)
      .where(inArray(cmsSiteSettings.settingKey, [...SITE_CONFIGURATION_KEYS]));
    return { values: siteConfigurationFormValues(rows), updatedAt: latest?.at ?? new Date() };
  }
  if (!UUID.test(itemId)) return null;
  switch (kind) {
    case "service": {
      const [row] = await executor.select().from(cmsServices).where(eq(cmsServices.id, itemId));
      if (!row) return null;
      return {
        values: {
          title: row.title,
          description: row.description,
          iconName: row.iconName,
          imageMediaId: row.imageMediaId ?? "",
          imageUrl: row.imageUrl ?? "",
          isFeatured: flag(row.isFeatured),
          status: row.status,
        },
        updatedAt: row.updatedAt,
      };
    }
    case "team_member": {
      const [row] = await executor.select().from(cmsTeamMembers).where(eq(cmsTeamMembers.id, itemId));
      if (!row) return null;
      return {
        values: {
          name: row.name,
          role: row.role,
          bio: row.bio,
          imageMediaId: row.imageMediaId ?? "",
          imageUrl: row.imageUrl ?? "",
          imagePosition: row.imagePosition,
          isLeadership: flag(row.isLeadership),
          ...socialLinkFieldValues(row.socialLinks),
          status: row.status,
        },
        updatedAt: row.updatedAt,
      };
    }
    case "page": {
      const [row] = await executor.select().from(cmsPages).where(eq(cmsPages.id, itemId));
      if (!row) return null;
      return {
        values: {
          pageKey: row.pageKey,
          title: row.title,
          status: row.status,
          content: row.content,
          metadata: Object.keys(row.metadata).length > 0 ? json(row.metadata) : "",
        },
        updatedAt: row.updatedAt,
      };
    }
    case "block": {
      const [row] = await executor.select().from(cmsContentBlocks).where(eq(cmsContentBlocks.id, itemId));
      if (!row) return null;
      return {
        values: { blockKey: row.blockKey, title: row.title, blockType: row.blockType, status: row.status, content: json(row.content) },
        updatedAt: row.updatedAt,
      };
    }
    case "setting": {
      const [row] = await executor.select().from(cmsSiteSettings).where(eq(cmsSiteSettings.id, itemId));
      if (!row) return null;
      return {
        values: {
          settingKey: row.settingKey,
          settingType: row.settingType,
          settingValue: row.settingValue,
          category: row.category,
          description: row.description ?? "",
          isPublic: flag(row.isPublic),
        },
        updatedAt: row.updatedAt,
      };
    }
    case "gallery_project": {
      const [row] = await executor.select().from(cmsGalleryProjects).where(eq(cmsGalleryProjects.id, itemId));
      if (!row) return null;
      return {
        values: {
          title: row.title,
          category: row.category,
          imageMediaId: row.imageMediaId ?? "",
          imageUrl: row.imageUrl ?? "",
          imageAlt: row.imageAlt ?? "",
          description: row.description ?? "",
          status: row.status,
        },
        updatedAt: row.updatedAt,
      };
    }
  }
}
