// Text items to lines: pdf.js text items are placed in page space and joined into lines
// and styled spans the way MuPDF splits them, so both extraction paths read alike.
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem, TextStyle } from "pdfjs-dist/types/src/display/api.js";
import { type Line, newLine, newSpan, type Span } from "../../model.js";
import { combiningMarkOf } from "../placed_accents.js";
import { fontInfo, type FontInfo } from "./fonts.js";
import {
  clamp,
  dot,
  emptyBox,
  extendBox,
  intersects,
  multiply,
  round2,
  type Bounds,
  type Box,
  type Matrix,
  type Vec,
} from "./geometry.js";

// Gaps wider than this (in ems) are column gutters or table cells, so they start a new line;
// MuPDF splits its lines at about the same gap, which keeps both paths alike.
const LINE_GAP_EM_MAX = 1.0;
// Items may overlap their predecessor (kerning, italic correction, TeX building © from a
// "c" and a circle drawn over it).
const LINE_OVERLAP_EM_MAX = 1.0;
// MuPDF inserts a space for gaps above 0.15 em; matching it keeps both paths alike.
const SPACE_GAP_EM = 0.15;
// C0 and C1 controls other than the whitespace ones (tab, line feed, carriage return), and
// Unicode's noncharacters (mupdf_page.ts isNoncharacter).
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff]|[\ud83f\ud87f\ud8bf\ud8ff\ud93f\ud97f\ud9bf\ud9ff\uda3f\uda7f\udabf\udaff\udb3f\udb7f\udbbf\udbff][\udffe\udfff]/g;

/** One text item placed in viewport space, measured along its own advance and cross axes. */
interface Placed {
  text: string;
  info: FontInfo;
  size: number;
  adv: Vec;
  /** Extent along the advance axis. */
  a0: number;
  a1: number;
  /** Extent across it (descent to ascent for horizontal text). */
  c0: number;
  c1: number;
  box: Box;
  rtl: boolean;
}

interface OpenLine {
  spans: Span[];
  adv: Vec;
  wmode: 0 | 1;
  a0: number;
  a1: number;
  rtl: boolean;
  c0: number;
  c1: number;
  size: number;
}

export function buildLines(
  items: ReadonlyArray<TextItem | { type: string }>,
  styles: Record<string, TextStyle>,
  page: PDFPageProxy,
  vt: Matrix,
  bounds: Bounds,
  fonts: Map<string, FontInfo>,
): Line[] {
  const lines: Line[] = [];
  let open: OpenLine | null = null;
  // pdf.js turns gaps wider than 0.6 em into separate " " items; they only mean "a space
  // goes here" if the next item continues the same line.
  let pendingSpace = false;
  for (const raw of items) {
    if (!("str" in raw)) continue;
    const item = raw;
    if (item.str.trim() === "") {
      pendingSpace = open !== null;
    } else {
      const placed = place(item, styles, page, vt, fonts);
      if (placed && intersects(placed.box, bounds)) {
        const gap = open ? lineGap(open, placed) : null;
        if (open && gap !== null) {
          appendToLine(open, placed, gap, pendingSpace);
        } else {
          if (open) pushLine(lines, open, bounds);
          open = startLine(placed);
        }
        pendingSpace = false;
      }
    }
    // pdf.js sets hasEOL where its own geometry saw the text move to a new line.
    if (item.hasEOL && open) {
      pushLine(lines, open, bounds);
      open = null;
      pendingSpace = false;
    }
  }
  if (open) pushLine(lines, open, bounds);
  return lines;
}

function place(
  item: TextItem,
  styles: Record<string, TextStyle>,
  page: PDFPageProxy,
  vt: Matrix,
  fonts: Map<string, FontInfo>,
): Placed | null {
  const m = multiply(vt, item.transform as Matrix);
  const rightLen = Math.hypot(m[0], m[1]);
  const size = Math.hypot(m[2], m[3]);
  if (!(size > 0) || !(rightLen > 0) || !Number.isFinite(m[4]) || !Number.isFinite(m[5])) return null;
  const info = fontInfo(item.fontName, styles[item.fontName], page, fonts);
  const right: Vec = [m[0] / rightLen, m[1] / rightLen];
  const up: Vec = [m[2] / size, m[3] / size];
  const origin: Vec = [m[4], m[5]];
  // Horizontal text advances along the glyph x axis and sits on a baseline; vertical text
  // advances down the glyph y axis, centred on the current point.
  const adv: Vec = info.vertical ? [-up[0], -up[1]] : right;
  const cross: Vec = info.vertical ? right : up;
  const length = Math.abs(info.vertical ? item.height : item.width);
  const a0 = dot(origin, adv);
  const c = dot(origin, cross);
  const c0 = info.vertical ? c - size / 2 : c - info.descent * size;
  const c1 = info.vertical ? c + size / 2 : c + info.ascent * size;
  const box = emptyBox();
  for (const a of [0, length]) {
    for (const d of [c0 - c, c1 - c]) {
      extendBox(box, origin[0] + adv[0] * a + cross[0] * d, origin[1] + adv[1] * a + cross[1] * d);
    }
  }
  // Fonts without a ToUnicode map yield raw glyph codes; MuPDF reports those as U+FFFD,
  // and doing the same keeps control characters out of Markdown and the two paths alike.
  const text = item.str.replace(CONTROL_CHARS, "\uFFFD");
  return { text, info, size, adv, a0, a1: a0 + length, c0, c1, box, rtl: item.dir === "rtl" };
}

