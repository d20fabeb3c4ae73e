import type * as React from "react";
import { cn } from "~/lib/cn";

/** A placeholder block; give the surrounding region `aria-busy` and a text alternative. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
