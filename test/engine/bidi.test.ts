// layout/bidi.ts: visual order of a line's characters (extract), logical order of a visual
// string with bidi-js, Arabic presentation forms folded to their letters.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { foldPresentationForms, hasRtl, isRtlText, logicalText, toLogicalOrder, visualOrder, type PlacedChar } from "../../src/engine/layout/bidi.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { corpus } from "../support/corpus.js";
import { line } from "../support/layout.js";

// Visual strings are written as a renderer lays the line out, read left to right.
describe("logicalText", () => {
  it.each([
    ["Hebrew words", "םלוע םולש", "שלום עולם"],
    ["a Latin run inside Hebrew stays left to right", "םימי ISO 9001 ןקת", "תקן ISO 9001 ימים"],
    ["a phone number and the full stop", ".03-5551234 ןופלטב", "בטלפון 03-5551234."],
    ["brackets drawn mirrored come back as written", ")4()ב(15 ףיעס", "סעיף 15(ב)(4)"],
    ["Arabic with Western digits", "95 رياني", "يناير 95"],
    // Rule W2: after an Arabic letter the digits are Arabic numbers, which a minus does not
    // join, so the renderer drew the invoice number's parts right to left (svc-md-1.1.18).
    ["an invoice number after an Arabic word, its parts drawn right to left", "118-2026 مقر", "رقم 2026-118"],
    ["a phone number after an Arabic word, and the full stop", ".0199-555-011 فتاهلا", "الهاتف 011-555-0199."],
    ["a number between two Arabic words, which the reading reorders itself", "خيراتب 118-2026 مقر", "رقم 2026-118 بتاريخ"],
    ["a number after a Latin word inside Arabic stays as drawn", "ISO 9001-2015 رايعم", "معيار ISO 9001-2015"],
  ])("%s", (_name, visual, logical) => {
    expect(logicalText(visual)).toBe(logical);
  });

  it("keeps a left-to-right line as it is", () => {
    expect(logicalText("Hello (world) 42")).toBe("Hello (world) 42");
  });
});

describe("foldPresentationForms", () => {
  it("folds presentation forms to base letters and the lam-alef ligature to two letters", () => {
    // ﺍﻧﻮﺍﻉ: isolated/initial/final forms of انواع.
    expect(foldPresentationForms("\ufe8d\ufee7\ufeee\ufe8d\ufec9")).toBe("انواع");
    expect(foldPresentationForms("\ufefb")).toBe("\u0644\u0627");
    expect(foldPresentationForms("\ufef7")).toBe("\u0644\u0623");
  });

  it("touches nothing outside the presentation-form blocks", () => {
    const text = "ﬁ ½ Ａ \ufeff انواع";
    expect(foldPresentationForms(text)).toBe(text);
  });

  it("turns a visual line of presentation forms into logical base letters", () => {
    // Visual order of ﻻ ﺏ (lam-alef then beh, logically): beh is drawn left of the ligature.
    expect(logicalText("\ufe8f\ufefb")).toBe("\u0644\u0627\u0628");
  });
});

