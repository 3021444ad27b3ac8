// The pdf.js fallback: pages on which MuPDF fails are extracted again with pdf.js into the
// same page model, so nothing downstream needs to know which engine read the page.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  AnnotationMode,
  getDocument,
  GlobalWorkerOptions,
  OPS,
  PasswordResponses,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type PageViewport,
} from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem, TextStyle } from "pdfjs-dist/types/src/display/api.js";
import { DocumentError } from "./errors.js";
import type { Line, PageLink, PageModel, Rule, Span } from "./model.js";

export type PdfjsDocument = PDFDocumentProxy;

type Matrix = [number, number, number, number, number, number];

// A page of vector art (maps, plots, text drawn as outlines) can hold millions of path
// segments; a table detector needs the first few thousand at most.
const rulesPerPageMax = 5_000;
// pdf.js's own corpus has a page with 32,768 link annotations.
const linksPerPageMax = 5_000;
// Filled rectangles at most this thick (points) are drawn rules, not shaded areas.
const fillRuleThicknessMaxPt = 3;
// Shorter segments are glyph outlines or dash patterns, noise to a table detector.
const ruleLengthMinPt = 1;
// Paths are stored as float32; edges within this are treated as axis-aligned.
const axisTolerancePt = 0.5;
// Gaps wider than this (in ems) are column gutters or table cells, so they start a new line;
// MuPDF splits its lines at about the same gap, which keeps both paths alike.
const lineGapEmMax = 1.0;
// Items may overlap their predecessor (kerning, italic correction, TeX building © from a
// "c" and a circle drawn over it).
const lineOverlapEmMax = 1.0;
// MuPDF inserts a space for gaps above 0.15 em; matching it keeps both paths alike.
const spaceGapEm = 0.15;
// C0 and C1 controls other than the whitespace ones (tab, line feed, carriage return).
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// Metrics to use when a font reports none, or nonsense (Type3 fonts often do).
const ascentDefault = 0.8;
const descentDefault = 0.2;

const pdfjsRequire = createRequire(import.meta.url);
const pdfjsRoot = dirname(pdfjsRequire.resolve("pdfjs-dist/package.json"));

// In Node pdf.js runs its "worker" in-process, loading it with a dynamic import of
// workerSrc. Its default ("./pdf.worker.mjs") only resolves while pdf.mjs stays in place
// beside it; the absolute URL of the installed module survives bundling and test runners.
GlobalWorkerOptions.workerSrc = pathToFileURL(join(pdfjsRoot, "legacy/build/pdf.worker.mjs")).href;

/** Opens a document with pdf.js. Password failures become DocumentErrors. */
export async function openPdfjsDocument(bytes: Uint8Array, password?: string): Promise<PdfjsDocument> {
  const task = getDocument({
    // pdf.js transfers (detaches) the buffer it is given; the caller's bytes must survive.
    data: new Uint8Array(bytes),
    password,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    useWorkerFetch: false,
    verbosity: 0,
    stopAtErrors: false,
    // In Node these are read with fs.readFile, so plain directory paths with a trailing
    // slash are what the factories expect; without them CJK CMaps and the 14 standard fonts
    // fail to load and their text comes out empty.
    cMapUrl: join(pdfjsRoot, "cmaps") + "/",
    cMapPacked: true,
    standardFontDataUrl: join(pdfjsRoot, "standard_fonts") + "/",
    wasmUrl: join(pdfjsRoot, "wasm") + "/",
    iccUrl: join(pdfjsRoot, "iccs") + "/",
    // Text and rules never need pixels: skipping image decoding keeps getOperatorList cheap.
    maxImageSize: 0,
    // Node has neither; saying so here keeps a polyfilled global from switching them on.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // MuPDF reads the static page content of XFA files, not the form; the fallback must too.
    enableXfa: false,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy();
    throw mapOpenError(err);
  }
}

function mapOpenError(err: unknown): unknown {
  if (!(err instanceof Error) || err.name !== "PasswordException") return err;
  const code = (err as Error & { code?: unknown }).code;
  if (code === PasswordResponses.INCORRECT_PASSWORD) {
    return new DocumentError("pdf_password_incorrect", "The password does not open this PDF.");
  }
  return new DocumentError("pdf_encrypted", "The PDF is encrypted and needs a password.");
}

export async function destroyPdfjsDocument(doc: PdfjsDocument): Promise<void> {
  await doc.loadingTask.destroy();
}

/** Extracts one page (1-based). pdf.js exceptions propagate to the caller. */
export async function extractPagePdfjs(doc: PdfjsDocument, pageNumber: number): Promise<PageModel> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    // The operator list comes first: it is what ships the fonts (and their real names) to
    // commonObjs, which getTextContent alone never does.
    const opList = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
    const text = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
    const annotations = await page.getAnnotations({ intent: "display" });
    const bounds: Bounds = { width: viewport.width, height: viewport.height };
    const lines = buildLines(text.items, text.styles, page, viewport.transform as Matrix, bounds, fontsOf(doc));
    return {
      page: pageNumber,
      width: round2(viewport.width),
      height: round2(viewport.height),
      lines,
      rules: collectRules(opList.fnArray, opList.argsArray, viewport.transform as Matrix, bounds),
      links: collectLinks(annotations, viewport, bounds),
      chars: countChars(lines),
      extraction: "pdfjs",
    };
  } finally {
    page.cleanup();
  }
}

