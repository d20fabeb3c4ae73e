/**
 * What the lead page's action answers, for every intent of every section (the page's banner shows
 * `message`; a section shows the refusals of its own intents).
 *
 * `fieldErrors`: the first message per field of a refused form, shown under the field it is about;
 * `values`: what was typed, for the form to come back with it (a page posted without JavaScript
 * re-renders); `reference`: the request id of a failure the user cannot fix.
 */
export interface LeadActionResult {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
  reference?: string;
}

/** The page's last answer when it is about one of `intents` (a section's own), else undefined. */
export function answerTo(answer: LeadActionResult | undefined, ...intents: string[]): LeadActionResult | undefined {
  return answer && intents.includes(answer.intent) ? answer : undefined;
}

/** The page's last answer when it refused one of `intents`, else undefined. */
export function refusalOf(answer: LeadActionResult | undefined, ...intents: string[]): LeadActionResult | undefined {
  return answer && !answer.ok && intents.includes(answer.intent) ? answer : undefined;
}
