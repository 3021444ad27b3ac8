// Documents the tests generate rather than read from ../shared/pdfs, so they run on a
// fresh clone: a 352-page book with a two-level outline (the size of pdf.js/freeculture.pdf,
// over the 200 pages one request may select), a document with no text layer at all, and a
// page only pdf.js can open. Built in memory (the book in about half a second), once per
// process; nothing is written to the repository.
//
// MuPDF comes through the engine's runtime: it must be the first to load the module (see
// mupdf_runtime.ts), or the engine's fast text reader and outline walk find nothing.
import { brotliCompressSync } from "node:zlib";
import type * as Mupdf from "mupdf";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";

export interface BookEntry {
  title: string;
  level: number;
  page: number;
}

export interface Book {
  pdf: Buffer;
  pageCount: number;
  /** The outline as readOutline reports it: pre-order, levels from 1, 1-based pages. */
  outline: BookEntry[];
}

export const BOOK_PAGES = 352;
/** The book's pages without a text layer (a grey frontispiece): a critical page warning each. */
export const BOOK_PAGES_WITHOUT_TEXT = [2];

// A trade-book page (freeculture's is 489.6 x 734.4 pt) with about as much text on it.
const [W, H] = [432, 648];
const MARGIN = 60;
const BODY_SIZE = 11;
const LEADING = 15;
const HEADING_SIZE = 18;

/** Front matter (page 2, the frontispiece, has no text), four parts of five chapters each,
 * back matter; the chapters share the pages left. */
function bookOutline(): BookEntry[] {
  const entries: BookEntry[] = [
    { title: "COVER", level: 1, page: 1 },
    { title: "CONTENTS", level: 1, page: 3 },
    { title: "PREFACE", level: 1, page: 6 },
    { title: "INTRODUCTION", level: 1, page: 12 },
  ];
  const parts = ["PART ONE: SOURCES", "PART TWO: METHODS", "PART THREE: PRACTICE", "PART FOUR: LIMITS"];
  const backMatter = [
    { title: "CONCLUSION", pages: 10 },
    { title: "NOTES", pages: 20 },
    { title: "INDEX", pages: 12 },
  ];
  const first = 24;
  const chapterPages = Math.floor((BOOK_PAGES + 1 - first - backMatter.reduce((n, b) => n + b.pages, 0)) / (parts.length * 5));
  let page = first;
  let chapter = 0;
  for (const part of parts) {
    entries.push({ title: part, level: 1, page });
    for (let c = 0; c < 5; c++) {
      chapter++;
      entries.push({ title: `Chapter ${chapter}: ${CHAPTER_TITLES[chapter - 1]}`, level: 2, page });
      page += chapterPages;
    }
  }
  page = BOOK_PAGES + 1 - backMatter.reduce((n, b) => n + b.pages, 0);
  for (const b of backMatter) {
    entries.push({ title: b.title, level: 1, page });
    page += b.pages;
  }
  return entries;
}

const CHAPTER_TITLES = [
  "Creators", "Mere Copyists", "Catalogues", "Recorders", "Transformers",
  "Founders", "Property", "Markets", "Collectors", "Archivists",
  "Printers", "Readers", "Libraries", "Licences", "Teachers",
  "Lawyers", "Engineers", "Editors", "Critics", "Commons",
];

const WORDS = (
  "the of and to in a is that for it as was with be by on not he this are or his from at which but have an they " +
  "one you were her all she there would their we him been has when who will more no if out so said what up its about " +
  "into than them can only other new some could time these two may then do first any my now such like our over man me " +
  "even most made after also did many before must through back years where much your way well down should because each " +
  "just those people how too little state good very make world still own see men work long get here between both life " +
  "being under never day same another know while last might us great old year off come since against go came right used " +
  "take three culture property law free market record library print copy author reader public book music film archive"
).split(" ");

