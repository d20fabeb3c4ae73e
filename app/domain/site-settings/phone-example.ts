/**
 * The example a phone field shows (its placeholder), made from the business's live number: a number in
 * its area code from the range kept for fiction (555-0100 to 555-0199), never the business's own, so a
 * visitor does not take the example for the number to call and it does not keep an old number after the
 * phone changes in Site Configuration. Pure; the public form renders it on the server.
 */
export function phoneExample(livePhone: string): string {
  const digits = livePhone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  const area = national.length === 10 ? national.slice(0, 3) : "614";
  const example = `(${area}) 555-0123`;
  const same = national === `${area}5550123`;
  return same ? `(${area}) 555-0188` : example;
}
