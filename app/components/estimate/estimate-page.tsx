import type * as React from "react";
import { CircleAlert, Info, Phone } from "~/components/site/icons";
import { PageHero } from "~/components/site/page-hero";
import { SiteLink } from "~/components/site/site-link";
import { buttonVariants } from "~/components/ui/button";
import type { LeadEstimateRecord } from "~/db/schema/leads";
import {
  ESTIMATE_LIMITS,
  ESTIMATE_TEXT,
  MATERIAL_KEYS,
  MATERIAL_LABELS,
  STEEPNESS_KEYS,
  STEEPNESS_OPTIONS,
  STORY_CHOICES,
  type EstimateField,
  type EstimateFormValues,
} from "~/domain/estimate/inputs";
import { cn } from "~/lib/cn";
import { EstimateSummary } from "./estimate-summary";
import { SteepnessPicture } from "./steepness-picture";

/**
 * /estimate (issue 31 item 4): the instant price range. A GET form that works without JavaScript: the
 * page renders again with the answers in its query, and the result (or what to fix) below the form, where
 * the form's action (#estimate-result) takes the visitor.
 */

const ESTIMATE_RESULT_ID = "estimate-result";

export type EstimatePageState =
  | null
  | { values: EstimateFormValues; fieldErrors: Partial<Record<EstimateField, string>>; result: null }
  | { values: EstimateFormValues; fieldErrors: Record<string, never>; result: { estimate: LeadEstimateRecord | null; bookingHref: string; outsideZip: string | null } };

const labelClass = "mb-1.5 block text-sm font-semibold text-slate-800";
const hintClass = "mt-1 text-sm text-slate-600";
const legendClass = "mb-2 text-sm font-semibold text-slate-800";
/** A radio card: the whole card is the label; its focus ring and checked state show on the card. */
const choiceClass = cn(
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-200 bg-white px-3 py-2 text-slate-800 transition-colors hover:border-brand-navy/50",
  "has-checked:border-brand-navy has-checked:bg-brand-cream has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-navy",
);
const radioClass = "size-6 shrink-0 accent-brand-navy";

const FIELD_ORDER: readonly EstimateField[] = ["zip", "footprint", "squares", "stories", "steepness", "material"];
/** Where an error summary's link takes the visitor: the field, or a group's first choice. */
const FIELD_TARGET: Record<EstimateField, string> = {
  zip: "estimate-zip",
  footprint: "estimate-footprint",
  squares: "estimate-squares",
  stories: "estimate-stories-1",
  steepness: "estimate-steepness-low",
  material: "estimate-material",
};
const FIELD_NAMES: Record<EstimateField, string> = {
  zip: "ZIP code",
  footprint: "Footprint",
  squares: "Squares",
  stories: "Stories",
  steepness: "Roof steepness",
  material: "Current material",
};

function Required() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-brand-red">
      *
    </span>
  );
}