/** A small deterministic generator (mulberry32), so every run builds the same bytes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function widths(font: Mupdf.Font): (s: string) => number {
  const cache = new Map<string, number>();
  return (s) => {
    let w = 0;
    for (const ch of s) {
      let a = cache.get(ch);
      if (a === undefined) cache.set(ch, (a = font.advanceGlyph(font.encodeCharacter(ch))));
      w += a;
    }
    return w;
  };
}

/** Body paragraphs filling the space from `top` down, wrapped to the text width. */
function paragraphs(next: () => number, width: (s: string) => number, top: number): { y: number; text: string; indent: number }[] {
  const lines: { y: number; text: string; indent: number }[] = [];
  const measure = (s: string) => width(s) * BODY_SIZE;
  const textWidth = W - 2 * MARGIN;
  const space = measure(" ");
  let y = top;
  while (y <= H - MARGIN) {
    const sentences = 3 + Math.floor(next() * 4);
    const words: string[] = [];
    for (let s = 0; s < sentences; s++) {
      const n = 6 + Math.floor(next() * 14);
      for (let i = 0; i < n; i++) {
        let word = WORDS[Math.floor(next() * WORDS.length)];
        if (i === 0) word = word[0].toUpperCase() + word.slice(1);
        if (i === n - 1) word += ".";
        else if (next() < 0.06) word += ",";
        words.push(word);
      }
    }
    let line = "";
    let lineWidth = 0;
    let indent = 18;
    for (const word of words) {
      const wordWidth = measure(word);
      if (line && indent + lineWidth + space + wordWidth > textWidth) {
        lines.push({ y, text: line, indent });
        y += LEADING;
        indent = 0;
        [line, lineWidth] = [word, wordWidth];
        if (y > H - MARGIN) return lines;
      } else {
        lineWidth += (line ? space : 0) + wordWidth;
        line = line ? `${line} ${word}` : word;
      }
    }
    if (line) {
      lines.push({ y, text: line, indent });
      y += LEADING * 1.6;
    }
  }
  return lines;
}

const greyBox = `0.8 g ${MARGIN} ${MARGIN} ${W - 2 * MARGIN} ${H - 2 * MARGIN} re f\n`;

/** A PDF string literal. */
function literal(s: string): string {
  return `(${s.replace(/[\\()]/g, "\\$&")})`;
}

/** One line of text at (x, y), y measured from the top of the page. */
function textOp(font: string, size: number, x: number, y: number, s: string): string {
  return `BT /${font} ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(H - y).toFixed(2)} Tm ${literal(s)} Tj ET\n`;
}

function buildBook(): Book {
  const outline = bookOutline();
  const headings = new Map<number, BookEntry[]>();
  for (const e of outline) headings.set(e.page, [...(headings.get(e.page) ?? []), e]);
  const doc = new mupdf.PDFDocument();
  const fonts = { body: new mupdf.Font("Times-Roman"), bold: new mupdf.Font("Times-Bold"), folio: new mupdf.Font("Helvetica") };
  const resources = doc.addObject({
    Font: { F1: doc.addSimpleFont(fonts.body, "Latin"), F2: doc.addSimpleFont(fonts.bold, "Latin"), F3: doc.addSimpleFont(fonts.folio, "Latin") },
  });
  const bodyWidth = widths(fonts.body);
  const folioWidth = widths(fonts.folio);
  const next = random(352);
  // Content streams written directly: a DocumentWriter takes seconds over 352 pages.
  for (let page = 1; page <= BOOK_PAGES; page++) {
    if (BOOK_PAGES_WITHOUT_TEXT.includes(page)) {
      doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, resources, greyBox));
      continue;
    }
    let content = "";
    let top = MARGIN + BODY_SIZE;
    for (const heading of headings.get(page) ?? []) {
      content += textOp("F2", HEADING_SIZE, MARGIN, top - BODY_SIZE + HEADING_SIZE, heading.title);
      top += HEADING_SIZE + 2 * LEADING;
    }
    for (const line of paragraphs(next, bodyWidth, top)) content += textOp("F1", BODY_SIZE, MARGIN + line.indent, line.y, line.text);
    const number = String(page);
    content += textOp("F3", 9, (W - folioWidth(number) * 9) / 2, H - MARGIN / 2, number);
    doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, resources, content));
  }
  const it = doc.outlineIterator();
  for (let i = 0; i < outline.length; i++) {
    const entry = outline[i];
    if (entry.level !== 1) continue;
    it.insert({ title: entry.title, uri: `#page=${entry.page}`, open: true });
    const children = [];
    for (let j = i + 1; j < outline.length && outline[j].level === 2; j++) children.push(outline[j]);
    if (children.length === 0) continue;
    it.prev();
    it.down();
    for (const child of children) it.insert({ title: child.title, uri: `#page=${child.page}`, open: false });
    it.up();
    it.next();
  }
  // Copy out of WASM memory at once: a later allocation can grow and detach it.
  const pdf = Buffer.from(doc.saveToBuffer("compress,garbage=compact").asUint8Array());
  doc.destroy();
  for (const font of Object.values(fonts)) font.destroy();
  return { pdf, pageCount: BOOK_PAGES, outline };
}

