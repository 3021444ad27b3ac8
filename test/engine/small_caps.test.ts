// layout/small_caps.ts: a browser's synthesised small capitals (CSS font-variant: small-caps
// with a font that has none: each lower-case letter drawn as a capital at 0.7 of the size, the
// text layer keeping the lower-case letter) are a heading's letters, not a change of style:
// Chromium's "<h1>The <span style=font-variant:small-caps>Quarterly</span> Review</h1>" had
// come out a bold paragraph (issue 9: real pages; web pages printed by Chromium). svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";

/** A page with a line of bold `pieces` ([text, size]) over two paragraphs of 11 pt text. */
function pagePdf(pieces: readonly [string, number][]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Times-Roman"), "Latin"), F2: doc.addSimpleFont(new mupdf.Font("Times-Bold"), "Latin") } });
  let content = "BT 72 640 Td ";
  for (const [text, size] of pieces) content += `/F2 ${size} Tf (${text}) Tj `;
  content += "ET\n";
  const body = [
    "Once upon a time, in a harbour town far from the capital, the office of the port master",
    "kept records of every ship that entered and left. The ledgers were bound in leather and",
    "stored in a humidity-controlled room, which was unusual for the period and made the",
    "collection internationally significant to historians of trade and of shipping.",
  ];
  body.forEach((line, i) => (content += `BT /F1 11 Tf 72 ${610 - 14 * i} Td (${line}) Tj ET\n`));
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array().slice();
}

describe("synthesised small capitals in a heading (smallCapsSpans)", () => {
  it("reads a title with a word in small capitals as a heading", async () => {
    const md = await markdownOf(pagePdf([["The Q", 22], ["uarterly", 15.4], [" Review", 22]]));
    expect(md).toMatch(/^# The Quarterly Review$/m);
  });

  it("reads small capitals drawn a letter at a time too", async () => {
    const md = await markdownOf(pagePdf([["The Q", 22], ..."uarterly".split("").map((c): [string, number] => [c, 15.4]), [" Review", 22]]));
    expect(md).toMatch(/^# The Quarterly Review$/m);
  });

  it("leaves a title with words in a much smaller size after it out of the heading style", async () => {
    // "Report" at 22 pt, then lower-case words at 11 pt (half the size): no small capitals.
    const md = await markdownOf(pagePdf([["Annual Report", 22], [" with notes from the harbour office", 11]]));
    expect(md).not.toMatch(/^#+ Annual Report with notes/m);
  });
});
