import { Calculator, CalendarClock, FileText, Inbox, LayoutTemplate, Settings, ShieldCheck, Star, Users } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { z } from "zod";
import { adminClientAction } from "~/components/admin/admin-client-action";
import { BackupStatus } from "~/components/admin/backup-status";
import { MailNotSentNotice } from "~/components/admin/mail-not-sent-notice";
import { DashboardCard, type DashboardCardProps } from "~/components/admin/dashboard-card";
import { JobsNotRunningNotice } from "~/components/admin/jobs-not-running-notice";
import { LeadsPerWeekChart } from "~/components/leads/leads-per-week-chart";
import { countPendingAccounts } from "~/domain/accounts/count-pending-accounts.server";
import { requireAdmin, requireSuperAdmin } from "~/domain/accounts/guards.server";
import { backupStatus } from "~/domain/backups/backup-status.server";
import { mailNotice } from "~/domain/email/mail-notice.server";
import { BACKUP_TEXT, requestBackup } from "~/domain/backups/request-backup.server";
import { countNewLeads } from "~/domain/leads/count-new-leads.server";
import { leadsPerWeek } from "~/domain/leads/leads-per-week.server";
import { jobsNotice } from "~/domain/operations/jobs-heartbeat.server";
import { formatCents } from "~/domain/proposals/money";
import { proposalStats, type ProposalStats } from "~/domain/proposals/proposal-stats.server";
import { adminAction } from "~/lib/admin-action.server";
import { logger } from "~/lib/logger.server";

/**
 * /admin (spec 1 §2 "Admin dashboard"): greeting, and one card with an Open
 * button per admin screen; User Management and Backups (issue 20) only for super admins.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const [newLeads, pendingAccounts, weeks, jobs, backups, mail, proposals] = await Promise.all([
    countNewLeads(),
    user.isSuperAdmin ? countPendingAccounts() : Promise.resolve(null),
    leadsPerWeek({ weeks: 12 }),
    // Not knowing whether the jobs run is no reason to fail the dashboard.
    jobsNotice().catch((error: unknown) => {
      logger.warn({ err: error }, "dashboard: could not read the jobs' heartbeat");
      return null;
    }),
    user.isSuperAdmin ? backupStatus() : Promise.resolve(null),
    // Super admins are told when no email is sent (issue 32 item 3).
    user.isSuperAdmin ? mailNotice() : Promise.resolve(null),
    proposalStats(90),
  ]);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    isSuperAdmin: user.isSuperAdmin,
    newLeads,
    pendingAccounts,
    leadsPerWeek: weeks,
    jobs,
    backups,
    mail,
    proposals,
  };
}

export const clientAction = adminClientAction;

/** "Back up now" (super admins only: the guard, not the hidden button, is the protection). */
export const action = adminAction({
  guard: requireSuperAdmin,
  schema: z.discriminatedUnion("intent", [z.object({ intent: z.literal("backup-now") })]),
  intents: {
    "backup-now": { failure: BACKUP_TEXT.startFailed, run: (_input, { actor }) => requestBackup(actor) },
  },
});

export function meta(): Route.MetaDescriptors {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

function hoursText(hours: number): string {
  if (hours < 48) return `${Math.round(hours)} ${Math.round(hours) === 1 ? "hour" : "hours"}`;
  return `${Math.round(hours / 24)} days`;
}

/** Proposals sent in the last 90 days, the share accepted, their average value and how fast they went out. */
function ProposalFigures({ stats }: { stats: ProposalStats }) {
  const figures: Array<[string, string]> = [
    ["Proposals sent", String(stats.sent)],
    ["Acceptance rate", stats.acceptanceRate === null ? "—" : `${Math.round(stats.acceptanceRate * 100)}% (${stats.accepted} accepted)`],
    ["Average accepted value", stats.averageAcceptedCents === null ? "—" : formatCents(stats.averageAcceptedCents)],
    ["Median time from request to proposal", stats.medianHoursToProposal === null ? "—" : hoursText(stats.medianHoursToProposal)],
  ];
  return (
    <section aria-labelledby="proposal-figures" className="rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id="proposal-figures" className="text-lg font-bold text-brand-navy">
        Proposals, last {stats.days} days
      </h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, lastName, isSuperAdmin, newLeads, pendingAccounts } = loaderData;
  const cards: DashboardCardProps[] = [
    {
      title: "Lead Management",
      description: "Inspection requests from the website.",
      to: "/admin/leads",
      icon: Inbox,
      figure: plural(newLeads, "new lead", "new leads"),
    },
    { title: "Price Book", description: "Prices and defaults proposals are built from.", to: "/admin/price-book", icon: Calculator },
    { title: "Schedule", description: "Inspection hours, days off and what is booked.", to: "/admin/schedule", icon: CalendarClock },
    { title: "Content Management", description: "Services, team, pages and site texts.", to: "/admin/cms", icon: LayoutTemplate },
    { title: "Contracts", description: "Public bid opportunities and their sources.", to: "/admin/contracts", icon: FileText },
    { title: "GAF Portal Config", description: "Warranties, shingles, roof system and colors.", to: "/admin/gaf-config", icon: ShieldCheck },
    { title: "Reviews", description: "Customer reviews shown on the website.", to: "/admin/reviews", icon: Star },
    { title: "Site Configuration", description: "Contact details and business facts.", to: "/admin/site-config", icon: Settings },
  ];
  if (isSuperAdmin) {
    cards.push({
      title: "User Management",
      description: "Approve accounts and assign roles.",
      to: "/admin/users",
      icon: Users,
      figure: pendingAccounts ? plural(pendingAccounts, "account pending approval", "accounts pending approval") : null,
    });
  }
  return (
    // One column that never grows past the screen (a grid's auto column widens to its widest child).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-brand-navy">
          Welcome, {firstName} {lastName}
        </h1>
        <p className="mt-1 text-slate-600">Admin dashboard</p>
      </div>
      <JobsNotRunningNotice notice={loaderData.jobs} />
      <MailNotSentNotice notice={loaderData.mail} />
      {loaderData.backups && <BackupStatus status={loaderData.backups} />}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <DashboardCard key={card.to} {...card} />
        ))}
      </div>
      <ProposalFigures stats={loaderData.proposals} />
      <section aria-label="Leads per week" className="rounded-xl border border-border bg-white p-5 shadow-sm">
        <LeadsPerWeekChart weeks={loaderData.leadsPerWeek} />
      </section>
    </div>
  );
}