let book: Book | undefined;

/** The 352-page book, built on first use and kept for the rest of the process. */
export function bookDocument(): Book {
  book ??= buildBook();
  return book;
}

/** The book's bytes (a fresh copy: callers may transfer or detach it). */
export function bookPdf(): Buffer {
  return Buffer.from(bookDocument().pdf);
}

let noText: Buffer | undefined;

/** Two pages of grey boxes and not one glyph: a document with no text layer at all. */
export function noTextLayerPdf(): Buffer {
  if (!noText) {
    const doc = new mupdf.PDFDocument();
    for (let page = 0; page < 2; page++) {
      doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, doc.addObject({}), greyBox));
    }
    noText = Buffer.from(doc.saveToBuffer("compress").asUint8Array());
    doc.destroy();
  }
  return Buffer.from(noText);
}

let brotli: Buffer | undefined;

/** The rows of the sheet index brotliRotatedPdf() draws, top to bottom. */
export const SHEET_INDEX_ROWS = ["A-101 Site plan", "A-102 Ground floor plan", "A-103 First floor plan", "A-201 Elevations", "A-301 Sections", "A-401 Details"];

/**
 * One page (rotated 270°) that MuPDF cannot open but pdf.js can: its catalog, page tree and
 * page sit in an object stream compressed with /BrotliDecode, which this MuPDF build lacks
 * ("brotli compression not enabled"), as in pdf.js/Brotli-Prototype-FileA.pdf. The page
 * has a title, "SHEET INDEX", over a ruled two-column table (7 + 3 stroked rules) listing
 * SHEET_INDEX_ROWS. Written byte by byte (under 1 KB): an xref stream, no xref table.
 */
