// extract/annotation_text.ts: text a page's annotations draw over it (a FreeText box, as
// Acrobat's "Add Text" and "Fill & Sign" write it; a stamp's caption) is read with the page's
// text, where a reader of the page sees it; annotations that draw no text (a highlight, a
// note's icon) and hidden ones add nothing (issue 9: real pages; fixtures/real/
// list-pypdf-example.pdf, whose "A PDF with a JPEG image." is a stamp). svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";

type Page = InstanceType<typeof mupdf.PDFPage>;

/** The form's labels, with their baselines in PDF points from the bottom. */
const LABELS: readonly [string, number][] = [["Name:", 650], ["Address:", 626], ["Phone:", 602], ["Email:", 578]];
/** Where a FreeText box's top goes for its text to sit on a label's baseline (11 pt Helvetica, MuPDF's appearance). */
const BASELINE_BELOW_BOX_TOP = 9;

/** A letter-size page: a title, a sentence and a form's labels in Helvetica, then `annotate` adds annotations. */
function formPdf(annotate: (page: Page) => void): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font("Helvetica");
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(font, "Latin") } });
  let content = "BT /F1 16 Tf 72 720 Td (Application for a library card) Tj ET\n"
    + "BT /F1 11 Tf 72 690 Td (Please fill in every field below and sign the form at the bottom of the page.) Tj ET\n";
  for (const [label, baseline] of LABELS) content += `BT /F1 11 Tf 72 ${baseline} Td (${label}) Tj ET\n`;
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  const page = doc.loadPage(0) as Page;
  annotate(page);
  page.update();
  return doc.saveToBuffer("").asUint8Array().slice();
}

/** A FreeText annotation with `text` on the baseline of the form's row `row`, from x = 160. */
function freeText(page: Page, text: string, row: number, flags = 4, size = 11): void {
  const top = 792 - LABELS[row][1] - BASELINE_BELOW_BOX_TOP;
  const annot = page.createAnnotation("FreeText");
  annot.setRect([160, top, 460, top + 1.5 * size]);
  annot.setContents(text);
  annot.setDefaultAppearance("Helv", size, [0, 0, 0]);
  annot.setFlags(flags);
  annot.update();
}

describe("text drawn by annotations (annotation_text.ts)", () => {
  it("reads a FreeText annotation's text on its label's row, as a filled-in form shows it", async () => {
    const md = await markdownOf(formPdf((page) => {
      freeText(page, "Jane Doe", 0);
      freeText(page, "12 Elm Street, Springfield", 1);
      freeText(page, "555 0100", 2);
      freeText(page, "jane@example.org", 3);
    }));
    // A label and its value are one row, whether read as a table's or as a line's.
    expect(md).toMatch(/Name:[ |]+Jane Doe/);
    expect(md).toMatch(/Address:[ |]+12 Elm Street, Springfield/);
    expect(md).toMatch(/Phone:[ |]+555 0100/);
    expect(md).toMatch(/Email:[ |]+jane@example\.org/);
  });

  it("adds nothing for a hidden annotation, a highlight or a note's icon", async () => {
    const md = await markdownOf(formPdf((page) => {
      freeText(page, "Not shown", 0, 2);
      const highlight = page.createAnnotation("Highlight");
      highlight.setQuadPoints([[72, 130, 110, 130, 72, 145, 110, 145]]);
      highlight.setContents("A reviewer's remark");
      highlight.update();
      const note = page.createAnnotation("Text");
      note.setRect([300, 150, 320, 170]);
      note.setContents("A sticky note");
      note.update();
    }));
    expect(md).not.toContain("Not shown");
    expect(md).not.toContain("remark");
    expect(md).not.toContain("sticky");
    expect(md).toContain("Name:");
    expect(md).toContain("Address:");
  });

  it("reads a large label as body text: it does not outrank the document's title (ANNOTATION_TEXT_SIZE_MAX)", async () => {
    const md = await markdownOf(formPdf((page) => freeText(page, "RECEIVED", 3, 4, 28)));
    expect(md).toContain("RECEIVED");
    expect(md).not.toMatch(/^#+ RECEIVED/m);
    expect(md.trimStart()).toMatch(/^# Application for a library card/);
  });
});
