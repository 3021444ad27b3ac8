// Step 3, extract: what a font MuPDF read says of its face (FontFacts), for the page reader
// (mupdf_page.ts): its name without a subset's tag, and whether it is bold, italic or
// typewriter, by MuPDF's flags or by its name.
import { MONO_NAME, SUBSET_PREFIX, TEX_BOLD_NAME, TEX_ITALIC_NAME } from "./font_names.js";
import { wasm } from "./mupdf_runtime.js";

// Chinese typesetting sets bold in a Hei (黑体) face: ctex's \bfseries and \heiti are SimHei
// or FandolHei, over SimSun or FandolSong text. Read as regular, ctex's headings ("1 CTeX是干什
// 么的？" in SimHei beside CMBX10's "1") came out as paragraphs with a bold number. Microsoft
// YaHei and Source Han Sans, sans faces set as text, are no such bold.
export const BOLD_NAME = /SimHei|FandolHei|STHeiti|AdobeHeiti|bold|black|heavy|semibold|demi|[-,]bd\b|\bmedi(um)?\b|-Medi/i;
export const ITALIC_NAME = /italic|oblique|[-,]it\b|slanted/i;

export interface FontFacts {
  name: string;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
}

// A cache hit kept apart from the first reading of a font: small enough for the optimiser to
// inline into the per-character loop without using up its budget there.
/** The facts of the font at `fontPtr`, from the page's `cache` of them. */
export function fontFacts(cache: Map<number, FontFacts>, fontPtr: number): FontFacts {
  return cache.get(fontPtr) ?? readFontFacts(cache, fontPtr);
}

/** MuPDF's face flags of a font, one bit each (bold, italic, monospaced). */
const FLAG_BOLD = 1;
const FLAG_ITALIC = 2;
const FLAG_MONOSPACED = 4;

/**
 * A font read on an earlier page: the bytes of its name, MuPDF's flags, and the facts they
 * give. A document's fonts come back on each of its pages, and decoding the name and running
 * its patterns again for each page was most of the cost of a page's fonts.
 */
interface FontRead {
  nameBytes: Uint8Array;
  flags: number;
  facts: FontFacts;
}

/** Fonts read, by pointer. A pointer may come back as another font (a font freed gives its
 * pointer to the next), so an entry stands only while the name's bytes and the flags at the
 * pointer are those it was read from: the facts are a function of those alone. */
const fontsRead = new Map<number, FontRead>();
/** Fonts kept at most; past that the map starts over (a long-running thread reads many documents). */
const FONTS_READ_MAX = 4_096;

function readFontFacts(cache: Map<number, FontFacts>, fontPtr: number): FontFacts {
  const namePtr = wasm._wasm_font_get_name(fontPtr) as number;
  const flags = (wasm._wasm_font_is_bold(fontPtr) !== 0 ? FLAG_BOLD : 0) | (wasm._wasm_font_is_italic(fontPtr) !== 0 ? FLAG_ITALIC : 0) | (wasm._wasm_font_is_monospaced(fontPtr) !== 0 ? FLAG_MONOSPACED : 0);
  const heap = wasm.HEAPU8 as Uint8Array;
  const nameEnd = cStringEnd(heap, namePtr);
  let read = fontsRead.get(fontPtr);
  if (read === undefined || read.flags !== flags || !sameBytes(read.nameBytes, heap, namePtr, nameEnd)) {
    if (fontsRead.size >= FONTS_READ_MAX) fontsRead.clear();
    read = { nameBytes: heap.slice(namePtr, nameEnd), flags, facts: factsOf(wasm.UTF8ToString(namePtr), flags) };
    fontsRead.set(fontPtr, read);
  }
  cache.set(fontPtr, read.facts);
  return read.facts;
}

/** Where the C string at `ptr` ends (its terminating zero); `ptr` itself for no string (0). */
function cStringEnd(heap: Uint8Array, ptr: number): number {
  if (ptr === 0) return 0;
  let end = ptr;
  while (heap[end] !== 0) end++;
  return end;
}

/** Whether heap[from, to) holds `bytes`. */
function sameBytes(bytes: Uint8Array, heap: Uint8Array, from: number, to: number): boolean {
  if (to - from !== bytes.length) return false;
  for (let k = 0; k < bytes.length; k++) if (heap[from + k] !== bytes[k]) return false;
  return true;
}

/** The facts of a font named `fullName` (a subset's tag and all) whose face MuPDF calls bold,
 * italic or monospaced as given: for the stand-in page reader, which reads a font through
 * MuPDF.js's Font object rather than its pointer. */
export function factsOfFont(fullName: string, bold: boolean, italic: boolean, monospace: boolean): FontFacts {
  return factsOf(fullName, (bold ? FLAG_BOLD : 0) | (italic ? FLAG_ITALIC : 0) | (monospace ? FLAG_MONOSPACED : 0));
}

function factsOf(fullName: string, flags: number): FontFacts {
  const named = nameFacts(fullName);
  return {
    name: named.name,
    bold: (flags & FLAG_BOLD) !== 0 || named.bold,
    italic: (flags & FLAG_ITALIC) !== 0 || named.italic,
    monospace: (flags & FLAG_MONOSPACED) !== 0 || named.monospace,
  };
}

/** What a font's name says (FontFacts, from the name alone): the name without a subset's tag,
 * and whether it names a bold, italic or typewriter face. */
type NameFacts = FontFacts;

/** Names read, by the name MuPDF gives: a name says the same wherever it is read (fonts of
 * one name in several documents, or under several pointers). */
const namesRead = new Map<string, NameFacts>();
/** Names kept at most; past that the map starts over (a long-running thread reads many documents). */
const NAMES_READ_MAX = 4_096;

export function nameFacts(fullName: string): NameFacts {
  let named = namesRead.get(fullName);
  if (named === undefined) {
    if (namesRead.size >= NAMES_READ_MAX) namesRead.clear();
    const name = fullName.replace(SUBSET_PREFIX, "");
    named = { name, bold: BOLD_NAME.test(name) || TEX_BOLD_NAME.test(name), italic: ITALIC_NAME.test(name) || TEX_ITALIC_NAME.test(name), monospace: MONO_NAME.test(name) };
    namesRead.set(fullName, named);
  }
  return named;
}