export function brotliRotatedPdf(): Buffer {
  if (!brotli) {
    const rowHeight = 24;
    const [top, left, middle, right] = [690, 72, 200, 540];
    let content = "BT /F1 18 Tf 72 720 Td (SHEET INDEX) Tj ET\n0.5 w\n";
    SHEET_INDEX_ROWS.forEach((row, i) => (content += `BT /F1 11 Tf ${left + 6} ${top - (i + 1) * rowHeight + 8} Td ${literal(row)} Tj ET\n`));
    for (let i = 0; i <= SHEET_INDEX_ROWS.length; i++) content += `${left} ${top - i * rowHeight} m ${right} ${top - i * rowHeight} l S\n`;
    for (const x of [left, middle, right]) content += `${x} ${top} m ${x} ${top - SHEET_INDEX_ROWS.length * rowHeight} l S\n`;
    const packed: [number, string][] = [
      [1, "<< /Type /Catalog /Pages 2 0 R >>"],
      [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
      [3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 270 /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>"],
      [5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"],
    ];
    let index = "";
    let objects = "";
    for (const [n, object] of packed) {
      index += `${n} ${objects.length} `;
      objects += `${object}\n`;
    }
    const objectStream = brotliCompressSync(Buffer.from(index + objects, "latin1"));
    const contents = brotliCompressSync(Buffer.from(content, "latin1"));
    const parts: Buffer[] = [];
    const offsets = new Map<number, number>();
    let length = 0;
    const put = (data: string | Buffer) => {
      const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
      parts.push(bytes);
      length += bytes.length;
    };
    const stream = (n: number, dict: string, data: Buffer) => {
      offsets.set(n, length);
      put(`${n} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`);
      put(data);
      put("\nendstream\nendobj\n");
    };
    put("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
    stream(4, "/Filter /BrotliDecode", contents);
    stream(6, `/Type /ObjStm /N ${packed.length} /First ${index.length} /Filter /BrotliDecode`, objectStream);
    // The cross-reference stream (object 7): type 0 free, 1 at an offset, 2 in object stream 6.
    const xrefAt = length;
    offsets.set(7, xrefAt);
    const rows = Buffer.alloc(8 * 7);
    for (let n = 0; n < 8; n++) {
      const inStream = packed.findIndex(([m]) => m === n);
      const [type, field2, field3] = n === 0 ? [0, 0, 0xffff] : inStream >= 0 ? [2, 6, inStream] : [1, offsets.get(n)!, 0];
      rows.writeUInt8(type, n * 7);
      rows.writeUInt32BE(field2, n * 7 + 1);
      rows.writeUInt16BE(field3, n * 7 + 5);
    }
    stream(7, "/Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R", rows);
    put(`startxref\n${xrefAt}\n%%EOF\n`);
    brotli = Buffer.concat(parts);
  }
  return Buffer.from(brotli);
}

/** The body lines watermarkedPdf() sets upright, top to bottom. */
export const WATERMARKED_BODY = [
  "The committee met on Tuesday to review the draft budget.",
  "Members agreed to publish the figures after the audit.",
  "The next meeting is set for the first week of March.",
];

/**
 * One page of upright body text with "DRAFT COPY" laid across it at 45° in 80 pt (a
 * watermark), and a column head set at 35° in 10 pt beside it ("Quarter"), as a
 * spreadsheet's export angles its heads.
 */
export function watermarkedPdf(): Buffer {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
  let content = "";
  WATERMARKED_BODY.forEach((text, i) => (content += textOp("F1", 11, MARGIN, 120 + i * 16, text)));
  const turn = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)].map((v) => v.toFixed(4));
  const [c45, s45] = turn(45);
  content += `0.85 g BT /F1 80 Tf ${c45} ${s45} -${s45} ${c45} 60 120 Tm (DRAFT COPY) Tj ET\n0 g\n`;
  const [c35, s35] = turn(35);
  content += `BT /F1 10 Tf ${c35} ${s35} -${s35} ${c35} 300 ${H - 300} Tm (Quarter) Tj ET\n`;
  doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, resources, content));
  const pdf = Buffer.from(doc.saveToBuffer("compress").asUint8Array());
  doc.destroy();
  return pdf;
}

/** The rows tightStopsPdf() sets, each piece parted from the next by a gap of 0.11 em and no
 * space glyph (a page-layout program's tight justified line): a sentence's stop before a
 * capital, then stops that end no sentence (a file name, an abbreviation, a numeral's). */
export const TIGHT_STOP_ROWS: readonly (readonly string[])[] = [
  ["about copyright law.", "The better-known year"],
  ["the manual is scrguide.", "pdf in the folder"],
  ["the same holds, i.", "e. in every case"],
  ["Part VII.", "Beispiele for the class"],
];

/** One page of TIGHT_STOP_ROWS in 11 pt Helvetica, each row's pieces 0.11 em apart (a TJ
 *  offset of -110), no space between them. */
