// Step 3, extract: characters past the Basic Multilingual Plane that a simple font names by
// glyph. Word embeds a math font's glyphs with names such as "u1D44F" (𝑏, mathematical
// italic b) in its encoding and leaves them out of the ToUnicode map; MuPDF reads the name but
// keeps a simple font's encoding in 16 bits, and gives U+D44F, a Hangul syllable: "푏푐푑"
// where the page shows "𝑏𝑐𝑑" (test-word-latinmodern_math).
import type { Line, Span } from "../model.js";
import { SUBSET_PREFIX } from "./font_names.js";

type PdfObject = {
  isNull(): boolean;
  isDictionary(): boolean;
  isArray(): boolean;
  isName(): boolean;
  asName(): string;
  get(key: string | number): PdfObject;
  forEach(fn: (value: PdfObject, key: string | number) => void): void;
  readonly length?: number;
};
/** A page of MuPDF's: a PDF page has its object; another document's page has none. */
type AnyPage = object;

/** Mathematical alphanumeric symbols (U+1D400–U+1D7FF) lose their plane into U+D400–U+D7FF:
 * a page with a character there is looked at (the reader notes one as it reads the page). */
export const TRUNCATED_MATH_FIRST = 0xd400;
export const TRUNCATED_MATH_LAST = 0xd7ff;
const TRUNCATED_MATH = /[\uD400-\uD7FF]/;
/** A glyph name that spells a code point past the BMP: "u1D44F", "u1F600", and a variant of
 * one after a dot ("u1D461.st", a script-size t), which names the same character. */
const ASTRAL_GLYPH_NAME = /^u([1-9A-F][0-9A-F]{4})(?:\.[\w.]*)?$/i;
/** Fonts of a page looked at, at most: a page has a few. */
const FONTS_MAX = 64;

/**
 * Gives back their planes to the characters of spans whose font's encoding names them past the
 * BMP. Only a page with a character in the range such names fall to pays for reading its fonts.
 */
// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const spanHasTruncatedMath = (span: Span) => TRUNCATED_MATH.test(span.text);
const hasTruncatedMath = (line: Line) => line.spans.some(spanHasTruncatedMath);

export function restoreAstralGlyphs(page: AnyPage, lines: Line[]): void {
  if (!lines.some(hasTruncatedMath)) return;
  const byFont = astralNamesByFont(page);
  if (byFont.size === 0) return;
  for (const line of lines) {
    for (const span of line.spans) {
      const names = byFont.get(span.font);
      if (!names || !TRUNCATED_MATH.test(span.text)) continue;
      let text = "";
      for (const c of span.text) text += String.fromCodePoint(names.get(c.charCodeAt(0)) ?? c.codePointAt(0)!);
      span.text = text;
    }
  }
}

/** For each simple font of the page's resources (by its name without the subset prefix): the
 * truncated code of each glyph its encoding names past the BMP, and the code point it names. */
function astralNamesByFont(page: AnyPage): Map<string, Map<number, number>> {
  const found = new Map<string, Map<number, number>>();
  if (!("getObject" in page) || typeof page.getObject !== "function") return found;
  try {
    const fonts = (page.getObject() as PdfObject).get("Resources").get("Font");
    if (!fonts || fonts.isNull() || !fonts.isDictionary()) return found;
    let seen = 0;
    fonts.forEach((font) => {
      if (++seen > FONTS_MAX || !font.isDictionary()) return;
      const differences = font.get("Encoding");
      if (differences.isNull() || !differences.isDictionary()) return;
      const list = differences.get("Differences");
      if (list.isNull() || !list.isArray()) return;
      const names = new Map<number, number>();
      list.forEach((entry) => {
        if (!entry.isName()) return;
        const m = ASTRAL_GLYPH_NAME.exec(entry.asName());
        if (m) {
          const code = parseInt(m[1], 16);
          names.set(code & 0xffff, code);
        }
      });
      const base = font.get("BaseFont");
      if (names.size > 0 && !base.isNull() && base.isName()) found.set(base.asName().replace(SUBSET_PREFIX, ""), names);
    });
  } catch {
    // A damaged resource dictionary: the characters stay as MuPDF gave them.
  }
  return found;
}
