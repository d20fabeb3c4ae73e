import { Award, ClipboardCheck, Clock, Compass, Eye, FileText, HardHat, HeartHandshake, MapPin, Medal, Phone, ShieldCheck, type SiteIcon, type SiteIconProps, Star, Target, Trophy, Users } from "~/components/site/icons";
import { SERVICE_ICONS } from "~/components/site/service-icon";
import type { ContentIconName } from "~/domain/cms/block-content";

/**
 * The lucide icon of each CONTENT_ICON_NAMES entry (block-content.ts): the
 * service icons, then the others. A static map: the icons are SVG in the
 * server-rendered HTML, no script.
 */
const CONTENT_ICONS: Record<ContentIconName, SiteIcon> = {
  ...SERVICE_ICONS,
  ShieldCheck,
  HeartHandshake,
  Trophy,
  ClipboardCheck,
  FileText,
  HardHat,
  Compass,
  Eye,
  Award,
  Medal,
  Star,
  Users,
  Phone,
  Clock,
  MapPin,
  Target,
};

/** The block item's icon, or `fallback` when it has none (nothing when no fallback). */
export function ContentIcon({ name, fallback, ...props }: { name: ContentIconName | undefined; fallback?: ContentIconName } & SiteIconProps) {
  const key = name ?? fallback;
  const Icon = key ? CONTENT_ICONS[key] : undefined;
  return Icon ? <Icon aria-hidden="true" {...props} /> : null;
}
