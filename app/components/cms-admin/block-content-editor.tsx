import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type * as React from "react";
import type { CustomFieldProps } from "~/components/admin/admin-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { BLOCK_TYPE_LABELS, type BlockType, describeContentPath, isBlockType, parseBlockContent } from "~/domain/cms/block-content";
import {
  type BlockDraft,
  draftForType,
  draftFrom,
  emptyCard,
  emptyFeature,
  emptyItem,
  fitsDraft,
  ICON_OPTIONS,
  moved,
  newDraft,
  serializeDraft,
} from "~/domain/cms/block-draft";
import { jsonProblem } from "~/domain/cms/content-admin-schemas";
import { type EditorMode, EntryButtons, JsonTextarea, ModeSwitch, SelectControl, SubField, SwitchProblem } from "./editor-parts";

/**
 * The content of a block (/admin/cms/pages), as the kit's custom field
 * (`kind: "custom"`, watching `blockType`): a form that fits the block's type
 * (a card grid is a list of cards with add, remove and reorder; a text block
 * is a heading and paragraphs...), or its raw JSON. The value posted is the
 * JSON either way; the action's schema (the type's, block-content.ts) checks
 * it, and this editor shows each problem next to the input it concerns.
 */

interface EditorState {
  mode: EditorMode;
  draft: BlockDraft;
  json: string;
}

function startingState(type: BlockType, initialValue: string): EditorState {
  if (!initialValue.trim()) return { mode: "form", draft: newDraft(type), json: "" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(initialValue);
  } catch {
    return { mode: "json", draft: newDraft(type), json: initialValue };
  }
  // Content the form cannot show without changing it stays in JSON mode.
  if (!fitsDraft(type, parsed)) return { mode: "json", draft: newDraft(type), json: JSON.stringify(parsed, null, 2) };
  return { mode: "form", draft: draftForType(type, draftFrom(parsed)), json: "" };
}

/** Where a schema issue is shown in the form: "cards.1.title", "body", "_root"... */
function messageKey(path: ReadonlyArray<PropertyKey>): string {
  const parts = path.map(String);
  if (parts[0] === "paragraphs") return "body";
  if (parts[2] === "link") return `${parts[0]}.${parts[1]}.${parts[3] === "label" ? "linkLabel" : "linkHref"}`;
  return parts.join(".") || "_root";
}

export function BlockContentEditor(props: CustomFieldProps) {
  const { id, label, error, describedBy, onChange, value, watched, initialValue } = props;
  const type: BlockType = isBlockType(watched.blockType) ? watched.blockType : "text";
  const [state, setState] = useState(() => startingState(type, initialValue));
  const [switchProblem, setSwitchProblem] = useState<string | null>(null);

  // A new type keeps what was typed (cards become features...) and gets what it needs.
  const shownType = useRef(type);
  useEffect(() => {
    if (shownType.current === type) return;
    shownType.current = type;
    setState((current) => (current.mode === "form" ? { ...current, draft: draftForType(type, current.draft) } : current));
  }, [type]);

  const posted = state.mode === "json" ? state.json : JSON.stringify(serializeDraft(type, state.draft));
  useEffect(() => {
    if (posted !== value) onChange(posted);
  }, [posted, value, onChange]);

  const setDraft = (update: (draft: BlockDraft) => BlockDraft) => setState((current) => ({ ...current, draft: update(current.draft) }));

  const switchMode = (mode: EditorMode) => {
    if (mode === state.mode) return;
    if (mode === "json") {
      setSwitchProblem(null);
      setState((current) => ({ ...current, mode, json: JSON.stringify(serializeDraft(type, current.draft), null, 2) }));
      return;
    }
    if (!state.json.trim()) {
      setSwitchProblem(null);
      setState({ mode, draft: newDraft(type), json: "" });
      return;
    }
    const problem = jsonProblem(state.json);
    if (problem) {
      setSwitchProblem(`The JSON cannot be shown in the form: it is not valid JSON (${problem}). Fix it, or empty it to start over.`);
      return;
    }
    const parsed: unknown = JSON.parse(state.json);
    if (!fitsDraft(type, parsed)) {
      const check = parseBlockContent(type, parsed);
      const first = check.success ? null : check.error.issues[0];
      const detail = first ? ` (${[describeContentPath(first.path), first.message].filter(Boolean).join(": ")})` : "";
      setSwitchProblem(`This JSON does not fit the ${BLOCK_TYPE_LABELS[type]} form${detail}. Fix it here first.`);
      return;
    }
    setSwitchProblem(null);
    setState({ mode, draft: draftForType(type, draftFrom(parsed)), json: "" });
  };

  // After a save was refused, each problem is shown next to its input (and updated as it is fixed).
  const messages: Record<string, string> = {};
  if (error && state.mode === "form") {
    const check = parseBlockContent(type, serializeDraft(type, state.draft));
    if (!check.success) for (const issue of check.error.issues) messages[messageKey(issue.path)] ??= issue.message;
  }

  const problemId = `${id}-switch-problem`;
  return (
    <div className="grid gap-4 rounded-lg border border-border bg-slate-50/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ModeSwitch mode={state.mode} onChange={switchMode} label={label} />
        <p className="text-xs text-muted-foreground">{BLOCK_TYPE_LABELS[type]} block</p>
      </div>
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
        <BlockForm id={id} type={type} draft={state.draft} setDraft={setDraft} messages={messages} />
      )}
    </div>
  );
}

