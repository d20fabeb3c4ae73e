import { createContext, useContext, useEffect, useRef, useState } from "react";
import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * `stacked` tables become one card per row below the md breakpoint (768 px): a phone shows every
 * cell of a row together, each labelled by its column (`TableCell label`), instead of a table that
 * scrolls sideways and hides a row's actions from its name (issue 23). The markup stays the table
 * (one DOM for every width); only its layout changes. A stacked row is a two-column grid: cells span
 * both columns unless a cell asks for one (e.g. a checkbox beside the row's name).
 */
const StackedContext = createContext(false);

/**
 * A table wider than its container scrolls sideways inside it; the container then becomes a focusable,
 * named region so the keyboard can scroll it too (WCAG 2.1.1, axe's scrollable-region-focusable), and
 * is left out of the tab order when nothing scrolls.
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

export function Table({
  className,
  stacked = false,
  regionLabel = "Table, scrolls sideways",
  ...props
}: React.ComponentProps<"table"> & { stacked?: boolean; regionLabel?: string }) {
  const { ref, scrolls } = useScrollsSideways();
  return (
    <StackedContext.Provider value={stacked}>
      <div
        ref={ref}
        data-slot="table-container"
        {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": regionLabel } : {})}
        className={cn(
          "relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring",
          stacked && "max-md:overflow-visible",
        )}
      >
        <table data-slot="table" className={cn("w-full caption-bottom text-sm", stacked && "max-md:block", className)} {...props} />
      </div>
    </StackedContext.Provider>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  const stacked = useContext(StackedContext);
  // Stacked, the column names are the cells' labels: the header row is only for assistive technology.
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", stacked && "max-md:sr-only", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  const stacked = useContext(StackedContext);
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", stacked && "max-md:block", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  const stacked = useContext(StackedContext);
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b border-border transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted",
        stacked && "max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-start max-md:gap-x-3 max-md:gap-y-2 max-md:px-3 max-md:py-4",
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, scope = "col", ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        "h-10 px-3 text-left align-middle font-semibold whitespace-nowrap text-foreground [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, label, ...props }: React.ComponentProps<"td"> & { label?: string }) {
  const stacked = useContext(StackedContext);
  return (
    <td
      data-slot="table-cell"
      data-label={stacked ? label : undefined}
      className={cn(
        "p-3 align-middle [&:has([role=checkbox])]:pr-0",
        stacked && "max-md:col-span-2 max-md:block max-md:max-w-none max-md:min-w-0 max-md:p-0",
        stacked && label && "max-md:before:mb-0.5 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    />
  );
}