// ---------------------------------------------------------------------------------------
// Fonts

interface FontInfo {
  font: string;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  vertical: boolean;
  ascent: number;
  descent: number;
}

const boldName = /Bold|Black|Heavy|Semi-?bold|Demi|Medi(?:Ital)?$|^CM\w*BX\d|^CMB\d/i;
const italicName = /Italic|Oblique|Slant|^CM\w*TI\d/i;
const monoName = /Mono|Courier|Consol|Code|Menlo|^CMTT|^SFTT|^LMTypewriter/i;
// TeX math and symbol fonts set the FixedPitch flag, which pdf.js turns into "monospace";
// trusting it would mark every footnote asterisk as code.
const symbolName = /^(CMSY|CMMI|CMEX|MSAM|MSBM|Symbol|ZapfDingbats|Wingdings)/i;

// pdf.js names fonts per document (g_d0_f1), so what was learnt on one page holds for all.
const fontCache = new WeakMap<PdfjsDocument, Map<string, FontInfo>>();

function fontsOf(doc: PdfjsDocument): Map<string, FontInfo> {
  let fonts = fontCache.get(doc);
  if (!fonts) {
    fonts = new Map();
    fontCache.set(doc, fonts);
  }
  return fonts;
}

function fontInfo(loadedName: string, style: TextStyle | undefined, page: PDFPageProxy, cache: Map<string, FontInfo>): FontInfo {
  const cached = cache.get(loadedName);
  if (cached) return cached;
  const loaded = page.commonObjs.has(loadedName) ? (page.commonObjs.get(loadedName) as LoadedFont | null) : null;
  const realName = typeof loaded?.name === "string" ? loaded.name.replace(/^[A-Z]{6}\+/, "") : "";
  const family = style?.fontFamily ?? "";
  const font = realName || family || loadedName;
  const info: FontInfo = {
    font,
    bold: boldName.test(realName) || loaded?.bold === true || loaded?.black === true,
    italic: italicName.test(realName) || loaded?.italic === true,
    monospace: monoName.test(realName) || (family === "monospace" && !symbolName.test(realName)),
    vertical: style?.vertical === true,
    ascent: metric(style?.ascent, ascentDefault),
    descent: metric(style?.descent === undefined ? undefined : -style.descent, descentDefault),
  };
  // A font pdf.js failed to ship has no real name yet; a later page may still resolve it.
  if (loaded) cache.set(loadedName, info);
  return info;
}

interface LoadedFont {
  name?: unknown;
  bold?: unknown;
  italic?: unknown;
  black?: unknown;
}

function metric(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 && value < 1.5 ? value : fallback;
}

// ---------------------------------------------------------------------------------------
// Text

interface Bounds {
  width: number;
  height: number;
}

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

function buildLines(
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
  const text = item.str.replace(controlChars, "\uFFFD");
  return { text, info, size, adv, a0, a1: a0 + length, c0, c1, box, rtl: item.dir === "rtl" };
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
  const fits = (gap: number): boolean => gap >= -lineOverlapEmMax * em && gap <= lineGapEmMax * em;
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
  const space = (pendingSpace || gap > spaceGapEm * Math.max(line.size, item.size)) && !/\s$/.test(last.text) && !/^\s/.test(item.text);
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
  return { text: item.text, x0, y0, x1, y1, font, size: Math.round(item.size * 10) / 10, bold, italic, monospace };
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
  const box = emptyBox();
  for (const s of kept) {
    clampSpan(s, bounds);
    extendBox(box, s.x0, s.y0);
    extendBox(box, s.x1, s.y1);
  }
  lines.push({ spans: kept, x0: box[0], y0: box[1], x1: box[2], y1: box[3], wmode: open.wmode });
}

function clampSpan(s: Span, bounds: Bounds): void {
  s.x0 = round2(clamp(s.x0, 0, bounds.width));
  s.x1 = round2(clamp(s.x1, 0, bounds.width));
  s.y0 = round2(clamp(s.y0, 0, bounds.height));
  s.y1 = round2(clamp(s.y1, 0, bounds.height));
}