interface FormProps {
  id: string;
  type: BlockType;
  draft: BlockDraft;
  setDraft: (update: (draft: BlockDraft) => BlockDraft) => void;
  messages: Record<string, string>;
}

function TextInput({ value, onChange, ...props }: Omit<React.ComponentProps<"input">, "onChange" | "value"> & { value: string; onChange: (value: string) => void }) {
  return <Input {...props} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
}

function TextArea({ value, onChange, ...props }: Omit<React.ComponentProps<"textarea">, "onChange" | "value"> & { value: string; onChange: (value: string) => void }) {
  return <Textarea {...props} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
}

function BlockForm({ id, type, draft, setDraft, messages }: FormProps) {
  const set = <K extends keyof BlockDraft>(key: K) => (value: BlockDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const hasIntro = type === "card_grid" || type === "list" || type === "feature_list" || type === "feature_grid";
  const hasBody = type === "text" || type === "image_text";
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SubField id={id} label="Heading" required={type === "image_text"} message={messages.heading}>
          {(control) => <TextInput {...control} value={draft.heading} onChange={set("heading")} maxLength={200} />}
        </SubField>
        <SubField id={`${id}-eyebrow`} label="Eyebrow" hint="The short line above the heading." message={messages.eyebrow}>
          {(control) => <TextInput {...control} value={draft.eyebrow} onChange={set("eyebrow")} maxLength={100} />}
        </SubField>
      </div>
      {hasIntro && (
        <SubField id={`${id}-intro`} label="Introduction" message={messages.intro}>
          {(control) => <TextArea {...control} value={draft.intro} onChange={set("intro")} rows={2} />}
        </SubField>
      )}
      {hasBody && (
        <SubField id={`${id}-body`} label="Text" required hint="Separate paragraphs with a blank line." message={messages.body}>
          {(control) => <TextArea {...control} value={draft.body} onChange={set("body")} rows={6} />}
        </SubField>
      )}
      {type === "image_text" && <ImageFields id={id} draft={draft} set={set} messages={messages} />}
      {type === "card_grid" && <CardsEditor id={id} draft={draft} setDraft={setDraft} messages={messages} />}
      {(type === "feature_list" || type === "feature_grid") && <FeaturesEditor id={id} draft={draft} setDraft={setDraft} messages={messages} />}
      {type === "list" && <ItemsEditor id={id} draft={draft} setDraft={setDraft} messages={messages} />}
      {messages._root && <p className="text-sm font-medium text-destructive">{messages._root}</p>}
    </div>
  );
}

