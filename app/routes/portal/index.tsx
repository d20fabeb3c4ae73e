import { CalendarDays, FileText, MessageSquare } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { formatPortalDate } from "~/components/portal/format";
import { appointmentWords, CUSTOMER_APPOINTMENT_STATUS_WORDS } from "~/domain/leads/appointments/appointment-window";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { requireCustomer } from "~/domain/accounts/guards.server";
import { customerStatusWords, serviceLabel } from "~/domain/leads/options";
import { listCustomerRequests } from "~/domain/portal/list-customer-requests.server";
import { getPublicSiteSettings } from "~/domain/site-settings/public-site-settings.server";

/**
 * /portal (issue 22 item 2): the customer's requests, newest first, each with its status in plain words,
 * the appointment, what they sent and the unread messages; each opens /portal/requests/:id.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const [requests, settings] = await Promise.all([listCustomerRequests(user), getPublicSiteSettings()]);
  return {
    firstName: user.firstName,
    phone: settings.phone,
    phoneHref: settings.phoneHref,
    requests: requests.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Your requests" }, { name: "robots", content: "noindex" }];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export default function PortalHome({ loaderData }: Route.ComponentProps) {
  const { requests, firstName } = loaderData;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Your requests</h1>
        <p className="mt-2 text-slate-700">
          Welcome, {firstName}. Here you can follow your inspection requests, send us more photos, and write to our office.
        </p>
      </div>
      {requests.length === 0 ? (
        <div className="rounded-xl border border-slate-300 bg-white p-5">
          <p className="text-slate-800">There are no requests in your portal yet.</p>
          <p className="mt-2 text-slate-700">
            Requests sent with this email address appear here. You can{" "}
            <Link to="/contact" className="font-medium text-brand-navy underline underline-offset-4">
              ask for a free roof inspection
            </Link>{" "}
            or call us at{" "}
            <a href={loaderData.phoneHref} className="font-medium text-brand-navy underline underline-offset-4">
              {loaderData.phone}
            </a>
            .
          </p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Requests">
          {requests.map((r) => {
            const title = `${r.service ? serviceLabel(r.service) : "Inspection request"} from ${formatPortalDate(r.createdAt)}`;
            return (
              <li key={r.id} className="rounded-xl border border-slate-300 bg-white p-5 shadow-sm">
                <article aria-labelledby={`request-${r.id}`} className="grid gap-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id={`request-${r.id}`} className="text-lg font-bold text-brand-navy">
                      {title}
                    </h2>
                    <Badge variant="secondary">Status: {customerStatusWords(r.pipelineStatus)}</Badge>
                  </div>
                  {r.appointment && (
                    <p className="flex items-start gap-2 text-slate-800">
                      <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      <span>
                        Inspection: {appointmentWords(r.appointment)}. {CUSTOMER_APPOINTMENT_STATUS_WORDS[r.appointment.status]}
                      </span>
                    </p>
                  )}
                  {r.message && <p className="line-clamp-3 whitespace-pre-wrap text-slate-700">{r.message}</p>}
                  {r.photos.length > 0 && (
                    <ul className="flex flex-wrap gap-2" aria-label="Photos">
                      {r.photos.slice(0, 6).map((p) => (
                        <li key={p.id}>
                          {p.thumbnailReady ? (
                            <img
                              src={`/portal/requests/${r.id}/files/${p.id}/thumbnail`}
                              alt={p.name}
                              width={96}
                              height={72}
                              loading="lazy"
                              className="h-18 w-24 rounded-md border border-slate-200 object-cover"
                            />
                          ) : (
                            <span className="flex h-18 w-24 items-center justify-center rounded-md border border-slate-200 bg-slate-100 p-1 text-center text-xs text-slate-700">
                              {p.name}
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    <span>{plural(r.photos.length, "photo", "photos")}</span>
                    <span className="inline-flex items-center gap-1">
                      <FileText aria-hidden="true" className="size-4" />
                      {plural(r.documents, "document", "documents")}
                    </span>
                    {r.unreadMessages > 0 && (
                      <span className="inline-flex items-center gap-1 font-semibold text-brand-navy">
                        <MessageSquare aria-hidden="true" className="size-4" />
                        {plural(r.unreadMessages, "unread message", "unread messages")}
                      </span>
                    )}
                  </p>
                  <div>
                    <Link to={`/portal/requests/${r.id}`} className={buttonVariants({ size: "sm" })} aria-label={`Open request: ${title}`}>
                      Open request
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
