import { PASSWORD_MAX_LENGTH, PASSWORD_MAX_UTF16_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/accounts/constants";
import { FormField } from "./form-field";

/**
 * "New password" and "Confirm new password", with the password policy's limits (reset and change forms).
 * `maxLength` counts UTF-16 units in a browser: twice the limit in characters, so 128 emoji fit; the
 * server judges the rest (password-policy.server.ts).
 */
export function NewPasswordFields({
  errors,
  labels = { password: "New password", confirmPassword: "Confirm new password" },
}: {
  errors: { password?: string; confirmPassword?: string };
  labels?: { password: string; confirmPassword: string };
}) {
  return (
    <>
      <FormField
        name="password"
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_UTF16_LENGTH}
        hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A passphrase of a few words works well.`}
        error={errors.password}
      />
      <FormField
        name="confirmPassword"
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_UTF16_LENGTH}
        error={errors.confirmPassword}
      />
    </>
  );
}