function ImageFields({
  id,
  draft,
  set,
  messages,
}: {
  id: string;
  draft: BlockDraft;
  set: <K extends keyof BlockDraft>(key: K) => (value: BlockDraft[K]) => void;
  messages: Record<string, string>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SubField id={`${id}-image-url`} label="Image address" required hint="A path on this site (/images/...) or a full https:// address." message={messages.imageUrl}>
        {(control) => <TextInput {...control} value={draft.imageUrl} onChange={set("imageUrl")} maxLength={2000} />}
      </SubField>
      <SubField id={`${id}-image-alt`} label="Image description" required hint="What the image shows, for people who cannot see it." message={messages.imageAlt}>
        {(control) => <TextInput {...control} value={draft.imageAlt} onChange={set("imageAlt")} maxLength={300} />}
      </SubField>
      <SubField id={`${id}-image-side`} label="Image side" message={messages.imageSide}>
        {(control) => (
          <SelectControl
            {...control}
            value={draft.imageSide}
            onChange={(side) => set("imageSide")(side === "left" ? "left" : "right")}
            options={[
              { value: "right", label: "Right of the text" },
              { value: "left", label: "Left of the text" },
            ]}
          />
        )}
      </SubField>
    </div>
  );
}

function ListMessage({ message }: { message?: string }) {
  return message ? <p className="text-sm font-medium text-destructive">{message}</p> : null;
}

