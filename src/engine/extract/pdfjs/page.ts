// The pdf.js fallback: pages on which MuPDF fails are extracted again with pdf.js into the
// same page model, so nothing downstream needs to know which engine read the page.
import { AnnotationMode } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Drawing, Mark, PageModel, PaintedImage } from "../../model.js";
import type { PdfjsDocument } from "./document.js";
import { fontsOf } from "./fonts.js";
import { round2, type Bounds, type Matrix } from "./geometry.js";
import { countCharacters } from "../char_counts.js";
import { buildLines } from "./lines.js";
import { collectLinks } from "./links.js";
import { collectRules } from "./rules.js";

export { destroyPdfjsDocument, openPdfjsDocument, type PdfjsDocument } from "./document.js";

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
    const marks: Mark[] = [];
    const drawings: Drawing[] = [];
    const images: PaintedImage[] = [];
    const rules = collectRules(opList.fnArray, opList.argsArray, viewport.transform as Matrix, bounds, marks, drawings, images);
    const links = collectLinks(annotations, viewport, bounds);
    const { chars, unmappedChars } = countCharacters(lines);
    // Every field, in PageModel's order, as the MuPDF path writes them: one hidden class.
    return {
      page: pageNumber,
      width: round2(viewport.width),
      height: round2(viewport.height),
      lines,
      rules,
      marks,
      drawings,
      images,
      links,
      chars,
      unmappedChars,
      extraction: "pdfjs",
      rightToLeft: undefined,
    };
  } finally {
    page.cleanup();
  }
}
