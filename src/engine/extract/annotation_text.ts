// Step 3, extract: the text a page's annotations draw over it. MuPDF's structured text of a
// page is its content stream alone, but text can also be added on top as an annotation:
// Acrobat's "Add Text" and "Fill & Sign" write FreeText annotations (a form filled in that way
// holds its answers nowhere else), and a stamp or a label carries its caption. A reader of the
// page sees that text, and pdftotext writes it; svc-md had dropped it. Each such annotation's
// appearance is read into structured text of its own, in the page's coordinates, by the same
// reader as the page's, and its lines join the page's, as a form field's value does
// (widgets.ts).
//
// Only annotations whose appearance is text a reader reads are drawn in: a highlight's tinted
// box, a note's icon or an attachment's paperclip are marks on the page, not its text. Their
// text and pictures are kept (a stamp is often a picture over its caption); the box a label
// is painted in is the annotation's, not a figure or a cell of the page's. Form fields' values
// come from widgets.ts. Added text is no text layer: a scanned page with an annotation on it
// is still a page without one (render/document.ts), as with a form field's value.
import type { Line, PaintedImage } from "../model.js";
import { hasRawAnnotations, mupdf, wasm } from "./mupdf_runtime.js";

type MupdfPage = ReturnType<InstanceType<typeof mupdf.Document>["loadPage"]>;
type PdfAnnotation = InstanceType<typeof mupdf.PDFAnnotation>;
type StructuredText = ReturnType<MupdfPage["toStructuredText"]>;

/** Annotation types whose appearance is text: a free-text box, a stamp's caption. */
export const TEXT_ANNOTATION_TYPES: ReadonlySet<string> = new Set(["FreeText", "Stamp"]);
/** Annotation flags under which a viewer does not draw it (PDF 32000-1, 12.5.3): Hidden (bit 2), NoView (bit 6). */
export const NOT_VIEWED_FLAGS = 2 | 32;
/** Annotations read on one page, at most: a form filled in has tens; more is a generated stress file. */
export const TEXT_ANNOTATIONS_PER_PAGE_MAX = 500;
/**
 * An annotation's text is read at this size (points) at most. It is added over the page, not
 * part of the document's hierarchy: a 20 pt label an author painted over an example page must
 * not outrank the document's title and push every heading a level down (uiucredborder's
 * "Default centering"). Filled-in answers are set smaller than this and keep their size.
 */
export const ANNOTATION_TEXT_SIZE_MAX = 12;

/** The page's annotations that draw text a reader sees, in the page's order, up to the limit. */
export function textAnnotations(page: MupdfPage): PdfAnnotation[] {
  const annotated = page as MupdfPage & { getAnnotations?: () => PdfAnnotation[] };
  if (typeof annotated.getAnnotations !== "function") return [];
  if (hasRawAnnotations) return textAnnotationsByPointer(annotated);
  const drawn: PdfAnnotation[] = [];
  for (const annot of annotated.getAnnotations()) {
    if (!TEXT_ANNOTATION_TYPES.has(annot.getType()) || (annot.getFlags() & NOT_VIEWED_FLAGS) !== 0) continue;
    drawn.push(annot);
    if (drawn.length >= TEXT_ANNOTATIONS_PER_PAGE_MAX) break;
  }
  return drawn;
}

/** PDFAnnotation.ANNOT_TYPES' indices (MuPDF's pdf_annot_type) of TEXT_ANNOTATION_TYPES. */
const TEXT_ANNOTATION_TYPE_CODES: ReadonlySet<number> = new Set([...TEXT_ANNOTATION_TYPES].map((type) => (mupdf.PDFAnnotation.ANNOT_TYPES as readonly string[]).indexOf(type)));

/** textAnnotations walking the page's annotations by pointer (mupdf_runtime.ts
 * hasRawAnnotations): only the ones it returns are wrapped, each keeping its annotation as
 * getAnnotations() would. */
function textAnnotationsByPointer(page: MupdfPage): PdfAnnotation[] {
  const drawn: PdfAnnotation[] = [];
  const doc = (page as MupdfPage & { _doc: unknown })._doc;
  for (let annot = wasm._wasm_pdf_first_annot(page.pointer) as number; annot; annot = wasm._wasm_pdf_next_annot(annot) as number) {
    if (!TEXT_ANNOTATION_TYPE_CODES.has(wasm._wasm_pdf_annot_type(annot)) || (wasm._wasm_pdf_annot_flags(annot) & NOT_VIEWED_FLAGS) !== 0) continue;
    drawn.push(new mupdf.PDFAnnotation(doc as never, wasm._wasm_pdf_keep_annot(annot)));
    if (drawn.length >= TEXT_ANNOTATIONS_PER_PAGE_MAX) break;
  }
  return drawn;
}

/** What a page's annotations draw that the page model takes: lines of text and pictures. */
export interface AnnotationContent {
  lines: Line[];
  images: PaintedImage[];
}

/** The text and pictures the page's annotations draw (above), read from each one's structured
 * text (made with the page's `options`) by `read`, the text at ANNOTATION_TEXT_SIZE_MAX at most. */
export function annotationContent(page: MupdfPage, options: string, read: (stext: StructuredText) => AnnotationContent): AnnotationContent {
  const out: AnnotationContent = { lines: [], images: [] };
  for (const annot of textAnnotations(page)) {
    const list = annot.toDisplayList();
    try {
      const stext = list.toStructuredText(options);
      try {
        const drawn = read(stext);
        for (const line of drawn.lines) {
          for (const span of line.spans) span.size = Math.min(span.size, ANNOTATION_TEXT_SIZE_MAX);
          out.lines.push(line);
        }
        out.images.push(...drawn.images);
      } finally {
        stext.destroy();
      }
    } finally {
      list.destroy();
    }
  }
  return out;
}
