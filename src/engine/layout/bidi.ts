// Right-to-left scripts (Hebrew, Arabic): lines in logical order, Arabic presentation forms
// folded to their letters. Two halves, used by two steps:
//  - step 3 (extract/mupdf_page.ts): `visualOrder` puts the characters of a line that holds
//    right-to-left letters in visual order, left to right by position. MuPDF hands characters
//    over in content-stream order, which for right-to-left text depends on the producer
//    (logical inside a run, runs in visual order, neutrals wherever they were drawn).
//  - step 4 (layout/line_joining.ts): once a line's fragments are joined left to right,
//    `toLogicalOrder` turns the visual string into logical order with the Unicode
//    Bidirectional Algorithm (bidi-js): levels resolved on the visual string, then rule L2
//    reverses runs, which for a line laid out by the same algorithm undoes its reordering.
//    Brackets are not mirrored back: the producers seen map a mirrored glyph to the
//    character the text holds (Word: "15(ב)(4)" arrives as ")4()ב(15"), so the reversal
//    alone restores them. pdfminer and pdfplumber
//    leave this to the caller; poppler's TextOutputDev reverses the words of a line whose
//    primary direction is right to left. Doing it per line keeps numbers and Latin runs
//    inside an RTL line in their place ("תקן ISO 9001", "03-5551234").
import { createRequire } from "node:module";
import type bidiModule from "bidi-js";
import { copyLine, type Line, type Span, spanPiece } from "../model.js";
import { sortInPlace } from "../sort_in_place.js";

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const byMidThenIndex = (a: { mid: number; i: number }, b: { mid: number; i: number }) => a.mid - b.mid || a.i - b.i;

// bidi-js is CommonJS (module.exports = the factory). It is loaded on the first right-to-left
// line, not with the engine: most documents have none, and `svc convert` pays for every
// module it loads at start.
type Bidi = ReturnType<typeof bidiModule.default>;
let loaded: Bidi | null = null;
function bidiAlgorithm(): Bidi {
  loaded ??= (createRequire(import.meta.url)("bidi-js") as typeof bidiModule.default)();
  return loaded;
}

/** Hebrew, Arabic (with supplements and extended), and their presentation forms. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** Arabic presentation forms A and B, folded to base letters by NFKC. */
const PRESENTATION_FORMS = /[\ufb50-\ufdff\ufe70-\ufefe]+/g;

export function isRtlCode(code: number): boolean {
  return (code >= 0x0590 && code <= 0x08ff) || (code >= 0xfb1d && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfefc);
}

export function hasRtl(text: string): boolean {
  return RTL_LETTER.test(text);
}

/** NFKC on Arabic presentation forms only: ﻻ (one code point) becomes ل + ا, ﻧ becomes ن. */
export function foldPresentationForms(text: string): string {
  return text.replace(PRESENTATION_FORMS, (s) => s.normalize("NFKC"));
}

/** A character as the extractor read it, in content-stream order. */
export interface PlacedChar {
  code: number;
  x0: number;
  x1: number;
}

/** A character this narrow (points) is a further code point of the glyph beside it (a
 * ligature's second letter: MuPDF gives it a zero-width box at the glyph's edge). */
const ZERO_WIDTH_PT = 0.01;
const COMBINING_MARK = /\p{M}/u;

/**
 * Indices of `chars` in visual order, left to right. A glyph's characters stay together as
 * one cluster: a combining mark with the character before it, a zero-width code point with
 * the glyph whose edge it sits on. A cluster led by a right-to-left letter is written
 * reversed, as it would appear in a visual string, so that `toLogicalOrder` (which reverses
 * right-to-left runs) gives the cluster back in its logical order (ل before أ in لأ).
 */
