// The last lines of a postal address: a street and number, then a postcode and town. Set in a
// narrow block, an address's lines are as long as its words make them, and by the room they
// leave they read as a wrapped paragraph ("Hollins & Webb Architects" | "12 Park Square East" |
// "Leeds LS1 2NE" had run into one line): a line that can only be an address's ends the line
// above it where the author did (blocks.ts markShortLineSets).

/** An address line is short: at most this many characters. */
const ADDRESS_LINE_CHARS_MAX = 40;

/** A town line: a postcode after the town (British "Leeds LS1 2NE", American "Austin, TX
 *  78701", Canadian "Ottawa ON K1A 0B1") or before it (German, Nordic, French "20457 Hamburg",
 *  "5013 Bergen, Norway", Dutch "1012 AB Amsterdam"). */
const POSTCODE_AFTER = /^\p{Lu}[\p{L}'’ .-]*,? (?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]{2} \d{5}(?:-\d{4})?|(?:[A-Z]{2} )?[A-Z]\d[A-Z] \d[A-Z]\d)$/u;
const POSTCODE_BEFORE = /^(?:[A-Z]{1,2}-)?\d{4,5}(?: [A-Z]{2})? \p{Lu}[\p{L}'’ .-]*(?:, \p{Lu}[\p{L} ]*)?$/u;
/** A street line: a house number before the street ("12 Park Square East") or after it
 *  ("Hafenstraße 12", "Strandgata 5"), or a post-office box. */
const STREET = /^(?:\d{1,5}[A-Za-z]?,? \p{Lu}[\p{L}'’.-]*(?: \p{L}[\p{L}'’.-]*){0,4}|\p{Lu}[\p{L}'’.-]*(?: \p{L}[\p{L}'’.-]*){0,3} \d{1,4}[a-z]?|(?:P\.? ?O\.? )?Box \d{1,6}|Postfach \d{1,6})$/u;

/** Whether the text is a postcode and town and nothing else. */
export function isTownLine(text: string): boolean {
  const t = text.trim();
  return t.length <= ADDRESS_LINE_CHARS_MAX && (POSTCODE_AFTER.test(t) || POSTCODE_BEFORE.test(t));
}

/** Whether the text is a street and house number, or a post-office box, and nothing else. */
export function isStreetLine(text: string): boolean {
  const t = text.trim();
  return t.length <= ADDRESS_LINE_CHARS_MAX && STREET.test(t);
}

/** Whether line k of `texts` ends an address: a town line, or a street line over one. */
export function endsAddress(texts: readonly string[], k: number): boolean {
  return isTownLine(texts[k]) || (k + 1 < texts.length && isStreetLine(texts[k]) && isTownLine(texts[k + 1]));
}
