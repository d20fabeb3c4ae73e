import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Input } from "~/components/ui/input";

/**
 * Search and filters above an admin list. Lists here are small (tens of
 * items), so filtering happens in the browser on the loaded rows; the list
 * shows "N of M" so a filtered-out item is never a mystery.
 *
 *   const list = useListFilter(services, { text: (s) => [s.title, s.description], filters: { status: (s) => s.status } });
 *   <ListToolbar search={{ label: "Search services", ...list.search }} filters={[{ label: "Status", options, ...list.filter("status") }]} />
 */

export interface FilterOption {
  value: string;
  label: string;
}

export interface ToolbarFilter {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option is "all" (value ""). */
  options: readonly FilterOption[];
}

const selectClass =
  "h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40";

export function ListToolbar({
  search,
  filters = [],
  shown,
  total,
}: {
  search?: { label: string; placeholder?: string; value: string; onChange: (value: string) => void };
  filters?: readonly ToolbarFilter[];
  shown: number;
  total: number;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div role="search" className="flex flex-wrap items-end gap-3">
        {search && (
          <div className="grid min-w-60 flex-1 gap-1">
            <label htmlFor={`${id}-search`} className="text-sm font-medium">
              {search.label}
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground" />
              <Input
                id={`${id}-search`}
                type="search"
                value={search.value}
                placeholder={search.placeholder}
                onChange={(event) => search.onChange(event.currentTarget.value)}
                className="pl-9"
              />
            </div>
          </div>
        )}
        {filters.map((filter, index) => (
          <div key={filter.label} className="grid gap-1">
            <label htmlFor={`${id}-filter-${index}`} className="text-sm font-medium">
              {filter.label}
            </label>
            <select id={`${id}-filter-${index}`} value={filter.value} onChange={(event) => filter.onChange(event.currentTarget.value)} className={selectClass}>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {shown === total ? `${total} ${total === 1 ? "item" : "items"}` : `Showing ${shown} of ${total}`}
      </p>
    </div>
  );
}

/** Client-side search and filters for ListToolbar. */
export function useListFilter<T>(items: readonly T[], { text, filters = {} }: { text: (item: T) => ReadonlyArray<string | null | undefined>; filters?: Record<string, (item: T) => string> }) {
  const [query, setQuery] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return items.filter(
      (item) =>
        (!needle || text(item).some((value) => value?.toLocaleLowerCase().includes(needle))) &&
        Object.entries(filters).every(([name, get]) => !values[name] || get(item) === values[name]),
    );
    // `text` and `filters` are read fresh on every change of the inputs that matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, query, values]);
  return {
    items: shown,
    search: { value: query, onChange: setQuery },
    filter: (name: string) => ({ value: values[name] ?? "", onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })) }),
    /** Whether a search or a filter is set (an empty list then means "nothing matches", not "nothing there"). */
    active: query.trim() !== "" || Object.values(values).some(Boolean),
    /** Clears the search and every filter. */
    clear: () => {
      setQuery("");
      setValues({});
    },
  };
}