export function visualOrder(chars: readonly PlacedChar[], standIns?: Set<number>): number[] {
  interface Cluster {
    lead: number;
    members: number[];
    x0: number;
    x1: number;
  }
  const clusters: Cluster[] = [];
  let pendingZero: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const zero = c.x1 - c.x0 < ZERO_WIDTH_PT;
    const prev = clusters[clusters.length - 1];
    const boxless = zero && pendingZero.length === 0 ? boxlessLetter(chars, i) : null;
    if (boxless !== null) {
      // Its place is where it stands, or the stand-in space's box MuPDF made for it.
      const standIn = boxless.inside ? -1 : standInSpaceBefore(chars, i, clusters);
      if (standIn >= 0) {
        clusters.pop();
        standIns?.add(standIn);
        clusters.push({ lead: boxless.members[0], members: [standIn, ...boxless.members], x0: chars[standIn].x0, x1: chars[standIn].x1 });
        i = boxless.end - 1;
        continue;
      }
      if (boxless.inside) {
        clusters.push({ lead: boxless.members[0], members: boxless.members, x0: c.x0, x1: c.x0 });
        i = boxless.end - 1;
        continue;
      }
    }
    if (prev && COMBINING_MARK.test(String.fromCodePoint(c.code))) {
      prev.members.push(i);
      continue;
    }
    if (zero) {
      const next = chars[i + 1];
      // Sitting on the next glyph's edge: that glyph's further code point, which MuPDF
      // gives before the glyph itself.
      if (next && next.x1 - next.x0 >= ZERO_WIDTH_PT && (Math.abs(next.x1 - c.x0) < ZERO_WIDTH_PT || Math.abs(next.x0 - c.x0) < ZERO_WIDTH_PT)) {
        pendingZero.push(i);
        continue;
      }
      if (prev) {
        prev.members.push(i);
        continue;
      }
    }
    clusters.push({ lead: i, members: [i, ...pendingZero], x0: c.x0, x1: c.x1 });
    pendingZero = [];
  }
  if (pendingZero.length > 0) {
    if (clusters.length > 0) clusters[clusters.length - 1].members.push(...pendingZero);
    else clusters.push({ lead: pendingZero[0], members: pendingZero, x0: chars[pendingZero[0]].x0, x1: chars[pendingZero[0]].x1 });
  }
  // Stable: clusters at one position keep their stream order. Pushed in a loop, not mapped:
  // an optimised map makes a holey array, and sortInPlace, once it had sorted one, turned
  // every packed array it sorted afterwards holey, and each function they reached was
  // compiled again (some seventy at once from the fourth pass; docs/benchmarks.md, s14-render).
  const order: { c: (typeof clusters)[number]; i: number; mid: number }[] = [];
  for (let i = 0; i < clusters.length; i++) order.push({ c: clusters[i], i, mid: (clusters[i].x0 + clusters[i].x1) / 2 });
  sortInPlace(order, byMidThenIndex);
  const out: number[] = [];
  for (const { c } of order) {
    if (isRtlCode(chars[c.lead].code)) for (let k = c.members.length - 1; k >= 0; k--) out.push(c.members[k]);
    else out.push(...c.members);
  }
  return out;
}

/**
 * A right-to-left letter MuPDF gives without a box (zero width) with its marks at the same
 * place, the marks first (Chromium's Arabic with vowel marks: "ُ" then "ي" of "يُدفع", at one
 * point inside the next glyph's box): the letter then its marks, the index after them, and
 * whether the place lies inside the next glyph's box.
 */
function boxlessLetter(chars: readonly PlacedChar[], start: number): { members: number[]; end: number; inside: boolean } | null {
  const x = chars[start].x0;
  let end = start;
  while (end < chars.length && chars[end].x1 - chars[end].x0 < ZERO_WIDTH_PT && Math.abs(chars[end].x0 - x) < ZERO_WIDTH_PT) end++;
  const letters: number[] = [];
  const marks: number[] = [];
  for (let i = start; i < end; i++) (COMBINING_MARK.test(String.fromCodePoint(chars[i].code)) ? marks : letters).push(i);
  // Without its marks, or on the next glyph's edge, it is a ligature's further letter (the
  // alef of لا after a real space: tabriz-thesis's "همچنین لازم").
  if (letters.length !== 1 || marks.length === 0 || !isRtlCode(chars[letters[0]].code)) return null;
  const next = chars[end];
  if (next !== undefined && (Math.abs(next.x0 - x) < ZERO_WIDTH_PT || Math.abs(next.x1 - x) < ZERO_WIDTH_PT)) return null;
  const inside = next !== undefined && next.x0 < x && x < next.x1;
  return { members: [...letters, ...marks], end, inside };
}

/** The space just before `i` in the stream, a cluster alone, whose box starts where the
 *  boxless letter at `i` stands: MuPDF's space made up from the gap the missing box left
 *  ("يومًا" read as "يوم ًا"). -1 where there is none. */
function standInSpaceBefore(chars: readonly PlacedChar[], i: number, clusters: readonly { lead: number; members: number[] }[]): number {
  const prev = clusters[clusters.length - 1];
  const space = i - 1;
  if (prev === undefined || prev.lead !== space || prev.members.length !== 1 || chars[space].code !== 0x20) return -1;
  return Math.abs(chars[space].x0 - chars[i].x0) < ZERO_WIDTH_PT ? space : -1;
}

/** The base direction of a visual line: right to left when most of its strong letters are. */
function baseDirection(text: string): "rtl" | "ltr" {
  let rtl = 0;
  let ltr = 0;
  // Code point by code point, as `for (const ch of text)` went, without a string made for each.
  for (let k = 0; k < text.length; k++) {
    const code = text.codePointAt(k)!;
    if (code > 0xffff) k++;
    const type = strongTypeOf(code);
    if (type === STRONG_R || type === STRONG_AL) rtl++;
    else if (type === STRONG_L) ltr++;
  }
  return rtl >= ltr ? "rtl" : "ltr";
}

