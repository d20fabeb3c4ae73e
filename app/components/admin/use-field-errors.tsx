import { useEffect } from "react";

/** What a refused form answers: the first message per field (and whether it was refused at all). */
interface FieldErrorsAnswer {
  ok: boolean;
  fieldErrors?: Partial<Record<string, string>>;
}

/**
 * A refused form's message per field, for pages with several plain forms (the lead page, a portal
 * request): `invalid(name)` marks the control (aria-invalid, described by its message), `message(name)` is
 * the message under it. `fieldIds` maps each field's name to its control's element id. After a refused
 * post the first field in error gets the focus: the forms keep their scroll position, and the page's
 * banner may be out of sight.
 */
export function useFieldErrors(actionData: FieldErrorsAnswer | undefined, fieldIds: Readonly<Record<string, string>>) {
  const errors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  useEffect(() => {
    const first = Object.keys(actionData?.fieldErrors ?? {}).find((name) => fieldIds[name]);
    if (actionData && !actionData.ok && first) document.getElementById(fieldIds[first]!)?.focus();
  }, [actionData, fieldIds]);
  return {
    invalid: (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${fieldIds[name]}-error` } : {}),
    message: (name: string) =>
      errors[name] ? (
        <p id={`${fieldIds[name]}-error`} className="mt-1 text-sm text-destructive">
          {errors[name]}
        </p>
      ) : null,
  };
}
