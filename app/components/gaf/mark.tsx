import { Check, X } from "~/components/site/icons";
import { triState } from "~/domain/gaf/format";

/**
 * A yes / no / unknown mark: an icon plus words, never colour alone.
 * Unknown (null) shows a dash, read as "Unknown".
 */
export function TriStateMark({ value }: { value: boolean | null }) {
  const { mark, label } = triState(value);
  if (mark === "unknown") {
    return (
      <span data-mark="unknown" title={label} className="inline-flex items-center text-slate-600">
        <span aria-hidden="true" className="font-semibold">
          &mdash;
        </span>
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  const Icon = mark === "yes" ? Check : X;
  return (
    <span
      data-mark={mark}
      className={mark === "yes" ? "inline-flex items-center gap-1.5 font-semibold text-success" : "inline-flex items-center gap-1.5 font-semibold text-slate-700"}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </span>
  );
}

/** A text value, or the unknown dash when it is missing. */
export function TextOrDash({ value }: { value: string | null }) {
  if (value) return <>{value}</>;
  return <TriStateMark value={null} />;
}