function CardsEditor({ id, draft, setDraft, messages }: Omit<FormProps, "type">) {
  const update = (index: number, change: Partial<BlockDraft["cards"][number]>) =>
    setDraft((current) => ({ ...current, cards: current.cards.map((card, i) => (i === index ? { ...card, ...change } : card)) }));
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold text-slate-800">Cards</h3>
      <ol className="grid gap-3">
        {draft.cards.map((card, index) => {
          const base = `${id}-card-${card.key}`;
          const at = (field: string) => messages[`cards.${index}.${field}`];
          return (
            <li key={card.key}>
              <fieldset className="rounded-md border border-border bg-white p-3">
                <legend className="float-left py-1 text-sm font-semibold text-brand-navy">Card {index + 1}</legend>
                <div className="float-right">
                  <EntryButtons
                    what="card"
                    index={index}
                    count={draft.cards.length}
                    onMove={(to) => setDraft((current) => ({ ...current, cards: moved(current.cards, index, to) }))}
                    onRemove={() => setDraft((current) => ({ ...current, cards: current.cards.filter((_, i) => i !== index) }))}
                  />
                </div>
                <div className="clear-both grid gap-3 pt-2 sm:grid-cols-2">
                  <SubField id={`${base}-title`} label="Title" required message={at("title")}>
                    {(control) => <TextInput {...control} value={card.title} onChange={(title) => update(index, { title })} maxLength={200} />}
                  </SubField>
                  <SubField id={`${base}-icon`} label="Icon" message={at("icon")}>
                    {(control) => <SelectControl {...control} value={card.icon} onChange={(icon) => update(index, { icon })} options={ICON_OPTIONS} />}
                  </SubField>
                  <SubField id={`${base}-text`} label="Text" required message={at("text")} className="sm:col-span-2">
                    {(control) => <TextArea {...control} value={card.text} onChange={(text) => update(index, { text })} rows={3} />}
                  </SubField>
                  <SubField id={`${base}-link-label`} label="Link text" message={at("linkLabel")}>
                    {(control) => <TextInput {...control} value={card.linkLabel} onChange={(linkLabel) => update(index, { linkLabel })} maxLength={100} />}
                  </SubField>
                  <SubField id={`${base}-link-href`} label="Link address" hint="/page, #section or https://..." message={at("linkHref")}>
                    {(control) => <TextInput {...control} value={card.linkHref} onChange={(linkHref) => update(index, { linkHref })} maxLength={2000} />}
                  </SubField>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ListMessage message={messages.cards} />
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setDraft((current) => ({ ...current, cards: [...current.cards, emptyCard()] }))}>
        <Plus aria-hidden="true" />
        Add card
      </Button>
    </div>
  );
}

function FeaturesEditor({ id, draft, setDraft, messages }: Omit<FormProps, "type">) {
  const update = (index: number, change: Partial<BlockDraft["features"][number]>) =>
    setDraft((current) => ({ ...current, features: current.features.map((feature, i) => (i === index ? { ...feature, ...change } : feature)) }));
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold text-slate-800">Features</h3>
      <ol className="grid gap-3">
        {draft.features.map((feature, index) => {
          const base = `${id}-feature-${feature.key}`;
          const at = (field: string) => messages[`features.${index}.${field}`];
          return (
            <li key={feature.key}>
              <fieldset className="rounded-md border border-border bg-white p-3">
                <legend className="float-left py-1 text-sm font-semibold text-brand-navy">Feature {index + 1}</legend>
                <div className="float-right">
                  <EntryButtons
                    what="feature"
                    index={index}
                    count={draft.features.length}
                    onMove={(to) => setDraft((current) => ({ ...current, features: moved(current.features, index, to) }))}
                    onRemove={() => setDraft((current) => ({ ...current, features: current.features.filter((_, i) => i !== index) }))}
                  />
                </div>
                <div className="clear-both grid gap-3 pt-2 sm:grid-cols-2">
                  <SubField id={`${base}-title`} label="Title" required message={at("title")}>
                    {(control) => <TextInput {...control} value={feature.title} onChange={(title) => update(index, { title })} maxLength={200} />}
                  </SubField>
                  <SubField id={`${base}-icon`} label="Icon" message={at("icon")}>
                    {(control) => <SelectControl {...control} value={feature.icon} onChange={(icon) => update(index, { icon })} options={ICON_OPTIONS} />}
                  </SubField>
                  <SubField id={`${base}-description`} label="Description" required message={at("description")} className="sm:col-span-2">
                    {(control) => <TextArea {...control} value={feature.description} onChange={(description) => update(index, { description })} rows={3} />}
                  </SubField>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ListMessage message={messages.features} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => setDraft((current) => ({ ...current, features: [...current.features, emptyFeature()] }))}
      >
        <Plus aria-hidden="true" />
        Add feature
      </Button>
    </div>
  );
}

function ItemsEditor({ id, draft, setDraft, messages }: Omit<FormProps, "type">) {
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold text-slate-800">Items</h3>
      <ol className="grid gap-2">
        {draft.items.map((item, index) => (
          <li key={item.key} className="flex items-end gap-2">
            <SubField id={`${id}-item-${item.key}`} label={`Item ${index + 1}`} required message={messages[`items.${index}`]} className="flex-1">
              {(control) => (
                <TextInput
                  {...control}
                  value={item.text}
                  onChange={(text) => setDraft((current) => ({ ...current, items: current.items.map((it, i) => (i === index ? { ...it, text } : it)) }))}
                  maxLength={500}
                />
              )}
            </SubField>
            <EntryButtons
              what="item"
              index={index}
              count={draft.items.length}
              onMove={(to) => setDraft((current) => ({ ...current, items: moved(current.items, index, to) }))}
              onRemove={() => setDraft((current) => ({ ...current, items: current.items.filter((_, i) => i !== index) }))}
            />
          </li>
        ))}
      </ol>
      <ListMessage message={messages.items} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => setDraft((current) => ({ ...current, items: [...current.items, emptyItem()] }))}>
          <Plus aria-hidden="true" />
          Add item
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.ordered}
            onChange={(event) => {
              const ordered = event.currentTarget.checked;
              setDraft((current) => ({ ...current, ordered }));
            }}
            className="size-4 accent-brand-navy"
          />
          Numbered list
        </label>
      </div>
    </div>
  );
}
