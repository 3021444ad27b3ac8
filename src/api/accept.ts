// Content negotiation for the two response formats (SPEC.md request headers, DECISIONS.md
// "Clarifications": Accept). The service produces exactly application/json and
// text/markdown, so negotiation is: find the q-value the header gives each of the two, by
// the most specific media range that matches it (RFC 9110 §12.5.1), and pick the higher.
import { ApiError, sanitizeCallerString } from "../errors/catalogue.js";

export type ResponseFormat = "json" | "markdown";

interface Offer {
  format: ResponseFormat;
  type: string;
  subtype: string;
}

// Listed in tie-break order: at equal q, JSON (the documented default) wins.
const offers: readonly Offer[] = [
  { format: "json", type: "application", subtype: "json" },
  { format: "markdown", type: "text", subtype: "markdown" },
];

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

// RFC 9110 token characters; a range with anything else is unparseable.
const token = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
// RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
const qvalue = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Parses one element of the Accept list, or returns null when it does not parse. An
 * unparseable element is skipped rather than failing the header: one bad entry from a
 * client library should not hide the good ones beside it.
 */
function parseRange(element: string): MediaRange | null {
  const [mediaType, ...params] = element.split(";");
  const slash = mediaType.indexOf("/");
  if (slash < 0) return null;
  const type = mediaType.slice(0, slash).trim().toLowerCase();
  const subtype = mediaType.slice(slash + 1).trim().toLowerCase();
  if (!token.test(type) || !token.test(subtype)) return null;
  if (type === "*" && subtype !== "*") return null;
  let q = 1;
  for (const param of params) {
    const eq = param.indexOf("=");
    const name = (eq < 0 ? param : param.slice(0, eq)).trim().toLowerCase();
    if (name !== "q") continue; // other parameters (charset, …) do not change the choice
    const value = eq < 0 ? "" : param.slice(eq + 1).trim();
    if (!qvalue.test(value)) return null;
    q = Number(value);
  }
  return { type, subtype, q };
}

/** 2 = exact type, 1 = `type/*`, 0 = `*\/*`, -1 = no match. */
function specificity(range: MediaRange, offer: Offer): number {
  if (range.type === "*") return 0;
  if (range.type !== offer.type) return -1;
  if (range.subtype === "*") return 1;
  return range.subtype === offer.subtype ? 2 : -1;
}

/** The q the header gives `offer`: that of its most specific matching range, 0 if none. */
function qualityOf(ranges: readonly MediaRange[], offer: Offer): number {
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const s = specificity(range, offer);
    // At equal specificity (a type listed twice) the more generous q counts.
    if (s > best || (s === best && range.q > q)) {
      best = s;
      q = s < 0 ? 0 : range.q;
    }
  }
  return best < 0 ? 0 : q;
}

/**
 * The response format for an Accept header. Absent or blank → JSON. Throws 406
 * unsupported_accept when neither format has a positive q, including a header of which
 * no element parses (`Accept: json`): it names something, and not a format we produce.
 */
export function negotiate(acceptHeader: string | undefined): ResponseFormat {
  if (acceptHeader === undefined || acceptHeader.trim() === "") return "json";
  const ranges: MediaRange[] = [];
  for (const element of acceptHeader.split(",")) {
    if (element.trim() === "") continue; // RFC 9110 list syntax allows empty elements
    const range = parseRange(element);
    if (range) ranges.push(range);
  }
  let chosen: ResponseFormat | null = null;
  let chosenQ = 0;
  for (const offer of offers) {
    const q = qualityOf(ranges, offer);
    if (q > chosenQ) {
      chosen = offer.format;
      chosenQ = q;
    }
  }
  if (chosen !== null) return chosen;
  throw new ApiError("unsupported_accept", {
    param: "headers.accept",
    message: `Accept "${sanitizeCallerString(acceptHeader)}" names no format this endpoint produces. Send Accept: application/json (the default) or Accept: text/markdown.`,
    details: { acceptable: ["application/json", "text/markdown"] },
  });
}