describe("visualOrder", () => {
  const at = (code: string, x0: number, x1: number): PlacedChar => ({ code: code.codePointAt(0)!, x0, x1 });

  it("sorts by position, keeping content-stream order for characters at one place", () => {
    const chars = [at("ש", 30, 40), at("ל", 20, 30), at(".", 0, 5), at("ם", 10, 20)];
    expect(visualOrder(chars).map((i) => String.fromCodePoint(chars[i].code)).join("")).toBe(".םלש");
  });

  it("keeps a ligature's further letter with its glyph, so logical order comes back", () => {
    // MuPDF gives لأ as أ (zero width at the glyph's right edge) then ل (the glyph's box).
    const chars = [at("ا", 207, 213), at("أ", 207.08, 207.08), at("ل", 193.69, 207.08), at("ع", 181.4, 193.69)];
    const visual = visualOrder(chars).map((i) => String.fromCodePoint(chars[i].code)).join("");
    expect(logicalText(visual)).toBe("الأع");
  });

  // docs/engine.md "Right-to-left scripts" (svc-md-1.1.19): Chromium's Arabic with vowel marks.
  it("puts a boxless letter given after its mark, inside the next glyph's box, before that glyph with its mark after it", () => {
    // "يُدفع" after a line-ending "." that MuPDF gives first: "ُ" then "ي", both at one point inside د's box.
    const chars = [at(".", 312.7, 316), at("\u064f", 507.709, 507.709), at("ي", 507.709, 507.709), at("د", 503.3, 508.8), at("ف", 498.3, 503.3), at("ع", 492.7, 498.3)];
    const visual = visualOrder(chars).map((i) => String.fromCodePoint(chars[i].code)).join("");
    expect(logicalText(visual)).toBe("يُدفع.");
  });

  it("takes the space MuPDF made up where a letter's box is missing as that letter's place, and leaves it out", () => {
    // "يومًا": a space from و's edge to the point where "ً" and "م" stand, then ا.
    const chars = [at("ي", 408.3, 411.3), at("و", 402.9, 408.3), at(" ", 397.48, 402.91), at("\u064b", 397.48, 397.48), at("م", 397.48, 397.48), at("ا", 394.1, 397.31)];
    const standIns = new Set<number>();
    const order = visualOrder(chars, standIns);
    expect([...standIns]).toEqual([2]);
    const visual = order.filter((i) => !standIns.has(i)).map((i) => String.fromCodePoint(chars[i].code)).join("");
    expect(logicalText(visual)).toBe("يومًا");
  });

  it("keeps a real space before a lam-alef whose alef sits without a box on the lam's edge (tabriz-thesis's \"همچنین لازم\")", () => {
    const chars = [at("ن", 445.92, 452.71), at(" ", 443.72, 445.92), at("ا", 443.72, 443.72), at("ل", 436.77, 443.72), at("ز", 432.23, 436.77)];
    const standIns = new Set<number>();
    const visual = visualOrder(chars, standIns).map((i) => String.fromCodePoint(chars[i].code)).join("");
    expect(standIns.size).toBe(0);
    expect(logicalText(visual)).toBe("ن لاز");
  });

  it("keeps a real space before a word whose first letter has a box", () => {
    const chars = [at("ي", 408.3, 411.3), at("و", 402.9, 408.3), at(" ", 397.48, 402.91), at("م", 394.1, 397.48), at("ا", 390.1, 394.1)];
    const standIns = new Set<number>();
    const visual = visualOrder(chars, standIns).map((i) => String.fromCodePoint(chars[i].code)).join("");
    expect(standIns.size).toBe(0);
    expect(logicalText(visual)).toBe("يو ما");
  });

  it("keeps a combining mark after its base letter in logical order", () => {
    // שָׁלוֹם with two marks on the first letter.
    const chars = [at("ש", 30, 40), at("\u05b8", 32, 36), at("ל", 20, 30), at("ו", 15, 20), at("\u05b9", 16, 18), at("ם", 5, 15)];
    const visual = visualOrder(chars).map((i) => String.fromCodePoint(chars[i].code)).join("");
    expect(logicalText(visual)).toBe("ש\u05b8לו\u05b9ם");
  });
});

describe("toLogicalOrder and direction", () => {
  it("says which text reads right to left", () => {
    expect(hasRtl("abc א")).toBe(true);
    expect(isRtlText("abc def א")).toBe(false);
    expect(isRtlText("שלום עולם ISO")).toBe(true);
  });

  it("rebuilds spans in logical order with their styles", () => {
    const l = line([{ text: "ISO", bold: true }, { text: " ןקת" }], { x: 72, y: 100 });
    const out = toLogicalOrder(l);
    expect(lineText(out)).toBe("תקן ISO");
    expect(out.spans.find((s) => s.text === "ISO")?.bold).toBe(true);
  });
});