/** A spacing accent TeX overprints on the letter after it, with that letter ("na¨ıve"). Not
 *  the grave, which is also ASCII's backtick (a shell's "`ls`" in code). */
const ACCENT_BEFORE_LETTER = /([¨´ˆ˜¸˚ˇ˘])\s?([A-Za-zı])/g;

/**
 * A span's text with each spacing accent before a letter composed with it. pdf.js gives an
 * item's glyphs as one string, without their places, so an accent set beside a letter
 * ("toc´s") cannot be told from one set over it here, as the MuPDF reader tells it; this path
 * reads only the pages MuPDF cannot, and composes as both paths did before svc-md-1.1.25.
 */
export function composeAccents(text: string): string {
  if (!ACCENT_BEFORE_LETTER.test(text)) return text;
  ACCENT_BEFORE_LETTER.lastIndex = 0;
  return text.replace(ACCENT_BEFORE_LETTER, (_, accent: string, letter: string) => ((letter === "ı" ? "i" : letter) + String.fromCharCode(combiningMarkOf(accent.charCodeAt(0)))).normalize("NFC"));
}

/** The gap between a line and an item that continues it, or null if the item does not. */
function lineGap(line: OpenLine, item: Placed): number | null {
  if (line.wmode !== (item.info.vertical ? 1 : 0)) return null;
  if (dot(line.adv, item.adv) < 0.99) return null;
  const overlap = Math.min(line.c1, item.c1) - Math.max(line.c0, item.c0);
  // Half the smaller height keeps superscripts and footnote marks on their line while
  // leaving the next line (a full line height away) out.
  if (overlap < 0.5 * Math.min(line.c1 - line.c0, item.c1 - item.c0)) return null;
  const em = Math.max(line.size, item.size);
  const fits = (gap: number): boolean => gap >= -LINE_OVERLAP_EM_MAX * em && gap <= LINE_GAP_EM_MAX * em;
  const forward = item.a0 - line.a1;
  if (fits(forward)) return forward;
  // Right-to-left scripts are often drawn word by word from the right, and their numbers
  // and brackets come out as left-to-right items in between; stream order is still the
  // logical order, so those items join leftwards.
  const backward = line.a0 - item.a1;
  return (line.rtl || item.rtl) && fits(backward) ? backward : null;
}

function startLine(item: Placed): OpenLine {
  return {
    spans: [toSpan(item)],
    adv: item.adv,
    wmode: item.info.vertical ? 1 : 0,
    a0: item.a0,
    a1: item.a1,
    rtl: item.rtl,
    c0: item.c0,
    c1: item.c1,
    size: item.size,
  };
}

function appendToLine(line: OpenLine, item: Placed, gap: number, pendingSpace: boolean): void {
  const last = line.spans[line.spans.length - 1];
  const space = (pendingSpace || gap > SPACE_GAP_EM * Math.max(line.size, item.size)) && !/\s$/.test(last.text) && !/^\s/.test(item.text);
  const next = toSpan(item);
  if (sameStyle(last, next)) {
    last.text += (space ? " " : "") + next.text;
    last.x0 = Math.min(last.x0, next.x0);
    last.y0 = Math.min(last.y0, next.y0);
    last.x1 = Math.max(last.x1, next.x1);
    last.y1 = Math.max(last.y1, next.y1);
  } else {
    if (space) last.text += " ";
    line.spans.push(next);
  }
  line.a0 = Math.min(line.a0, item.a0);
  line.a1 = Math.max(line.a1, item.a1);
  line.rtl ||= item.rtl;
  // The line's vertical band follows its largest text, so a leading superscript does not
  // decide which items join.
  if (item.size > line.size) {
    line.size = item.size;
    line.c0 = item.c0;
    line.c1 = item.c1;
  }
}

function toSpan(item: Placed): Span {
  const [x0, y0, x1, y1] = item.box;
  const { font, bold, italic, monospace } = item.info;
  return newSpan(item.text, x0, y0, x1, y1, font, Math.round(item.size * 10) / 10, bold, italic, monospace);
}

function sameStyle(a: Span, b: Span): boolean {
  return a.font === b.font && a.size === b.size && a.bold === b.bold && a.italic === b.italic && a.monospace === b.monospace;
}

function pushLine(lines: Line[], open: OpenLine, bounds: Bounds): void {
  const spans = open.spans;
  spans[0].text = spans[0].text.trimStart();
  spans[spans.length - 1].text = spans[spans.length - 1].text.trimEnd();
  const kept = spans.filter((s) => s.text !== "");
  if (kept.length === 0) return;
  for (const s of kept) s.text = composeAccents(s.text);
  const box = emptyBox();
  for (const s of kept) {
    clampSpan(s, bounds);
    extendBox(box, s.x0, s.y0);
    extendBox(box, s.x1, s.y1);
  }
  lines.push(newLine(kept, box[0], box[1], box[2], box[3], open.wmode));
}

function clampSpan(s: Span, bounds: Bounds): void {
  s.x0 = round2(clamp(s.x0, 0, bounds.width));
  s.x1 = round2(clamp(s.x1, 0, bounds.width));
  s.y0 = round2(clamp(s.y0, 0, bounds.height));
  s.y1 = round2(clamp(s.y1, 0, bounds.height));
}
