// What the engine hands back: everything a Conversion object needs, nothing about HTTP,
// keys or credits.
import type { ExtractionPath } from "./model.js";
import type { EngineWarning } from "./warnings.js";

export type { EngineWarning, WarningCode } from "./warnings.js";

/** Rendering options of DECISIONS.md's options table, already validated and defaulted. */
export interface RenderOptions {
  pageMarkers: "none" | "rule";
  headersFooters: "keep" | "strip";
  dehyphenate: boolean;
  unicode: "none" | "nfc";
  tables: "gfm" | "html" | "off";
  debug: boolean;
}

export const defaultRenderOptions: RenderOptions = Object.freeze({
  pageMarkers: "none",
  headersFooters: "strip",
  dehyphenate: true,
  unicode: "none",
  tables: "gfm",
  debug: false,
});

export interface PageFacts {
  page: number;
  chars: number;
  /** null when both extractors failed on the page. */
  extraction: ExtractionPath | null;
  /** UTF-16 offset and length of the page's Markdown inside `markdown`. */
  markdown_offset: number;
  markdown_length: number;
}

export interface LinkFact {
  page: number;
  url: string;
  text: string;
}

export interface Timings {
  parse: number;
  convert: number;
  encode: number;
  total: number;
}

export interface ConversionResult {
  engine: string;
  markdown: string;
  content_sha256: string;
  page_count: number;
  pages_selected: string;
  pages_selected_count: number;
  pages_processed: number;
  pages_billed: number;
  pages_not_billed: number[];
  text_layer_coverage: number;
  pages: PageFacts[];
  links: LinkFact[];
  warnings: EngineWarning[];
  timings_ms: Timings;
  debug?: DebugInfo;
}

export interface DebugInfo {
  pages: { page: number; extraction: ExtractionPath | null; wall_ms: number; columns: number }[];
  heading_levels: { size: number; bold: boolean; level: number }[];
  body_size: number;
}

export interface TocEntry {
  title: string;
  level: number;
  page: number | null;
}
