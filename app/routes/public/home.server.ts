import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsServices, type ServiceIconName } from "~/db/schema";

/** Number of service cards on the home page (spec 1 §9). */
export const HOME_SERVICE_COUNT = 6;

export interface HomeService {
  slug: string;
  title: string;
  description: string;
  iconName: ServiceIconName;
}

/** The first six published services, in their configured order. */
export async function listHomeServices(): Promise<HomeService[]> {
  return db()
    .select({
      slug: cmsServices.slug,
      title: cmsServices.title,
      description: cmsServices.description,
      iconName: cmsServices.iconName,
    })
    .from(cmsServices)
    .where(eq(cmsServices.status, "published"))
    .orderBy(asc(cmsServices.sortOrder), asc(cmsServices.title))
    .limit(HOME_SERVICE_COUNT);
}