/** strongTypeOf's answers: bidi-js's type "L", "R", "AL", or any other (weak or neutral). */
const STRONG_L = 1;
const STRONG_R = 2;
const STRONG_AL = 3;
const NOT_STRONG = 4;
/** strongTypeOf's answer by code for the Basic Multilingual Plane, 0 until asked: bidi-js looks
 *  a character's type up in a Map from a one-character string, and every character of every
 *  right-to-left line was asked (its base direction), a string made for each. */
const strongTypeByCode = new Uint8Array(0x10000);

/** The code point's bidi type as baseDirection and nearestStrong read it (bidi-js's
 *  getBidiCharTypeName): STRONG_L, STRONG_R, STRONG_AL or NOT_STRONG. */
function strongTypeOf(code: number): number {
  if (code < 0x10000) {
    const known = strongTypeByCode[code];
    if (known !== 0) return known;
  }
  const name = bidiAlgorithm().getBidiCharTypeName(String.fromCodePoint(code));
  const type = name === "L" ? STRONG_L : name === "R" ? STRONG_R : name === "AL" ? STRONG_AL : NOT_STRONG;
  if (code < 0x10000) strongTypeByCode[code] = type;
  return type;
}

/** European numbers (Western or Persian digits) joined by single plus or minus signs
 * ("2026-118", "011-555-0199"): the sign is a European separator, which joins European
 * numbers into one run (rule W4) but not Arabic ones. */
const JOINED_NUMBERS = /[0-9\u06f0-\u06f9]+(?:[+\-\u2212][0-9\u06f0-\u06f9]+)+/g;
const NUMBER_OR_SIGN = /[0-9\u06f0-\u06f9]+|[+\-\u2212]/g;

/** The bidi type of the nearest strong letter from `from` going by `step`, or "" at the end. */
function nearestStrong(visual: string, from: number, step: 1 | -1): string {
  // Unit by unit, as `visual[i]` read it (a surrogate alone).
  for (let i = from; i >= 0 && i < visual.length; i += step) {
    const type = strongTypeOf(visual.charCodeAt(i));
    if (type !== NOT_STRONG) return type === STRONG_L ? "L" : type === STRONG_R ? "R" : "AL";
  }
  return "";
}

/**
 * The visual string's indices with each group of numbers that the renderer laid out as
 * Arabic numbers put back in writing order, or null when there is none. After an Arabic
 * letter, Western digits are Arabic numbers (rule W2) and a minus between two of them stays
 * neutral, so the renderer set "2026-118" right to left as "118-2026". Read again, the visual
 * string has that letter on the group's right, not before it, so its digits would be European
 * numbers joined in the order they are drawn. Where an Arabic letter is on the group's left
 * too, the reading finds it and reorders the group itself; after a Latin letter the digits
 * were European numbers all along.
 */
function arabicNumbersRestored(visual: string): number[] | null {
  let order: number[] | null = null;
  for (const group of visual.matchAll(JOINED_NUMBERS)) {
    const start = group.index;
    const end = start + group[0].length;
    if (nearestStrong(visual, end, 1) !== "AL") continue;
    const left = nearestStrong(visual, start - 1, -1);
    if (left === "L" || left === "AL") continue;
    order ??= Array.from({ length: visual.length }, (_, i) => i);
    const pieces = [...group[0].matchAll(NUMBER_OR_SIGN)];
    let at = start;
    for (let p = pieces.length - 1; p >= 0; p--) {
      const piece = pieces[p];
      for (let k = 0; k < piece[0].length; k++) order[at++] = start + (piece.index ?? 0) + k;
    }
  }
  return order;
}

/** Logical order of a visual string, as indices into it. */
export function logicalIndices(visual: string): number[] {
  const bidi = bidiAlgorithm();
  const restored = arabicNumbersRestored(visual);
  if (restored === null) return bidi.getReorderedIndices(visual, bidi.getEmbeddingLevels(visual, baseDirection(visual)));
  let text = "";
  for (const i of restored) text += visual[i];
  const order = bidi.getReorderedIndices(text, bidi.getEmbeddingLevels(text, baseDirection(text)));
  for (let k = 0; k < order.length; k++) order[k] = restored[order[k]];
  return order;
}

/** True when a line's text is mostly right-to-left letters (its paragraph is set from the right). */
export function isRtlText(text: string): boolean {
  return hasRtl(text) && baseDirection(text) === "rtl";
}

/** Logical-order text of a visual string (what `toLogicalOrder` does to a line's text). */
export function logicalText(visual: string): string {
  let out = "";
  for (const i of logicalIndices(visual)) out += visual[i];
  return foldPresentationForms(out);
}

