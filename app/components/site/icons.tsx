import { createContext, useContext, useState, type ReactNode, type SVGProps } from "react";
import * as arrowLeft from "lucide-react/icons/arrow-left";
import * as arrowRight from "lucide-react/icons/arrow-right";
import * as award from "lucide-react/icons/award";
import * as building from "lucide-react/icons/building";
import * as check from "lucide-react/icons/check";
import * as chevronLeft from "lucide-react/icons/chevron-left";
import * as chevronRight from "lucide-react/icons/chevron-right";
import * as circleAlert from "lucide-react/icons/circle-exclamation-point";
import * as circleCheck from "lucide-react/icons/circle-check";
import * as clipboardCheck from "lucide-react/icons/clipboard-check";
import * as clock from "lucide-react/icons/clock";
import * as cloud from "lucide-react/icons/cloud";
import * as compass from "lucide-react/icons/compass";
import * as construction from "lucide-react/icons/construction";
import * as externalLink from "lucide-react/icons/external-link";
import * as eye from "lucide-react/icons/eye";
import * as fileCheck from "lucide-react/icons/file-check";
import * as fileDown from "lucide-react/icons/file-down";
import * as fileText from "lucide-react/icons/file-text";
import * as hammer from "lucide-react/icons/hammer";
import * as hardHat from "lucide-react/icons/hard-hat";
import * as heartHandshake from "lucide-react/icons/heart-handshake";
import * as house from "lucide-react/icons/house";
import * as info from "lucide-react/icons/info";
import * as layers from "lucide-react/icons/layers";
import * as mail from "lucide-react/icons/mail";
import * as mapPin from "lucide-react/icons/map-pin";
import * as maximize2 from "lucide-react/icons/maximize-2";
import * as medal from "lucide-react/icons/medal";
import * as menu from "lucide-react/icons/menu";
import * as packageIcon from "lucide-react/icons/package";
import * as palette from "lucide-react/icons/palette";
import * as phone from "lucide-react/icons/phone";
import * as scale from "lucide-react/icons/scale";
import * as settings from "lucide-react/icons/settings";
import * as shield from "lucide-react/icons/shield";
import * as shieldCheck from "lucide-react/icons/shield-check";
import * as star from "lucide-react/icons/star";
import * as target from "lucide-react/icons/target";
import * as triangleAlert from "lucide-react/icons/triangle-exclamation-point";
import * as trophy from "lucide-react/icons/trophy";
import * as upload from "lucide-react/icons/upload";
import * as userRound from "lucide-react/icons/user-round";
import * as users from "lucide-react/icons/users";
import * as wrench from "lucide-react/icons/wrench";
import * as x from "lucide-react/icons/x";
import * as zap from "lucide-react/icons/zap";

/**
 * The icons of the public pages: lucide's drawings, drawn once per page.
 *
 * The home page shows about fifty icons, the phone seven times and the chevron eight, and each lucide
 * component repeats its whole drawing in the HTML (and costs a React subtree per use). Inside
 * {@link IconSprite} (the public layout) an icon is an `<svg>` with a `<use href="#icon-…">`, and the
 * sprite at the end of the layout defines, as one `<symbol>` each, only the icons that page used (React
 * renders the page in document order, so the sprite comes after every use). Outside it (the admin,
 * which hydrates) an icon draws itself inline. Either way it looks as lucide's component does: same
 * attributes and classes on the `<svg>`, the same drawing.
 */

type IconNode = ReadonlyArray<readonly [tag: string, attributes: Readonly<Record<string, string | number>>]>;

/**
 * lucide-react's icon modules export their drawing as `__iconData` next to the component (an alias
 * module, such as circle-alert, re-exports only the component: import the icon under its own name).
 */
function drawingOf(module: object): { name: string; body: string } {
  const data = (module as { __iconData?: { name?: unknown; node?: unknown } }).__iconData;
  if (!data || typeof data.name !== "string" || !Array.isArray(data.node)) {
    throw new Error("lucide-react no longer exports __iconData from its icon modules: see app/components/site/icons.tsx");
  }
  const body = (data.node as IconNode)
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
        .join("");
      return `<${tag}${attrs}/>`;
    })
    .join("");
  return { name: data.name, body };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The icons a page has used so far (symbol id -> drawing), filled while it renders. */
