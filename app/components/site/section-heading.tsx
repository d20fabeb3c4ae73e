import clsx from "clsx";
import type * as React from "react";

export interface SectionHeadingProps {
  id: string;
  /** Omitted when empty. */
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  children?: React.ReactNode;
  /** Light text for dark (navy) sections. */
  tone?: "light" | "dark";
  align?: "center" | "left";
}

/** Eyebrow + `<h2 id>` + intro of a page section; pair with `aria-labelledby={id}` on the section. */
export function SectionHeading({ id, eyebrow, title, children, tone = "dark", align = "center" }: SectionHeadingProps) {
  return (
    <div className={clsx("max-w-2xl", align === "center" && "mx-auto text-center")}>
      {eyebrow && (
        <p
          className={clsx(
            "mb-3 text-sm font-bold tracking-[0.18em] uppercase",
            tone === "dark" ? "text-brand-red" : "text-red-300",
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={clsx(
          "text-3xl font-extrabold tracking-tight text-balance sm:text-4xl",
          tone === "dark" ? "text-brand-navy" : "text-white",
        )}
      >
        {title}
      </h2>
      {children && (
        <div className={clsx("mt-4 text-lg leading-relaxed", tone === "dark" ? "text-slate-600" : "text-slate-200")}>
          {children}
        </div>
      )}
    </div>
  );
}
