import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "~/lib/cn";

export interface FormMessageProps {
  title: string;
  text: string;
  variant?: "error" | "success";
  /** The request id of a failure the user cannot fix, to quote to whoever looks at the logs. */
  reference?: string;
  className?: string;
  /** Its own role (alert/status) so that it is announced; false inside a live region that announces it already. */
  announce?: boolean;
}

/** A message box in the page (forms without JavaScript, and persistent states). */
export function FormMessage({ title, text, variant = "error", reference, className, announce = true }: FormMessageProps) {
  const Icon = variant === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role={announce ? (variant === "error" ? "alert" : "status") : undefined}
      className={cn(
        "flex gap-3 rounded-md border p-3 text-sm",
        variant === "error" ? "border-destructive/40 bg-red-50 text-red-900" : "border-success/30 bg-success-soft text-success",
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p>{text}</p>
        {reference && <p className="text-xs opacity-80">Reference: {reference}</p>}
      </div>
    </div>
  );
}