export function tightStopsPdf(): Buffer {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
  let content = "";
  TIGHT_STOP_ROWS.forEach((pieces, i) => (content += `BT /F1 11 Tf 1 0 0 1 ${MARGIN} ${H - 120 - 20 * i} Tm [${pieces.map(literal).join(" -110 ")}] TJ ET\n`));
  doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, resources, content));
  const pdf = Buffer.from(doc.saveToBuffer("compress").asUint8Array());
  doc.destroy();
  return pdf;
}

/** The lines texBitmapFontPdf() sets, as its codes: TeX's T1 "fi" (0x1C), OT1 "ff" (0x0B) and
 * T1 "ff" (0x1B), a chart label ending in a carriage return, and TS1's bullet (0x88) opening
 * an item. */
export const TEX_BITMAP_LINES = ["Images and \x1cgures", "Sta\x0b in o\x1b", "A chart label 14\r", "\x88 A bulleted line"];

/**
 * One page set in a Type 3 font as dvips and pdfTeX write TeX's bitmap fonts: glyphs named
 * /a0 … /a255 and no Unicode map, so MuPDF reads each code as itself, control codes too.
 * Every glyph is one filled box. Written byte by byte.
 */
export function texBitmapFontPdf(): Buffer {
  const hex = (s: string) => "<" + Buffer.from(s, "latin1").toString("hex") + ">";
  let content = "";
  TEX_BITMAP_LINES.forEach((line, i) => (content += `BT /F1 12 Tf 72 ${700 - 20 * i} Td ${hex(line)} Tj ET\n`));
  const codes = Array.from({ length: 256 }, (_, c) => c);
  const glyph = "500 0 0 0 400 600 d1 0 0 400 600 re f\n";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 500 700] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs 6 0 R /Encoding << /Type /Encoding /Differences [0 ${codes.map((c) => `/a${c}`).join(" ")}] >> /FirstChar 0 /LastChar 255 /Widths [${codes.map(() => 500).join(" ")}] >>`,
    `<< ${codes.map((c) => `/a${c} 7 0 R`).join(" ")} >>`,
    `<< /Length ${glyph.length} >>\nstream\n${glyph}endstream`,
  ];
  return pdfOfObjects(objects);
}

/** One line, "Zero 0 and slashed 0", in a Type 3 font whose ToUnicode map gives the digit's glyph
 * U+FFFF, a noncharacter (Latin Modern's slashed zero in lm-info's font samples). */
export function noncharacterFontPdf(): Buffer {
  const text = "Zero 0 and slashed 0";
  const content = `BT /F1 12 Tf 72 700 Td (${text}) Tj ET\n`;
  const codes = Array.from({ length: 256 }, (_, c) => c);
  const glyph = "500 0 0 0 400 600 d1 0 0 400 600 re f\n";
  const used = [...new Set(text)].map((ch) => ch.charCodeAt(0));
  const hex2 = (n: number) => n.toString(16).padStart(2, "0").toUpperCase();
  const map = used.map((c) => `<${hex2(c)}> <${c === 0x30 ? "FFFF" : c.toString(16).padStart(4, "0").toUpperCase()}>`).join("\n");
  const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Noncharacter def 1 begincodespacerange <00> <FF> endcodespacerange ${used.length} beginbfchar\n${map}\nendbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 500 700] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs 6 0 R /Encoding << /Type /Encoding /Differences [0 ${codes.map((c) => `/a${c}`).join(" ")}] >> /FirstChar 0 /LastChar 255 /Widths [${codes.map(() => 500).join(" ")}] /ToUnicode 8 0 R >>`,
    `<< ${codes.map((c) => `/a${c} 7 0 R`).join(" ")} >>`,
    `<< /Length ${glyph.length} >>\nstream\n${glyph}endstream`,
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  ];
  return pdfOfObjects(objects);
}

/** A PDF written byte by byte from its objects (numbered from 1, the first the catalog), with
 * a cross-reference table: for fonts and encodings that no PDF library here writes. */
export function pdfOfObjects(objects: readonly string[]): Buffer {
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