function countChars(lines: Line[]): number {
  let chars = 0;
  for (const line of lines) {
    for (const span of line.spans) chars += span.text.match(/\S/gu)?.length ?? 0;
  }
  return chars;
}

// ---------------------------------------------------------------------------------------
// Rules

// pdf.js 5 folds every path into one constructPath op: [paintOp, [Float32Array], minMax],
// the buffer holding DrawOPS codes (src/shared/util.js) followed by their coordinates.
const drawMoveTo = 0;
const drawLineTo = 1;
const drawCurveTo = 2;
const drawQuadraticCurveTo = 3;
const drawClosePath = 4;

const strokeOps = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const fillOps = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);

interface GraphicsState {
  ctm: Matrix;
  lineWidth: number;
}

function collectRules(fnArray: number[], argsArray: unknown[], vt: Matrix, bounds: Bounds): Rule[] {
  const rules: Rule[] = [];
  // The CTM is kept in viewport space (viewport transform already applied) so path points
  // map straight to the page model's top-left coordinates.
  let state: GraphicsState = { ctm: vt, lineWidth: 1 };
  const stack: GraphicsState[] = [];
  for (let i = 0; i < fnArray.length && rules.length < rulesPerPageMax; i++) {
    const args = argsArray[i] as unknown[] | null;
    switch (fnArray[i]) {
      case OPS.save:
        stack.push(state);
        break;
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.transform: {
        const m = toMatrix(args);
        if (m) state = { ...state, ctm: multiply(state.ctm, m) };
        break;
      }
      case OPS.paintFormXObjectBegin: {
        stack.push(state);
        const m = toMatrix(args?.[0]);
        if (m) state = { ...state, ctm: multiply(state.ctm, m) };
        break;
      }
      case OPS.setLineWidth:
        if (typeof args?.[0] === "number") state = { ...state, lineWidth: args[0] };
        break;
      case OPS.setGState:
        state = { ...state, lineWidth: gStateLineWidth(args?.[0]) ?? state.lineWidth };
        break;
      case OPS.constructPath:
        if (args) addPathRules(args, state, bounds, rules);
        break;
    }
  }
  return rules;
}

function gStateLineWidth(entries: unknown): number | null {
  if (!Array.isArray(entries)) return null;
  let width: number | null = null;
  for (const entry of entries) {
    if (Array.isArray(entry) && entry[0] === "LW" && typeof entry[1] === "number") width = entry[1];
  }
  return width;
}

function addPathRules(args: unknown[], state: GraphicsState, bounds: Bounds, rules: Rule[]): void {
  const paintOp = args[0] as number;
  const stroke = strokeOps.has(paintOp);
  const fill = fillOps.has(paintOp);
  const buffer = (args[1] as ArrayLike<number>[] | null)?.[0];
  if ((!stroke && !fill) || !buffer) return;
  const { ctm } = state;
  const half = (Math.max(state.lineWidth, 0) * Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))) / 2;
  let corners: number[] = [];
  let straight = true;
  let start: Vec = [0, 0];
  let current: Vec = [0, 0];
  const flush = (): void => {
    if (fill && straight) addFillRule(corners, bounds, rules);
    corners = [];
    straight = true;
  };
  for (let k = 0; k < buffer.length && rules.length < rulesPerPageMax; ) {
    switch (buffer[k++]) {
      case drawMoveTo:
        flush();
        current = start = apply(ctm, buffer[k], buffer[k + 1]);
        corners.push(current[0], current[1]);
        k += 2;
        break;
      case drawLineTo: {
        const to = apply(ctm, buffer[k], buffer[k + 1]);
        if (stroke) addStrokeRule(current, to, half, bounds, rules);
        corners.push(to[0], to[1]);
        current = to;
        k += 2;
        break;
      }
      case drawCurveTo:
        current = apply(ctm, buffer[k + 4], buffer[k + 5]);
        straight = false;
        k += 6;
        break;
      case drawQuadraticCurveTo:
        current = apply(ctm, buffer[k + 2], buffer[k + 3]);
        straight = false;
        k += 4;
        break;
      case drawClosePath:
        if (stroke) addStrokeRule(current, start, half, bounds, rules);
        current = start;
        break;
      default:
        // An unknown code means the buffer layout changed; reading on would misalign.
        return;
    }
  }
  flush();
}