/** A bracket that pairs (the balance is judged on these). */
const BRACKET = /[()[\]{}]/;
/** Each mirrored character and its mirror image. */
const MIRRORED: Readonly<Record<string, string>> = { "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«" };
const OPENERS = "([{";
const CLOSERS = ")]}";

/**
 * The visual indices of the mirrored characters to mirror back, or null to leave them: the
 * brackets the algorithm resolved right to left, when the logical text read as it came closes
 * a bracket it never opened and reads balanced with them mirrored. Word maps a mirrored glyph
 * to the character the text holds, so reversing the run restores it (see the head of this
 * file); XeTeX maps it to the glyph drawn, so its Persian and Urdu lines came out with every
 * bracket turned: ")۸ آذر ۱۴۰۱ = 5 جمادى الأولى 1444(", "]< options >[". A line whose
 * brackets a line break cuts stays as it came: only a balanced result counts.
 */
function bracketsToMirror(visual: string, order: readonly number[]): Set<number> | null {
  let logical = "";
  for (const i of order) logical += visual[i];
  if (bracketBalance(logical) !== BALANCE_CLOSES_UNOPENED) return null;
  const bidi = bidiAlgorithm();
  const levels = bidi.getEmbeddingLevels(visual, baseDirection(visual)).levels;
  const flip = new Set<number>();
  let mirroredText = "";
  for (const i of order) {
    const ch = visual[i];
    const rightToLeft = (levels[i] & 1) === 1 && MIRRORED[ch] !== undefined;
    if (rightToLeft) flip.add(i);
    mirroredText += rightToLeft ? MIRRORED[ch] : ch;
  }
  return flip.size > 0 && bracketBalance(mirroredText) === BALANCE_EVEN ? flip : null;
}

const BALANCE_EVEN = 0;
const BALANCE_OPEN = 1;
const BALANCE_CLOSES_UNOPENED = 2;

/** How a text's brackets pair: every one closed in order (BALANCE_EVEN), some left open at
 * the end (BALANCE_OPEN), or one closed that was not open or not the last opened. */
function bracketBalance(text: string): number {
  const open: string[] = [];
  for (const ch of text) {
    const o = OPENERS.indexOf(ch);
    if (o >= 0) {
      open.push(CLOSERS[o]);
      continue;
    }
    if (CLOSERS.includes(ch) && open.pop() !== ch) return BALANCE_CLOSES_UNOPENED;
  }
  return open.length === 0 ? BALANCE_EVEN : BALANCE_OPEN;
}

/**
 * The line in logical order when it holds right-to-left letters, else the line itself. The
 * spans are rebuilt as runs of characters that were adjacent in one source span; each keeps
 * its source's style and the part of its box its characters covered (characters are taken
 * as evenly spread over their span), so table cells and alignment still see positions.
 */
export function toLogicalOrder(line: Line): Line {
  if (line.wmode !== 0) return line;
  // Span by span: nearly every line has no right-to-left letter, and then needs no joined text.
  let rtl = false;
  for (let i = 0; i < line.spans.length && !rtl; i++) rtl = hasRtl(line.spans[i].text);
  if (!rtl) return line;
  let visual = "";
  for (const span of line.spans) visual += span.text;
  // Source span of each UTF-16 unit, and its position inside that span.
  const owner = new Int32Array(visual.length);
  const offset = new Int32Array(visual.length);
  let at = 0;
  line.spans.forEach((span, s) => {
    for (let k = 0; k < span.text.length; k++, at++) {
      owner[at] = s;
      offset[at] = k;
    }
  });
  const order = logicalIndices(visual);
  const mirrored = BRACKET.test(visual) ? bracketsToMirror(visual, order) : null;
  const spans: Span[] = [];
  let run: { span: Span; source: number; lo: number; hi: number; last: number } | null = null;
  const flush = () => {
    if (!run) return;
    const src = line.spans[run.source];
    const width = (src.x1 - src.x0) / Math.max(1, src.text.length);
    run.span.x0 = src.x0 + run.lo * width;
    run.span.x1 = src.x0 + (run.hi + 1) * width;
    run.span.text = foldPresentationForms(run.span.text);
    spans.push(run.span);
    run = null;
  };
  for (const i of order) {
    const ch = mirrored !== null && mirrored.has(i) ? MIRRORED[visual[i]] : visual[i];
    if (run && owner[i] === run.source && Math.abs(i - run.last) === 1) {
      run.span.text += ch;
      run.lo = Math.min(run.lo, offset[i]);
      run.hi = Math.max(run.hi, offset[i]);
      run.last = i;
      continue;
    }
    flush();
    const source = line.spans[owner[i]];
    run = { span: spanPiece(source, ch, source.x0, source.x1), source: owner[i], lo: offset[i], hi: offset[i], last: i };
  }
  flush();
  return copyLine(line, spans);
}