const SpriteContext = createContext<Map<string, string> | null>(null);

export type SiteIconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML" | "ref">;
export type SiteIcon = ((props: SiteIconProps) => ReactNode) & { displayName: string };

/** How lucide draws: its `<svg>`'s presentation attributes. In the sprite they sit on each `<symbol>`. */
const DRAWING = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function siteIcon(module: object): SiteIcon {
  const { name, body } = drawingOf(module);
  const id = `icon-${name}`;
  const inline = { __html: body };
  const Icon = ({ className, ...props }: SiteIconProps) => {
    const sprite = useContext(SpriteContext);
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined || props.role !== undefined;
    const common = {
      width: 24,
      height: 24,
      "aria-hidden": labelled ? undefined : true,
      className: className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`,
    } as const;
    // A symbol's own attributes win over what its <use> inherits: an icon drawn differently
    // (another stroke width, say) draws itself.
    const restyled = Object.keys(props).some((key) => key in DRAWING);
    if (!sprite || restyled) return <svg {...DRAWING} {...common} {...props} dangerouslySetInnerHTML={inline} />;
    sprite.set(id, body);
    return (
      <svg {...common} {...props}>
        <use href={`#${id}`} />
      </svg>
    );
  };
  Icon.displayName = name;
  return Icon;
}

/**
 * Wrap a page in it to draw its icons from one sprite: the sprite follows the children, with a symbol for
 * each icon they used. Server-rendered pages only (it is filled during the render).
 */
export function IconSprite({ children }: { children: ReactNode }) {
  const [used] = useState(() => new Map<string, string>());
  return (
    <SpriteContext value={used}>
      {children}
      <SpriteSheet used={used} />
    </SpriteContext>
  );
}

function SpriteSheet({ used }: { used: Map<string, string> }) {
  if (used.size === 0) return null;
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      {[...used].map(([id, body]) => (
        <symbol key={id} id={id} {...DRAWING} dangerouslySetInnerHTML={{ __html: body }} />
      ))}
    </svg>
  );
}

export const ArrowLeft = siteIcon(arrowLeft);
export const ArrowRight = siteIcon(arrowRight);
export const Award = siteIcon(award);
export const Building = siteIcon(building);
export const Check = siteIcon(check);
export const ChevronLeft = siteIcon(chevronLeft);
export const ChevronRight = siteIcon(chevronRight);
export const CircleAlert = siteIcon(circleAlert);
export const CircleCheck = siteIcon(circleCheck);
export const ClipboardCheck = siteIcon(clipboardCheck);
export const Clock = siteIcon(clock);
export const Cloud = siteIcon(cloud);
export const Compass = siteIcon(compass);
export const Construction = siteIcon(construction);
export const ExternalLink = siteIcon(externalLink);
export const Eye = siteIcon(eye);
export const FileCheck = siteIcon(fileCheck);
export const FileDown = siteIcon(fileDown);
export const FileText = siteIcon(fileText);
export const Hammer = siteIcon(hammer);
export const HardHat = siteIcon(hardHat);
export const HeartHandshake = siteIcon(heartHandshake);
export const House = siteIcon(house);
export const Info = siteIcon(info);
export const Layers = siteIcon(layers);
export const Mail = siteIcon(mail);
export const MapPin = siteIcon(mapPin);
export const Maximize2 = siteIcon(maximize2);
export const Medal = siteIcon(medal);
export const Menu = siteIcon(menu);
export const Package = siteIcon(packageIcon);
export const Palette = siteIcon(palette);
export const Phone = siteIcon(phone);
export const Scale = siteIcon(scale);
export const Settings = siteIcon(settings);
export const Shield = siteIcon(shield);
export const ShieldCheck = siteIcon(shieldCheck);
export const Star = siteIcon(star);
export const Target = siteIcon(target);
export const TriangleAlert = siteIcon(triangleAlert);
export const Trophy = siteIcon(trophy);
export const Upload = siteIcon(upload);
export const UserRound = siteIcon(userRound);
export const Users = siteIcon(users);
export const Wrench = siteIcon(wrench);
export const X = siteIcon(x);
export const Zap = siteIcon(zap);