describe("a LibreOffice Arabic page through MuPDF (fixtures/real/gen-rtl-arabic.pdf)", () => {
  it("gives lines in logical order: lam-alef ligatures, digits and table cells in place", () => {
    const opened = openDocument(readFileSync(new URL("../../fixtures/real/gen-rtl-arabic.pdf", import.meta.url)));
    try {
      const texts = prepareLines(extractPageMupdf(opened.doc, 0).lines).map((l) => lineText(l).trim());
      expect(texts).toContain("الأعمال المخططة");
      expect(texts).toContain("للاستفسار يرجى الاتصال بمكتب الميناء على الرقم 2100 555 21.");
      // A table row: two cells, each span still where its cell is.
      const row = prepareLines(extractPageMupdf(opened.doc, 0).lines).find((l) => lineText(l).startsWith("يناير"))!;
      expect(lineText(row).replace(/\s+/g, " ")).toBe("يناير 95");
      const digits = row.spans.find((s) => s.text === "95")!;
      const month = row.spans.find((s) => s.text === "يناير")!;
      expect(digits.x1).toBeLessThan(month.x0);
    } finally {
      opened.doc.destroy();
    }
  });

  it("is marked as holding right-to-left letters, and a Latin page is not (issue 9: the bidi pass costs nothing on pages without)", () => {
    const arabic = openDocument(readFileSync(new URL("../../fixtures/real/gen-rtl-arabic.pdf", import.meta.url)));
    const latin = openDocument(readFileSync(new URL("../../fixtures/pdf/two-column.pdf", import.meta.url)));
    try {
      const model = extractPageMupdf(arabic.doc, 0);
      expect(model.rightToLeft).toBe(true);
      expect(extractPageMupdf(latin.doc, 0).rightToLeft).toBe(false);
      // The flag only spares the search: told so, the Arabic page still comes out in logical order.
      const told = prepareLines(model.lines, { rightToLeft: true }).map(lineText);
      expect(told).toEqual(prepareLines(model.lines).map(lineText));
      expect(told.map((t) => t.trim())).toContain("الأعمال المخططة");
      // ... and a wrong flag would show: the lines would stay in visual order.
      expect(prepareLines(model.lines, { rightToLeft: false }).map(lineText)).not.toEqual(told);
    } finally {
      arabic.doc.destroy();
      latin.doc.destroy();
    }
  });
});

const TABULA_ARABIC = path.join(corpus.dir, "..", "truth", "tables", "pdf", "tabula-arabic.pdf");

describe.skipIf(!existsSync(TABULA_ARABIC))("a ruled Arabic table whose rows MuPDF joins across the cells (../shared/truth/tables/pdf/tabula-arabic.pdf)", () => {
  it("ends a span at a gap of many ems even where spaces stand each side of it (issue 9)", () => {
    // MuPDF gives each row as one line with a space each side of the 167 pt between the
    // cells: "من اين انت؟" in the right cell, "انا من ولاية كارولينا الشمال" in the left.
    const opened = openDocument(readFileSync(TABULA_ARABIC));
    try {
      const row = prepareLines(extractPageMupdf(opened.doc, 0).lines).find((l) => lineText(l).includes("كارولينا"))!;
      const cells = row.spans.map((s) => ({ text: s.text.trim(), x0: s.x0, x1: s.x1 })).filter((s) => s.text !== "");
      expect(cells.map((c) => c.text)).toEqual(["من اين انت؟", "انا من ولاية كارولينا الشمال"]);
      // Each span's box stays on its side of the column border at x 306.
      expect(cells[0].x0).toBeGreaterThan(306);
      expect(cells[1].x1).toBeLessThan(306);
    } finally {
      opened.doc.destroy();
    }
  });
});

// XeTeX maps a mirrored bracket's glyph to the character drawn, not to the one the text holds
// (as Word does: "brackets drawn mirrored come back as written" above), so reversing the run
// turned every bracket of its Persian and Urdu lines: ")که دری(" (polyglossia's examples,
// parsa's manual). A line whose brackets close one never opened and pair with the right-to-left
// ones mirrored gets them mirrored back (bidi.ts bracketsToMirror; svc-md-1.1.34).
describe("toLogicalOrder: brackets drawn as their mirror image (XeTeX)", () => {
  const logicalOf = (visual: string) => lineText(toLogicalOrder(line(visual)));

  it("mirrors back the brackets of a right-to-left line that would close before they open", () => {
    // The visual string of the logical "فارسی، )که دری( زبانی" as XeTeX draws it.
    const visual = logicalText("فارسی، )که دری( زبانی");
    expect(logicalOf(visual)).toBe("فارسی، (که دری) زبانی");
    expect(logicalOf(logicalText("بسته، ]> options<[ ، قسمت"))).toBe("بسته، [< options>] ، قسمت");
  });

  it("leaves brackets that pair as they come (Word's), and a bracket a line break cuts", () => {
    expect(logicalOf(")4()ב(15 ףיעס")).toBe("סעיף 15(ב)(4)");
    // Only an opener on this line: its closer is on the next one.
    const cut = logicalText("فارسی، (که دری");
    expect(logicalOf(cut)).toBe("فارسی، (که دری");
  });
});
