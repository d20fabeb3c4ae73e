import { Building, CircleCheck, Cloud, Construction, FileCheck, Hammer, House, Settings, Shield, type SiteIcon, type SiteIconProps, Wrench, Zap } from "~/components/site/icons";
import type { ServiceIconName } from "~/domain/services/constants";

/**
 * The lucide icon of each `cms_services.icon_name`. A static map (not a
 * dynamic import of all of lucide) keeps the page's JS small. lucide has no
 * "Tool" icon: it shows a wrench. The content blocks' icons
 * (app/components/cms/content-icon.tsx) start with these.
 */
export const SERVICE_ICONS: Record<ServiceIconName, SiteIcon> = {
  Construction,
  Wrench,
  Cloud,
  Shield,
  Building,
  FileCheck,
  Hammer,
  Home: House,
  Settings,
  Tool: Wrench,
  Zap,
  CheckCircle: CircleCheck,
};

export function ServiceIcon({ name, ...props }: { name: string } & SiteIconProps) {
  const Icon = SERVICE_ICONS[name as ServiceIconName] ?? Wrench;
  return <Icon aria-hidden="true" {...props} />;
}