function addStrokeRule(from: Vec, to: Vec, half: number, bounds: Bounds, rules: Rule[]): void {
  const dx = Math.abs(to[0] - from[0]);
  const dy = Math.abs(to[1] - from[1]);
  if (Math.max(dx, dy) < ruleLengthMinPt) return;
  if (dy <= axisTolerancePt) {
    const y = (from[1] + to[1]) / 2;
    pushRule(rules, bounds, Math.min(from[0], to[0]), y - half, Math.max(from[0], to[0]), y + half, "stroke");
  } else if (dx <= axisTolerancePt) {
    const x = (from[0] + to[0]) / 2;
    pushRule(rules, bounds, x - half, Math.min(from[1], to[1]), x + half, Math.max(from[1], to[1]), "stroke");
  }
}

function addFillRule(corners: number[], bounds: Bounds, rules: Rule[]): void {
  let n = corners.length / 2;
  if (n === 5 && corners[0] === corners[8] && corners[1] === corners[9]) n = 4;
  if (n !== 4) return;
  const box = emptyBox();
  for (let i = 0; i < 4; i++) {
    const dx = Math.abs(corners[2 * i] - corners[(2 * i + 2) % 8]);
    const dy = Math.abs(corners[2 * i + 1] - corners[(2 * i + 3) % 8]);
    if (dx > axisTolerancePt && dy > axisTolerancePt) return;
    extendBox(box, corners[2 * i], corners[2 * i + 1]);
  }
  const thin = Math.min(box[2] - box[0], box[3] - box[1]);
  const long = Math.max(box[2] - box[0], box[3] - box[1]);
  if (thin <= 0 || thin > fillRuleThicknessMaxPt || long < ruleLengthMinPt || long < 2 * thin) return;
  pushRule(rules, bounds, box[0], box[1], box[2], box[3], "fill");
}

function pushRule(rules: Rule[], bounds: Bounds, x0: number, y0: number, x1: number, y1: number, kind: Rule["kind"]): void {
  if (rules.length >= rulesPerPageMax) return;
  if (x1 < 0 || y1 < 0 || x0 > bounds.width || y0 > bounds.height) return;
  rules.push({
    x0: round2(clamp(x0, 0, bounds.width)),
    y0: round2(clamp(y0, 0, bounds.height)),
    x1: round2(clamp(x1, 0, bounds.width)),
    y1: round2(clamp(y1, 0, bounds.height)),
    kind,
  });
}

// ---------------------------------------------------------------------------------------
// Links

function collectLinks(annotations: unknown[], viewport: PageViewport, bounds: Bounds): PageLink[] {
  const links: PageLink[] = [];
  for (const raw of annotations) {
    if (links.length >= linksPerPageMax) break;
    const a = raw as { subtype?: unknown; url?: unknown; rect?: unknown };
    // pdf.js fills `url` only for absolute http, https, ftp, mailto and tel targets, so
    // javascript: and relative URIs never reach the Markdown.
    if (a.subtype !== "Link" || typeof a.url !== "string" || a.url === "") continue;
    const rect = a.rect;
    if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((v) => Number.isFinite(v))) continue;
    const [ax, ay, bx, by] = viewport.convertToViewportRectangle(rect) as number[];
    const x0 = Math.min(ax, bx);
    const x1 = Math.max(ax, bx);
    const y0 = Math.min(ay, by);
    const y1 = Math.max(ay, by);
    if (x1 < 0 || y1 < 0 || x0 > bounds.width || y0 > bounds.height) continue;
    links.push({
      x0: round2(clamp(x0, 0, bounds.width)),
      y0: round2(clamp(y0, 0, bounds.height)),
      x1: round2(clamp(x1, 0, bounds.width)),
      y1: round2(clamp(y1, 0, bounds.height)),
      uri: a.url,
    });
  }
  return links;
}

// ---------------------------------------------------------------------------------------
// Geometry

type Vec = [number, number];
type Box = [number, number, number, number];

/** Same convention as pdf.js Util.transform: m2 is applied first, then m1. */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

function apply(m: Matrix, x: number, y: number): Vec {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function toMatrix(value: unknown): Matrix | null {
  if (value === null || typeof value !== "object" || !("length" in value)) return null;
  const arr = Array.from(value as ArrayLike<unknown>);
  return arr.length === 6 && arr.every((v) => typeof v === "number" && Number.isFinite(v)) ? (arr as Matrix) : null;
}

function dot(a: Vec, b: Vec): number {
  return a[0] * b[0] + a[1] * b[1];
}

function emptyBox(): Box {
  return [Infinity, Infinity, -Infinity, -Infinity];
}

function extendBox(box: Box, x: number, y: number): void {
  if (x < box[0]) box[0] = x;
  if (y < box[1]) box[1] = y;
  if (x > box[2]) box[2] = x;
  if (y > box[3]) box[3] = y;
}

function intersects(box: Box, bounds: Bounds): boolean {
  return box[2] > 0 && box[3] > 0 && box[0] < bounds.width && box[1] < bounds.height;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
