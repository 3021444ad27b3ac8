// What the pdf.js extractor knows of a font: its real name, style flags from the name or
// the font program, and sane ascent and descent. Learnt once per document.
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextStyle } from "pdfjs-dist/types/src/display/api.js";
import type { PdfjsDocument } from "./document.js";
import { MONO_NAME, TEX_BOLD_NAME, TEX_ITALIC_NAME } from "../font_names.js";

// Metrics to use when a font reports none, or nonsense (Type3 fonts often do).
const ASCENT_DEFAULT = 0.8;
const DESCENT_DEFAULT = 0.2;

export interface FontInfo {
  font: string;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  vertical: boolean;
  ascent: number;
  descent: number;
}

const BOLD_NAME = /Bold|Black|Heavy|Semi-?bold|Demi|Medi(?:Ital)?$/i;
const ITALIC_NAME = /Italic|Oblique|Slant/i;
// TeX math and symbol fonts set the FixedPitch flag, which pdf.js turns into "monospace";
// trusting it would mark every footnote asterisk as code.
const SYMBOL_NAME = /^(CMSY|CMMI|CMEX|MSAM|MSBM|Symbol|ZapfDingbats|Wingdings)/i;

// pdf.js names fonts per document (g_d0_f1), so what was learnt on one page holds for all.
const fontCache = new WeakMap<PdfjsDocument, Map<string, FontInfo>>();

export function fontsOf(doc: PdfjsDocument): Map<string, FontInfo> {
  let fonts = fontCache.get(doc);
  if (!fonts) {
    fonts = new Map();
    fontCache.set(doc, fonts);
  }
  return fonts;
}

export function fontInfo(loadedName: string, style: TextStyle | undefined, page: PDFPageProxy, cache: Map<string, FontInfo>): FontInfo {
  const cached = cache.get(loadedName);
  if (cached) return cached;
  const loaded = page.commonObjs.has(loadedName) ? (page.commonObjs.get(loadedName) as LoadedFont | null) : null;
  const realName = typeof loaded?.name === "string" ? loaded.name.replace(/^[A-Z]{6}\+/, "") : "";
  const family = style?.fontFamily ?? "";
  const font = realName || family || loadedName;
  const info: FontInfo = {
    font,
    bold: BOLD_NAME.test(realName) || TEX_BOLD_NAME.test(realName) || loaded?.bold === true || loaded?.black === true,
    italic: ITALIC_NAME.test(realName) || TEX_ITALIC_NAME.test(realName) || loaded?.italic === true,
    monospace: MONO_NAME.test(realName) || (family === "monospace" && !SYMBOL_NAME.test(realName)),
    vertical: style?.vertical === true,
    ascent: metric(style?.ascent, ASCENT_DEFAULT),
    descent: metric(style?.descent === undefined ? undefined : -style.descent, DESCENT_DEFAULT),
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