function FieldError({ field, message }: { field: EstimateField; message?: string }) {
  if (!message) return null;
  return (
    <p id={`estimate-${field}-error`} className="mt-1 text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export function EstimatePage({ state, phone, phoneHref }: { state: EstimatePageState; phone: string; phoneHref: string }) {
  const values: Partial<EstimateFormValues> = state?.values ?? {};
  const errors: Partial<Record<EstimateField, string>> = state?.fieldErrors ?? {};
  const describedBy = (field: EstimateField, hintId?: string) => {
    const ids = [hintId, errors[field] ? `estimate-${field}-error` : undefined].filter(Boolean).join(" ");
    return ids ? { "aria-describedby": ids } : {};
  };
  const invalid = (field: EstimateField) => (errors[field] ? { "aria-invalid": true as const } : {});

  return (
    <>
      <PageHero eyebrow="Instant estimate" title="What will a new roof cost?">
        <p>
          Five quick answers about your home give a good, better and best price range from the same price book our
          written proposals use. No address, no satellite pictures, no account.
        </p>
      </PageHero>

      <section aria-label="Your answers and your price range" className="bg-brand-cream py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12 lg:px-8">
          <form method="get" action={`/estimate#${ESTIMATE_RESULT_ID}`} noValidate aria-label="Roof price estimate" className="grid content-start gap-6 rounded-2xl bg-white p-5 shadow-sm sm:p-8">
            <p className="text-sm text-slate-600">
              Fields marked <span className="text-brand-red">*</span> are required.
            </p>

            <div>
              <label htmlFor="estimate-zip" className={labelClass}>
                ZIP code of the home
                <Required />
              </label>
              <input
                id="estimate-zip"
                name="zip"
                type="text"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                required
                defaultValue={values.zip}
                className="lead-field sm:max-w-48"
                {...invalid("zip")}
                {...describedBy("zip")}
              />
              <FieldError field="zip" message={errors.zip} />
            </div>

            <fieldset className="grid gap-4">
              <legend className={legendClass}>
                Size of the home or the roof
                <Required />
              </legend>
              <div>
                <label htmlFor="estimate-footprint" className={labelClass}>
                  Home&rsquo;s footprint (square feet)
                </label>
                <input
                  id="estimate-footprint"
                  name="footprint"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={12}
                  defaultValue={values.footprint}
                  className="lead-field sm:max-w-48"
                  {...invalid("footprint")}
                  {...describedBy("footprint", "estimate-footprint-hint")}
                />
                <p id="estimate-footprint-hint" className={hintClass}>
                  The ground the house covers, not its living space: a two-story home with 2,400 sq ft of living space
                  covers about 1,200.
                </p>
                <FieldError field="footprint" message={errors.footprint} />
              </div>
              <div>
                <label htmlFor="estimate-squares" className={labelClass}>
                  Or the roof&rsquo;s squares, if you know them
                </label>
                <input
                  id="estimate-squares"
                  name="squares"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={8}
                  defaultValue={values.squares}
                  className="lead-field sm:max-w-48"
                  {...invalid("squares")}
                  {...describedBy("squares", "estimate-squares-hint")}
                />
                <p id="estimate-squares-hint" className={hintClass}>
                  From an earlier quote or inspection. A square is 100 sq ft of roof ({ESTIMATE_LIMITS.squaresMin} to {ESTIMATE_LIMITS.squaresMax}).
                </p>
                <FieldError field="squares" message={errors.squares} />
              </div>
            </fieldset>

            <fieldset>
              <legend className={legendClass}>
                Stories
                <Required />
              </legend>
              <div className="grid grid-cols-3 gap-2 sm:gap-3">
                {STORY_CHOICES.map((stories) => (
                  <label key={stories} className={cn(choiceClass, "flex-col justify-center gap-1 px-2 py-3 text-center")}>
                    <input
                      id={`estimate-stories-${stories}`}
                      type="radio"
                      name="stories"
                      value={String(stories)}
                      required
                      defaultChecked={values.stories === String(stories)}
                      className={radioClass}
                      {...invalid("stories")}
                      {...describedBy("stories")}
                    />
                    <span className="font-medium">{stories === 1 ? "1 story" : `${stories} stories`}</span>
                  </label>
                ))}
              </div>
              <FieldError field="stories" message={errors.stories} />
            </fieldset>

            <fieldset>
              <legend className={legendClass}>
                How steep is the roof?
                <Required />
              </legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {STEEPNESS_KEYS.map((steepness) => (
                  <label key={steepness} className={cn(choiceClass, "sm:flex-col sm:items-start")}>
                    <span className="flex items-center gap-3">
                      <input
                        id={`estimate-steepness-${steepness}`}
                        type="radio"
                        name="steepness"
                        value={steepness}
                        required
                        defaultChecked={values.steepness === steepness}
                        className={radioClass}
                        {...invalid("steepness")}
                        {...describedBy("steepness")}
                      />
                      <span>
                        <span className="block font-semibold">{STEEPNESS_OPTIONS[steepness].label}</span>
                        <span className="block text-sm text-slate-600">{STEEPNESS_OPTIONS[steepness].hint}</span>
                      </span>
                    </span>
                    <SteepnessPicture steepness={steepness} className="ml-auto h-16 w-24 shrink-0 sm:mx-auto sm:h-20 sm:w-28" />
                  </label>
                ))}
              </div>
              <FieldError field="steepness" message={errors.steepness} />
            </fieldset>

            <div>
              <label htmlFor="estimate-material" className={labelClass}>
                What is the roof covered with now?
                <Required />
              </label>
              <select id="estimate-material" name="material" required defaultValue={values.material ?? ""} className="lead-field sm:max-w-72" {...invalid("material")} {...describedBy("material")}>
                <option value="" disabled>
                  Choose one
                </option>
                {MATERIAL_KEYS.map((material) => (
                  <option key={material} value={material}>
                    {MATERIAL_LABELS[material]}
                  </option>
                ))}
              </select>
              <FieldError field="material" message={errors.material} />
            </div>

            <div>
              <button type="submit" className={cn(buttonVariants({ variant: "brand", size: "lg" }), "text-base")}>
                See my price range
              </button>
            </div>
          </form>

          <div id={ESTIMATE_RESULT_ID} tabIndex={-1} className="grid content-start gap-6 outline-none">
            <EstimateResult state={state} phone={phone} phoneHref={phoneHref} />
          </div>
        </div>
      </section>
    </>
  );
}

function ResultCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="estimate-result-heading" className="rounded-2xl bg-white p-5 shadow-sm sm:p-8">
      <h2 id="estimate-result-heading" className="text-2xl font-extrabold tracking-tight text-brand-navy">
        {title}
      </h2>
      <div className="mt-4 grid gap-5">{children}</div>
    </section>
  );
}

