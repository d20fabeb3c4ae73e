import { Eye, FileText, History, ImagePlus, Images, type LucideIcon, Plus, Settings, UserPlus, Users, Wrench, ImageUp } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/cms";
import { AdminData } from "~/components/admin/admin-data";
import { AdminPage } from "~/components/admin/admin-page";
import { DashboardCard } from "~/components/admin/dashboard-card";
import { buttonVariants } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { type CmsOverview, loadCmsOverview, type StatusCounts } from "~/domain/cms/cms-overview.server";
import { CMS_HUB_TEXT } from "~/domain/cms/recent-changes";
import { adminLoad } from "~/lib/admin-action.server";

/**
 * The content management hub, /admin/cms (spec 2 §2): the four managers
 * (Services Manager, Team Members, Page Content, Site Settings) and the
 * Gallery (issue 12 item 3, ADR 025), each with
 * Manage and Preview ({route}/preview) and its count; the Status Overview
 * (published / draft / archived); Recent Changes from the audit log; quick
 * actions. Every figure is computed from the data when the page loads (the
 * spec's fixed figures and its "always No recent changes" are not copied).
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { overview: adminLoad(() => loadCmsOverview(), CMS_HUB_TEXT.loadFailed) };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: CMS_HUB_TEXT.title }, { name: "robots", content: "noindex" }];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface Manager {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  figure: (overview: CmsOverview) => string;
  /** Whether `${to}/preview` shows the manager's content as the public site will (the media library has none). */
  preview?: false;
}

const MANAGERS: readonly Manager[] = [
  {
    title: "Services Manager",
    description: "The services on the website, the featured ones on the home page.",
    to: "/admin/cms/services",
    icon: Wrench,
    figure: ({ counts }) => plural(counts.services, "service", "services"),
  },
  {
    title: "Team Members",
    description: "The people of the team page and the leadership section.",
    to: "/admin/cms/team",
    icon: Users,
    figure: ({ counts }) => plural(counts.teamMembers, "member", "members"),
  },
  {
    title: "Page Content",
    description: "The pages and the content blocks of their sections.",
    to: "/admin/cms/pages",
    icon: FileText,
    figure: ({ counts }) => `${plural(counts.blocks, "content block", "content blocks")}, ${plural(counts.pages, "page", "pages")}`,
  },
  {
    title: "Gallery",
    description: "The projects of the Our Work page, with their photos.",
    to: "/admin/cms/gallery",
    icon: Images,
    figure: ({ counts }) => plural(counts.gallery, "project", "projects"),
  },
  {
    title: "Media Library",
    description: "Photos for services, team members and gallery projects, with resized copies for fast pages.",
    to: "/admin/media",
    icon: ImageUp,
    figure: ({ counts }) => plural(counts.media, "image", "images"),
    preview: false,
  },
  {
    title: "Site Settings",
    description: "Contact details, business facts and other settings.",
    to: "/admin/cms/settings",
    icon: Settings,
    figure: ({ counts }) => plural(counts.settings, "setting", "settings"),
  },
];

export default function ContentManagement({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={CMS_HUB_TEXT.title} description="Everything the public website shows: services, team, page texts, gallery projects and site settings.">
      <AdminData resolve={loaderData.overview} loadingText={CMS_HUB_TEXT.loading}>
        {(overview) => <Hub overview={overview} />}
      </AdminData>
    </AdminPage>
  );
}

