// A borderless table whose rows are one anchored first line and the lines under it (a date
// or number in the first column, a cell wrapped over several lines in another, rows parted
// by white space) is a table, each cell's lines kept apart (tables/anchored_rows.ts; issue 9,
// the bank statement: bankstatement-example p. 1 read as "## Datum" headings and loose
// paragraphs, its amounts out of order). docs/engine.md, "Anchored rows". svc-md-1.1.34.
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
// The engine's MuPDF, as the extractor uses it.
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

interface Booking {
  date: string[];
  purpose: string[];
  amount: string;
}

const BOOKINGS: Booking[] = [
  { date: ["01.12.14", "(29.11.14)"], purpose: ["ENTGELTABSCHLUSS", "62841530 / 0000000000", "Entgeltabrechnung siehe Anlage"], amount: "-2,50" },
  { date: ["02.12.14", "(02.12.14)"], purpose: ["FOLGELASTSCHRIFT", "DEUTDEFFXXX / DE88500700100175526303", "PayPal Europe S.a.r.l. et Cie S.C.A", "MREF: 44X2224NAC48U"], amount: "-18,60" },
  { date: ["02.12.14", "(02.12.14)"], purpose: ["EINZAHLUNG", "62841530 / 0240408336"], amount: "150,00" },
  { date: ["08.12.14", "(08.12.14)"], purpose: ["ONLINE-UEBERWEISUNG", "GENODEF1S05 / DE02750905000024965237", "Reinhold Zwack"], amount: "-9,58" },
];

/** Text at (x, y) in F1 (Helvetica) or F2 (Helvetica-Bold), 9 pt. */
function text(font: "F1" | "F2", x: number, y: number, s: string): string {
  return `BT /${font} 9 Tf ${x} ${y} Td (${s}) Tj ET\n`;
}

/** A statement's page: a bold header over an opening balance and the bookings, each a
 *  booking's lines `pitch` apart and the bookings `rowGap` further apart than that. With
 *  `continued`, a second page goes on with the header at its top and the last booking. */
function statementPdf({ pitch = 12.6, rowGap = 10, continued = false } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({
    Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin"), F2: doc.addSimpleFont(new mupdf.Font("Helvetica-Bold"), "Latin") },
  });
  // Ruled over and under, as the statement's header is.
  const header = (y: number) => `0 g 59 ${y + 10} 477 0.8 re f 59 ${y - 5} 477 0.8 re f\n` + text("F2", 66, y, "Datum") + text("F2", 140, y, "Verwendungszweck") + text("F2", 470, y, "Betrag \\(EUR\\)");
  let y = 700;
  let content = header(y);
  y -= 2 * pitch;
  content += text("F1", 140, y, "Anfangssaldo") + text("F1", 500, y, "-12,34");
  y -= pitch + rowGap;
  content += bookingsFrom(BOOKINGS, y, pitch, rowGap);
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, content + text("F1", 295, 30, "1")));
  if (continued) {
    content = header(772) + bookingsFrom(BOOKINGS.slice(1), 772 - 1.6 * pitch, pitch, rowGap) + text("F1", 295, 30, "2");
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, content));
  }
  return doc.saveToBuffer("").asUint8Array();
}

/** The bookings' content, the first one's first line at `y`. */
function bookingsFrom(bookings: readonly Booking[], y: number, pitch: number, rowGap: number): string {
  let content = "";
  for (const booking of bookings) {
    content += text("F1", 500, y, booking.amount);
    const lines = Math.max(booking.date.length, booking.purpose.length);
    for (let i = 0; i < lines; i++) {
      if (booking.date[i]) content += text("F1", 66, y, booking.date[i].replace(/[()]/g, "\\$&"));
      if (booking.purpose[i]) content += text("F1", 140, y, booking.purpose[i]);
      y -= pitch;
    }
    y -= rowGap;
  }
  return content;
}

async function markdownOf(bytes: Uint8Array): Promise<string> {
  return (await convertDocument(openInProcess, { bytes, options: defaultRenderOptions })).markdown;
}

describe("anchored rows: a header over rows of an anchored first line and wrapped cells (tables/anchored_rows.ts; issue 9, the bank statement)", () => {
  it("writes the statement as a table, one row a booking, the cells' lines kept apart", async () => {
    const markdown = await markdownOf(statementPdf());
    expect(markdown).toMatch(/^\| Datum \| Verwendungszweck \| Betrag \(EUR\) \|$/m);
    expect(markdown).toContain("|  | Anfangssaldo | -12,34 |");
    expect(markdown).toContain("| 01.12.14<br>(29.11.14) | ENTGELTABSCHLUSS<br>62841530 / 0000000000<br>Entgeltabrechnung siehe Anlage | -2,50 |");
    expect(markdown).toContain("| 02.12.14<br>(02.12.14) | EINZAHLUNG<br>62841530 / 0240408336 | 150,00 |");
    expect(markdown).not.toMatch(/^#+ Datum/m);
  });

  it("keeps the header over the table going on at the next page's top (layout/furniture.ts headsAnchoredRow)", async () => {
    const markdown = await markdownOf(statementPdf({ continued: true }));
    expect(markdown).toContain("| 08.12.14<br>(08.12.14) | ONLINE-UEBERWEISUNG<br>GENODEF1S05 / DE02750905000024965237<br>Reinhold Zwack | -9,58 |");
    // The second page's rows go on under the first page's, or under their own header: either
    // way each is a table row.
    expect(markdown.match(/\| EINZAHLUNG<br>62841530 \/ 0240408336 \| 150,00 \|/g)?.length).toBe(2);
  });

  it("leaves rows at one pitch, no white space between them, as text (ROW_SPACE_EXTRA_LINE_HEIGHTS_MIN)", async () => {
    const markdown = await markdownOf(statementPdf({ rowGap: 0 }));
    expect(markdown).not.toContain("ENTGELTABSCHLUSS<br>");
  });

  it("leaves a numbered list of wrapped items under a title as prose", async () => {
    const doc = new mupdf.PDFDocument();
    const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
    let content = text("F1", 66, 720, "Steps to take before the meeting");
    const items = [
      ["Read the minutes of the last meeting and note", "any points you wish to raise with the board."],
      ["Send your apologies to the secretary in good", "time if you cannot attend the meeting at all."],
      ["Bring a copy of the agenda and the accounts", "for the year, which were sent out in March."],
      ["Arrive ten minutes early so that the meeting", "can start on time and finish by nine o'clock."],
    ];
    let y = 690;
    items.forEach((lines, k) => {
      content += text("F1", 66, y, `${k + 1}.`);
      for (const line of lines) (content += text("F1", 84, y, line)), (y -= 12.6);
      y -= 10;
    });
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, content));
    const markdown = await markdownOf(doc.saveToBuffer("").asUint8Array());
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("Read the minutes of the last meeting and note any points you wish to raise with the board.");
  });
});