function CallLine({ phone, phoneHref }: { phone: string; phoneHref: string }) {
  return (
    <p className="text-slate-700">
      Questions?{" "}
      <a href={phoneHref} className="inline-flex min-h-6 items-center gap-1 font-semibold text-brand-navy underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
        <Phone className="size-4" aria-hidden="true" />
        Call {phone}
      </a>
    </p>
  );
}

function EstimateResult({ state, phone, phoneHref }: { state: EstimatePageState; phone: string; phoneHref: string }) {
  if (!state) {
    return (
      <ResultCard title="How it works">
        <ul className="grid list-disc gap-2 pl-5 text-slate-700">
          <li>Your answers give the roof&rsquo;s size in squares; its steepness and stories change the labour, as on a written proposal.</li>
          <li>Each option is priced from our price book: tear-off, underlayment, shingles, ridge, vents, flashing, labour, disposal and the permit.</li>
          <li>The range runs from a simple roof to one with hips, valleys and an old layer or two to remove.</li>
          <li>{ESTIMATE_TEXT.disclaimer}</li>
        </ul>
      </ResultCard>
    );
  }
  if (!state.result) {
    const fields = FIELD_ORDER.filter((field) => state.fieldErrors[field]);
    return (
      <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <h2 className="font-bold">Check your answers</h2>
          <ul className="mt-1 grid gap-1">
            {fields.map((field) => (
              <li key={field}>
                <a href={`#${FIELD_TARGET[field]}`} className="inline-flex min-h-6 items-center underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-red-700">
                  {FIELD_NAMES[field]}: {state.fieldErrors[field]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    );
  }
  const { estimate, bookingHref, outsideZip } = state.result;
  return (
    <ResultCard title="Your price range">
      {outsideZip && (
        <p className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-estimate-outside>
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{ESTIMATE_TEXT.outsideArea(outsideZip)}</span>
        </p>
      )}
      {estimate ? <EstimateSummary estimate={estimate} /> : <p className="text-slate-700">{ESTIMATE_TEXT.unavailable}</p>}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <SiteLink to={bookingHref} className={cn(buttonVariants({ variant: "brand", size: "lg" }), "h-auto min-h-12 py-3 text-center text-base whitespace-normal")}>
          {ESTIMATE_TEXT.bookLink}
        </SiteLink>
      </div>
      <CallLine phone={phone} phoneHref={phoneHref} />
    </ResultCard>
  );
}