function Hub({ overview }: { overview: CmsOverview }) {
  return (
    <div className="grid gap-8">
      <ul aria-label="Content managers" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {MANAGERS.map((manager) => (
          <li key={manager.to} className="grid">
            <ManagerCard manager={manager} figure={manager.figure(overview)} />
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <StatusOverview statuses={overview.statuses} />
        <QuickActions />
      </div>
      <RecentChanges changes={overview.recentChanges} />
    </div>
  );
}

function ManagerCard({ manager, figure }: { manager: Manager; figure: string }) {
  const { title, to } = manager;
  return (
    <DashboardCard
      title={title}
      description={manager.description}
      to={to}
      icon={manager.icon}
      figure={figure}
      // A count of what exists is not something to act on: not in the red of the dashboard's "new leads".
      figureTone="neutral"
      actions={
        <>
          <Link to={to} className={buttonVariants({ size: "sm" })}>
            Manage<span className="sr-only"> {title}</span>
          </Link>
          {manager.preview !== false && (
            <Link to={`${to}/preview`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Eye aria-hidden="true" />
              Preview<span className="sr-only"> {title}</span>
            </Link>
          )}
        </>
      }
    />
  );
}

const STATUS_COLUMNS = [
  { key: "published", label: "Published", tone: "text-success" },
  { key: "draft", label: "Draft", tone: "text-warning" },
  { key: "archived", label: "Archived", tone: "text-slate-600" },
] as const satisfies ReadonlyArray<{ key: keyof StatusCounts; label: string; tone: string }>;

const STATUS_ROWS = [
  { key: "services", label: "Services" },
  { key: "teamMembers", label: "Team members" },
  { key: "pages", label: "Pages" },
  { key: "blocks", label: "Content blocks" },
  { key: "gallery", label: "Gallery projects" },
] as const;

function StatusOverview({ statuses }: { statuses: CmsOverview["statuses"] }) {
  return (
    <section aria-labelledby="status-overview-heading" className="grid content-start gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id="status-overview-heading" className="text-lg font-semibold text-brand-navy">
        Status Overview
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {STATUS_COLUMNS.map((column) => (
          <div key={column.key} data-status={column.key} className="rounded-lg bg-slate-50 p-3 text-center">
            <dt className="text-sm text-slate-600">{column.label}</dt>
            <dd className={`text-3xl font-bold ${column.tone}`}>{statuses.total[column.key]}</dd>
          </div>
        ))}
      </dl>
      <Table>
        <caption className="sr-only">Status of the content, by kind</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Content</TableHead>
            {STATUS_COLUMNS.map((column) => (
              <TableHead key={column.key} scope="col" className="text-right">
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {STATUS_ROWS.map((row) => (
            <TableRow key={row.key} data-kind={row.key}>
              <TableHead scope="row" className="font-medium text-slate-800">
                {row.label}
              </TableHead>
              {STATUS_COLUMNS.map((column) => (
                <TableCell key={column.key} className="text-right tabular-nums">
                  {statuses[row.key][column.key]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-heading" className="grid content-start gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id="quick-actions-heading" className="text-lg font-semibold text-brand-navy">
        Quick Actions
      </h2>
      <div className="grid gap-2">
        <Link to="/admin/cms/services/new" className={buttonVariants({ variant: "outline", className: "justify-start" })}>
          <Plus aria-hidden="true" />
          Add New Service
        </Link>
        <Link to="/admin/cms/team/new" className={buttonVariants({ variant: "outline", className: "justify-start" })}>
          <UserPlus aria-hidden="true" />
          Add Team Member
        </Link>
        <Link to="/admin/cms/gallery/new" className={buttonVariants({ variant: "outline", className: "justify-start" })}>
          <ImagePlus aria-hidden="true" />
          Add Gallery Project
        </Link>
      </div>
    </section>
  );
}

function RecentChanges({ changes }: { changes: CmsOverview["recentChanges"] }) {
  return (
    <section aria-labelledby="recent-changes-heading" className="grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id="recent-changes-heading" className="flex items-center gap-2 text-lg font-semibold text-brand-navy">
        <History aria-hidden="true" className="size-5" />
        Recent Changes
      </h2>
      {changes.length === 0 ? (
        <p className="text-slate-600">{CMS_HUB_TEXT.noRecentChanges}</p>
      ) : (
        <ol aria-labelledby="recent-changes-heading" className="divide-y divide-border">
          {changes.map((change) => (
            <li key={change.id} data-change className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <span className="font-medium break-words text-slate-900">{change.what}</span>
              <span className="text-sm text-slate-600">
                {change.who} · <time dateTime={change.occurredAt}>{change.when}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
