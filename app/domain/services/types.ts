import type { ServiceIconName } from "~/db/schema";

/** A service as the public pages show it (a card). */
export interface ServiceSummary {
  slug: string;
  title: string;
  description: string;
  iconName: ServiceIconName;
}
