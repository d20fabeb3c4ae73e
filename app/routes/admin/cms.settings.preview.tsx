import { Eye, Lock } from "lucide-react";
import type { Route } from "./+types/cms.settings.preview";
import { AdminData } from "~/components/admin/admin-data";
import { BackLink } from "~/components/admin/back-link";
import { BackToDashboard } from "~/components/admin/back-to-dashboard";
import { SafeHtml } from "~/components/cms/safe-html";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { SETTING_TEXT } from "~/domain/site-settings/admin-schemas";
import { SETTING_TYPE_LABELS } from "~/domain/site-settings/constants";
import { loadSettingsPreview } from "~/domain/site-settings/settings-preview.server";
import { adminLoad } from "~/lib/admin-action.server";

/**
 * /admin/cms/settings/preview (the hub's Site Settings preview): what the
 * public site gets from the settings, for staff only (requireAdmin), never
 * indexed or stored by a cache (the admin headers; the public page cache
 * skips /admin). It shows the public read model's result as it is now, the
 * values it replaced by defaults, the public settings no page reads yet (an
 * html one rendered through the sanitizer, as a page would), and which
 * settings are private: their keys only, since they are never sent.
 */

export { headers } from "./admin-headers";

const PREVIEW_BANNER_TEXT = "Preview: what the website gets from the settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { preview: adminLoad(loadSettingsPreview, SETTING_TEXT.loadFailed) };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Preview: Site Settings" }, { name: "robots", content: "noindex" }];
}

/** "address.postalCode" -> "Address: postal code". */
function label(path: string): string {
  return path
    .split(".")
    .map((part) => part.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase())
    .join(": ")
    .replace(/^./, (c) => c.toUpperCase());
}

/** The read model's result as label/value rows (nested objects flattened; lists of names joined). */
function rows(value: unknown, path = ""): Array<[string, string]> {
  if (value === null || value === undefined) return [[path, "(none)"]];
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string")) return [[path, value.length > 0 ? value.join(", ") : "(none)"]];
    return [[path, JSON.stringify(value)]];
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [[path, "(none)"]];
    return entries.flatMap(([key, inner]) => rows(inner, path ? `${path}.${key}` : key));
  }
  return [[path, String(value)]];
}

export default function SettingsPreview({ loaderData }: Route.ComponentProps) {
  return (
    // One column that never grows past the screen: a long value (an address, JSON) wraps instead of
    // widening the page (it did to ~700 px on a 390 px phone).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap gap-2">
        <BackToDashboard />
        <BackLink to="/admin/cms/settings">Back to Site Settings</BackLink>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Site Settings preview</h1>

      <div role="note" aria-labelledby="preview-banner" className="grid gap-2 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
        <p id="preview-banner" className="flex items-center gap-2 text-lg font-bold">
          <Eye className="size-5 shrink-0" aria-hidden="true" />
          {PREVIEW_BANNER_TEXT}
        </p>
        <p className="text-sm">
          The public site reads only public settings. Where one is missing or cannot be used, it shows its default instead. Private settings are never sent.
        </p>
      </div>

      <AdminData resolve={loaderData.preview} loadingText={SETTING_TEXT.loading}>
        {(preview) => (
          <>
            <section aria-labelledby="preview-public" className="grid gap-3">
              <h2 id="preview-public" className="text-xl font-semibold text-brand-navy">
                What every public page gets
              </h2>
              <dl data-preview="public" className="grid gap-x-6 gap-y-2 rounded-xl border border-border bg-white p-4 text-sm shadow-sm grid-cols-[minmax(0,1fr)] sm:grid-cols-[minmax(12rem,auto)_minmax(0,1fr)]">
                {rows(preview.settings).map(([path, value]) => (
                  <div key={path} className="contents">
                    <dt className="font-medium text-slate-700">{label(path)}</dt>
                    <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
                  </div>
                ))}
              </dl>
              <div data-preview="defaults" className="text-sm text-slate-700">
                {preview.warnings.length === 0 ? (
                  <p>Every value comes from its public setting: no defaults are used.</p>
                ) : (
                  <>
                    <p>These show their default, because the setting is missing, private or cannot be used:</p>
                    <ul className="list-disc pl-6">
                      {preview.warnings.map((warning, index) => (
                        <li key={`${warning.key}-${index}`}>
                          <span className="font-mono">{warning.key}</span>: {warning.problem === "missing" ? "missing or private" : (warning.detail ?? "cannot be used")}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            </section>

            <section aria-labelledby="preview-other" className="grid gap-3">
              <h2 id="preview-other" className="text-xl font-semibold text-brand-navy">
                Other public settings
              </h2>
              {preview.otherPublic.length === 0 ? (
                <p className="text-sm text-slate-700">None.</p>
              ) : (
                <>
                  <p className="text-sm text-slate-700">Public, so the website may show them, but no page reads them yet.</p>
                  <ul data-preview="other" className="grid gap-3">
                    {preview.otherPublic.map((setting) => (
                      <li key={setting.key} className="grid gap-2 rounded-xl border border-border bg-white p-4 text-sm shadow-sm">
                        <p>
                          <span className="font-mono font-semibold">{setting.key}</span> ({SETTING_TYPE_LABELS[setting.type]})
                          {setting.description && <span className="text-slate-600"> — {setting.description}</span>}
                        </p>
                        {setting.type === "html" ? (
                          <SafeHtml html={setting.value} className="prose-sm rounded-md border border-dashed border-slate-300 p-3" />
                        ) : (
                          <p className="font-mono whitespace-pre-wrap [overflow-wrap:anywhere]">{setting.value}</p>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>

            <section aria-labelledby="preview-private" className="grid gap-3">
              <h2 id="preview-private" className="text-xl font-semibold text-brand-navy">
                Private settings (never sent to the website)
              </h2>
              {preview.private.length === 0 ? (
                <p className="text-sm text-slate-700">None.</p>
              ) : (
                <ul data-preview="private" className="grid gap-1 text-sm">
                  {preview.private.map((setting) => (
                    <li key={setting.key} className="flex flex-wrap items-center gap-2">
                      <Lock className="size-4 text-slate-500" aria-hidden="true" />
                      <span className="font-mono [overflow-wrap:anywhere]">{setting.key}</span>
                      {setting.description && <span className="text-slate-600">— {setting.description}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </AdminData>
    </div>
  );
}
