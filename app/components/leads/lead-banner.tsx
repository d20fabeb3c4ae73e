import { CircleAlert } from "lucide-react";
import { cn } from "~/lib/cn";

/** The red banner of the lead screens (spec 1 §2, §8): load and update failures. */
export function LeadBanner({ text, className }: { text: string; className?: string }) {
  return (
    <div role="alert" className={cn("flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900", className)}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="font-medium">{text}</p>
    </div>
  );
}
