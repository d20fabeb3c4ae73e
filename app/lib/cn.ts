import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and resolves Tailwind conflicts (`cn("px-2", "px-4")` ->
 * `"px-4"`). Used by the UI primitives so callers can override their classes.
 *
 * tailwind-merge adds ~8 KB gzip to a page: public-site components in
 * components/site join classes with plain `clsx` instead and only use
 * primitives (or `buttonVariants`) where the extra bytes buy something.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
