import { useEffect, useState } from "react";
import type { CustomFieldProps } from "~/components/admin/admin-form";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { describeContentPath } from "~/domain/cms/block-content";
import { canonicalJson } from "~/domain/cms/block-draft";
import { jsonProblem, pageMetadataSchema } from "~/domain/cms/content-admin-schemas";
import { type EditorMode, JsonTextarea, ModeSwitch, SubField, SwitchProblem } from "./editor-parts";

/**
 * A page's metadata (/admin/cms/pages), as the kit's custom field: the title,
 * description and social image the public page uses, in a small form or as raw
 * JSON. The value posted is the JSON; the action's schema (pageMetadataSchema)
 * checks it.
 */

interface MetadataDraft {
  title: string;
  description: string;
  ogImage: string;
}

const EMPTY: MetadataDraft = { title: "", description: "", ogImage: "" };

const str = (value: unknown) => (typeof value === "string" ? value : "");

function draftFrom(value: unknown): MetadataDraft {
  const meta = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { title: str(meta.title), description: str(meta.description), ogImage: str(meta.ogImage) };
}

function serialize(draft: MetadataDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ["title", "description", "ogImage"] as const) if (draft[key].trim()) out[key] = draft[key];
  return out;
}

const fits = (value: unknown) => Boolean(value) && typeof value === "object" && !Array.isArray(value) && canonicalJson(serialize(draftFrom(value))) === canonicalJson(value);

function startingState(initialValue: string): { mode: EditorMode; draft: MetadataDraft; json: string } {
  if (!initialValue.trim()) return { mode: "form", draft: EMPTY, json: "" };
  if (jsonProblem(initialValue)) return { mode: "json", draft: EMPTY, json: initialValue };
  const parsed: unknown = JSON.parse(initialValue);
  return fits(parsed) ? { mode: "form", draft: draftFrom(parsed), json: "" } : { mode: "json", draft: EMPTY, json: JSON.stringify(parsed, null, 2) };
}

export function PageMetadataEditor({ id, label, initialValue, value, onChange, error, describedBy }: CustomFieldProps) {
  const [state, setState] = useState(() => startingState(initialValue));
  const [switchProblem, setSwitchProblem] = useState<string | null>(null);

  const posted = state.mode === "json" ? state.json : JSON.stringify(serialize(state.draft));
  useEffect(() => {
    if (posted !== value) onChange(posted);
  }, [posted, value, onChange]);

  const switchMode = (mode: EditorMode) => {
    if (mode === state.mode) return;
    if (mode === "json") {
      setSwitchProblem(null);
      setState((current) => ({ ...current, mode, json: JSON.stringify(serialize(current.draft), null, 2) }));
      return;
    }
    if (!state.json.trim()) {
      setSwitchProblem(null);
      setState({ mode, draft: EMPTY, json: "" });
      return;
    }
    const problem = jsonProblem(state.json);
    if (problem) {
      setSwitchProblem(`The JSON cannot be shown in the form: it is not valid JSON (${problem}). Fix it, or empty it to start over.`);
      return;
    }
    const parsed: unknown = JSON.parse(state.json);
    if (!fits(parsed)) {
      const check = pageMetadataSchema.safeParse(parsed);
      const first = check.success ? null : check.error.issues[0];
      const detail = first ? ` (${[describeContentPath(first.path), first.message].filter(Boolean).join(": ")})` : "";
      setSwitchProblem(`This JSON does not fit the metadata form${detail}. Fix it here first.`);
      return;
    }
    setSwitchProblem(null);
    setState({ mode, draft: draftFrom(parsed), json: "" });
  };

  const messages: Record<string, string> = {};
  if (error && state.mode === "form") {
    const check = pageMetadataSchema.safeParse(serialize(state.draft));
    if (!check.success) for (const issue of check.error.issues) messages[String(issue.path[0] ?? "_root")] ??= issue.message;
  }
  const set = (key: keyof MetadataDraft) => (text: string) => setState((current) => ({ ...current, draft: { ...current.draft, [key]: text } }));
  const problemId = `${id}-switch-problem`;

  return (
    <div className="grid gap-4 rounded-lg border border-border bg-slate-50/60 p-3 sm:p-4">
      <ModeSwitch mode={state.mode} onChange={switchMode} label={label} />
      {switchProblem && <SwitchProblem id={problemId}>{switchProblem}</SwitchProblem>}
      {state.mode === "json" ? (
        <JsonTextarea
          id={id}
          label={label}
          value={state.json}
          onChange={(json) => setState((current) => ({ ...current, json }))}
          invalid={Boolean(error)}
          describedBy={[describedBy, switchProblem ? problemId : null].filter(Boolean).join(" ") || undefined}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SubField id={id} label="Search title" hint="The title in search results and browser tabs." message={messages.title}>
            {(control) => <Input {...control} value={state.draft.title} onChange={(event) => set("title")(event.currentTarget.value)} maxLength={200} />}
          </SubField>
          <SubField id={`${id}-og-image`} label="Social image" hint="Shown when the page is shared: /images/... or https://..." message={messages.ogImage}>
            {(control) => <Input {...control} value={state.draft.ogImage} onChange={(event) => set("ogImage")(event.currentTarget.value)} maxLength={2000} />}
          </SubField>
          <SubField id={`${id}-description`} label="Search description" message={messages.description} className="sm:col-span-2">
            {(control) => (
              <Textarea {...control} value={state.draft.description} onChange={(event) => set("description")(event.currentTarget.value)} rows={2} maxLength={500} />
            )}
          </SubField>
          {messages._root && <p className="text-sm font-medium text-destructive sm:col-span-2">{messages._root}</p>}
        </div>
      )}
    </div>
  );
}
