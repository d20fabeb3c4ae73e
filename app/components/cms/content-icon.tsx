import { Award, Building, CircleCheck, ClipboardCheck, Clock, Cloud, Compass, Construction, Eye, FileCheck, FileText, Hammer, HardHat, HeartHandshake, House, MapPin, Medal, Phone, Settings, Shield, ShieldCheck, type SiteIcon, type SiteIconProps, Star, Target, Trophy, Users, Wrench, Zap } from "~/components/site/icons";
import type { ContentIconName } from "~/domain/cms/block-content";

/**
 * The lucide icon of each CONTENT_ICON_NAMES entry (block-content.ts). A
 * static map: the icons are SVG in the server-rendered HTML, no script. lucide
 * has no "Tool" icon: it shows a wrench (as the service icons do).
 */
const CONTENT_ICONS: Record<ContentIconName, SiteIcon> = {
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
