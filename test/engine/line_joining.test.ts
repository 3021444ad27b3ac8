// line_joining.ts: fragments of one visual line joined; a scan's invisible OCR layer, placed
// word by word on jittered baselines, rebuilt into rows read left to right; right-to-left
// lines put in logical order. Synthetic lines (test/support/layout.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { renderInline } from "../../src/engine/render/inline.js";
import type { Line, Span } from "../../src/engine/model.js";
import { line, lineOfSpans, proseRows, span } from "../support/layout.js";
import { tightStopsPdf } from "../support/documents.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 18, bold: false, level: 1 }], running: new Set() };

/** One OCR word as the extractor gives it: its own line, invisible, and so not monospace
 * though its font (GlyphLessFont) is fixed-pitch. */
function ocrWord(text: string, x: number, y: number, size = 10): Line {
  const l = line(text, { x, y, size, mono: true, font: "GlyphLessFont" });
  for (const s of l.spans) {
    s.invisible = true;
    s.monospace = false;
  }
  return l;
}

/** The word moved `dx` points right. */
function shifted(word: Line, dx: number): Line {
  return { ...word, x0: word.x0 + dx, x1: word.x1 + dx, spans: word.spans.map((s) => ({ ...s, x0: s.x0 + dx, x1: s.x1 + dx })) };
}

/** Words of a sentence placed from x = 72 with one-space gaps, each baseline moved by `jitter[i]`. */
function ocrRow(words: string[], y: number, jitter: number[], sizes: number[] = []): Line[] {
  const out: Line[] = [];
  let x = 72;
  words.forEach((w, i) => {
    const word = ocrWord(w, x, y + (jitter[i % jitter.length] ?? 0), sizes[i % Math.max(1, sizes.length)] ?? 10);
    out.push(word);
    x = word.x1 + 3;
  });
  return out;
}

describe("prepareLines: brackets across a gap (issue 9: cjk-javauninstall, whose 'Java' is not drawn)", () => {
  it("joins the fragments of a row that a bracket pair spans, whatever stands between them", () => {
    const lines = prepareLines([line("の削除・インストールについて【", { x: 65, y: 75, size: 16 }), line("の場合】", { x: 354, y: 75, size: 16 })]);
    expect(lines.map(lineText)).toEqual(["の削除・インストールについて【 の場合】"]);
    const row = prepareLines([line("※「", { x: 35, y: 424, size: 12 }), line("」「", { x: 101, y: 424, size: 12 }), line("」等の表記がございます。", { x: 200, y: 424, size: 12 })]);
    expect(row.map(lineText)).toEqual(["※「 」「 」等の表記がございます。"]);
  });

  it("does not join a parenthesis left open inside a line to a fragment far off that closes one", () => {
    const lines = prepareLines([line("the method (see the appendix for", { x: 57, y: 100 }), line("details) and results", { x: 400, y: 100 })]);
    expect(lines).toHaveLength(2);
  });
});

describe("prepareLines: a glyph drawn apart inside a line (issue 9: XeTeX's mirrored E in dvipdfmx's manuals)", () => {
  it("puts it in at its place, over the space it covers", () => {
    // "X", then the mirrored E set 1.8 pt lower across the gap, then "TEX (via …)".
    const x = line("Japanese pTEX, X", { x: 333.8, y: 320.5, size: 10 });
    const tex = line("TEX (via XDVIPDFMX).", { x: 417, y: 320.5, size: 10 });
    const e = { ...line("E", { x: 411.9, y: 322.3, size: 10 }), x1: 418.7 };
    e.spans = e.spans.map((s) => ({ ...s, x1: 418.7 }));
    const lines = prepareLines([{ ...x, x1: 413.2, spans: x.spans.map((s) => ({ ...s, x1: 413.2 })) }, tex, e]);
    expect(lines.map(lineText)).toEqual(["Japanese pTEX, XETEX (via XDVIPDFMX)."]);
  });

  it("leaves a fragment of more than two characters, or another size, as it was", () => {
    const base = line("the quick brown fox jumps over the lazy dog", { x: 72, y: 100, size: 10 });
    const word = line("ink", { x: 120, y: 100.5, size: 10 });
    expect(prepareLines([base, word])).toHaveLength(2);
    const small = line("a", { x: 120, y: 100.5, size: 6 });
    expect(prepareLines([base, small])).toHaveLength(2);
  });
});

describe("prepareLines on an OCR layer", () => {
  const first = "The east pontoon will close for repairs on the first Monday".split(" ");
  const second = "of October and boats must move to the visitors berths".split(" ");
  const third = "before the end of September".split(" ");
  const jitter = [0, 2.5, -2, 1, -2.5, 3, -1, 2, 0.5, -3, 1.5];

  it("rebuilds each printed line from words on jittered baselines, whatever order they come in", () => {
    const words = [...ocrRow(first, 100, jitter), ...ocrRow(second, 114, jitter.slice(3)), ...ocrRow(third, 128, jitter.slice(5))];
    // Reversed and interleaved, as a layer written block by block or column by column comes.
    const shuffled = words.filter((_, i) => i % 2 === 1).reverse().concat(words.filter((_, i) => i % 2 === 0));
    const lines = prepareLines(shuffled);
    expect(lines.map(lineText)).toEqual([first.join(" "), second.join(" "), third.join(" ")]);
  });

  it("drops the bars an OCR engine read from a table's vertical rules and cuts the row there (issue 9: ocr-handbook-p2's header)", () => {
    // As the page has them: a bar 6 pt after its cell's last word and 2 pt before the next.
    const words = [ocrWord("Length", 164, 100), ocrWord("overall", 197, 101), ocrWord("|", 239, 100), ocrWord("Low", 246, 99), ocrWord("season", 264, 100), ocrWord("|", 300, 101), ocrWord("High", 307, 100), ocrWord("season", 330, 99)];
    const lines = prepareLines(words).sort((a, b) => a.x0 - b.x0);
    expect(lines.map(lineText)).toEqual(["Length overall", "Low season", "High season"]);
  });

  it("gives a row one size, the one most of its characters carry", () => {
    const lines = prepareLines(ocrRow(["Harbourmaster", "Notice", "2"], 100, [0, 1, -1], [18.2, 17.6, 14]));
    expect(lines).toHaveLength(1);
    expect(new Set(lines[0].spans.map((s) => s.size))).toEqual(new Set([18.2]));
  });

  it("keeps words apart where the gap is a column gutter, not a word space", () => {
    const left = ocrRow(["left", "column", "text"], 100, [0, 1, -1]);
    const right = [ocrWord("right", 300, 101), ocrWord("column", 330, 99)];
    expect(prepareLines([...right, ...left]).map(lineText)).toEqual(["left column text", "right column"]);
  });

  it("cuts an OCR line at a blank many ems wide: a caption in the margin and the body line beside it (issue 9: ocr-vicksburg-p2)", () => {
    const caption = ocrWord("SibieyTent.", 134.6, 326.6);
    const gap = ocrWord(" ", caption.x1, 326.6, 53.5);
    gap.spans[0].x1 = 251;
    gap.x1 = 251;
    const body = ocrWord("ble", 251, 326.6);
    const joined: Line = { ...caption, spans: [...caption.spans, ...gap.spans, ...body.spans], x1: body.x1 };
    expect(prepareLines([joined]).map(lineText).sort()).toEqual(["SibieyTent.", "ble"]);
  });

  it("keeps two texts of a row apart that are set in two sizes: a caption beside the text column (issue 9: ocr-vicksburg-p3)", () => {
    // Each caption line in 8.6 pt ends 5 pt before the column's line in 11.2 pt, level with it.
    const captions = [["iron", "heads,", "filled", "with", "balls"], ["with", "saw-dust.", "The", "heads", "are"], ["turned", "down", "over", "them", "to"]];
    const texts = [["brave", "it", "out.", "Their", "sacrifices"], ["privations", "are", "worthy", "of", "a"], ["cause,", "and", "were", "they", "but"]];
    const words: Line[] = [];
    captions.forEach((caption, k) => {
      const row = ocrRow(caption, 241.2 + 13 * k, [0], [8.6]);
      const dx = 215 - row[row.length - 1].x1;
      words.push(...row.map((w) => shifted(w, dx)));
      words.push(...ocrRow(texts[k], 238.3 + 13 * k, [0], [11.2]).map((w) => shifted(w, 220 - 72)));
    });
    expect(prepareLines(words).map(lineText).sort()).toEqual(captions.flatMap((c, k) => [c.join(" "), texts[k].join(" ")]).sort());
  });

  it("joins a row whose words differ in size by less, or whose odd word is short (its size measured from few pixels)", () => {
    const first = ocrRow(["The", "buildings", "in", "the"], 100, [0], [11.2]);
    const second = ocrRow(["city", "must,", "by", "this", "time"], 100, [0], [10.2]).map((w) => shifted(w, first[3].x1 + 3 - 72));
    expect(prepareLines([...first, ...second])).toHaveLength(1);
    const short = [...ocrRow(["caption", "of", "the", "figure"], 100, [0], [8.6])];
    short.push(ocrWord("A", short[3].x1 + 3, 99, 12));
    expect(prepareLines(short)).toHaveLength(1);
  });

  it("reads the rebuilt rows of a paragraph as one paragraph", () => {
    const rows = [...ocrRow(first, 100, jitter), ...ocrRow(second, 114, jitter), ...ocrRow(third, 128, jitter)];
    const blocks = buildBlocks(prepareLines(rows), STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph"]);
  });
});

describe("MuPDF extraction of an OCR layer (fixtures/pdf/ocr-layer.pdf: Courier in render mode 3 over an image)", () => {
  it("marks every span invisible and none monospace, so no code block can come of it", () => {
    const opened = openDocument(readFileSync(new URL("../../fixtures/pdf/ocr-layer.pdf", import.meta.url)));
    try {
      const model = extractPageMupdf(opened.doc, 0);
      const spans = model.lines.flatMap((l) => l.spans).filter((s) => s.text.trim() !== "");
      expect(spans.length).toBeGreaterThan(50);
      expect(spans.every((s) => s.invisible === true && !s.monospace && /Courier/.test(s.font))).toBe(true);
    } finally {
      opened.doc.destroy();
    }
  });

  it("leaves filled text visible (the flag read from MuPDF's character record is the right one)", () => {
    const opened = openDocument(readFileSync(new URL("../../fixtures/pdf/code-block.pdf", import.meta.url)));
    try {
      const spans = extractPageMupdf(opened.doc, 0).lines.flatMap((l) => l.spans);
      expect(spans.length).toBeGreaterThan(10);
      expect(spans.some((s) => s.invisible)).toBe(false);
      expect(spans.some((s) => s.monospace)).toBe(true);
    } finally {
      opened.doc.destroy();
    }
  });
});

describe("prepareLines on right-to-left lines", () => {
  it("turns a Hebrew line given in visual order into logical order, numbers in place", () => {
    // Visual, left to right: the number first, then the letters right to left.
    const visual = "03-5551234 ןופלטב למנה";
    const lines = prepareLines([line(visual, { x: 72, y: 100 })]);
    expect(lineText(lines[0])).toBe("הנמל בטלפון 03-5551234");
  });

  it("joins the fragments of one RTL row right to left and keeps spans' boxes for each run", () => {
    // Two fragments of one visual line: the left one ends the sentence.
    const left = line("םימי השולש", { x: 72, y: 100 });
    const right = line(" ISO 9001 ןקת", { x: left.spans[0].x1, y: 100 });
    const [joined] = prepareLines([right, left]);
    expect(lineText(joined)).toBe("תקן ISO 9001 שלושה ימים");
    const iso = joined.spans.find((s) => s.text.includes("ISO"))!;
    // "ISO 9001" sits in the right fragment, where it was drawn.
    expect(iso.x0).toBeGreaterThanOrEqual(right.x0 - 0.01);
    expect(iso.x1).toBeLessThanOrEqual(right.x1 + 0.01);
  });

  it("leaves left-to-right lines untouched", () => {
    const l = line("Plain text (with brackets) 42", { x: 72, y: 100 });
    const [out] = prepareLines([l]);
    expect(out.spans).toEqual(l.spans);
  });
});

// docs/engine.md "Lines" (svc-md-1.1.19): resumecls's "**Organization**\quad Department".
describe("prepareLines: a bold lead-in a quad from its text", () => {
  // "Organization" is 12 characters of 6 pt at 12 pt: it ends at 72 + 72; the text starts 16 pt (1.33 em) on.
  const lead = (text: string, x = 72) => line(text, { x, y: 100, size: 12, bold: true });
  const after = (text: string, x = 72 + 72 + 16) => line(text, { x, y: 100, size: 12 });

  it("joins a few bold words to regular words up to 1.5 em off", () => {
    expect(prepareLines([lead("Organization"), after("Department")]).map(lineText)).toEqual(["Organization Department"]);
  });

  it("leaves apart a lead-in ending in a stop, a lead-in of many words, a bold text beside, and a gap over 1.5 em", () => {
    expect(prepareLines([lead("Face validity."), after("The face", 72 + 84 + 16)]).map(lineText)).toEqual(["Face validity.", "The face"]);
    expect(prepareLines([lead("One two three four"), after("five", 72 + 108 + 16)]).map(lineText)).toEqual(["One two three four", "five"]);
    expect(prepareLines([lead("Organization"), lead("Department", 72 + 72 + 16)]).map(lineText)).toEqual(["Organization", "Department"]);
    expect(prepareLines([lead("Organization"), after("Department", 72 + 72 + 20)]).map(lineText)).toEqual(["Organization", "Department"]);
  });

  it("leaves apart a Chinese bold header cell and a Latin one beside it (njuvisual's \"选项名称\" | \"emblem\")", () => {
    expect(prepareLines([lead("选项名称"), after("emblem", 72 + 24 + 16)]).map(lineText)).toEqual(["选项名称", "emblem"]);
  });
});

// docs/engine.md "Lines" (svc-md-1.1.19, LIST_SEPARATOR_GAP_EMS): tug2003's centred
// "Chinese中國,\quad Japanese日本,\quad Korean韓國", its items 1.25 em apart.
describe("prepareLines: items of a row a quad apart after their separators", () => {
  // 20 pt type, 10 pt a character: "Chinese," ends at 100 + 80.
  const item = (text: string, x: number) => line(text, { x, y: 100, size: 20 });

  it("joins items ending in a comma or a semicolon to the next word up to 1.5 em off", () => {
    expect(prepareLines([item("Chinese,", 100), item("Japanese,", 205), item("Korean", 320)]).map(lineText)).toEqual(["Chinese, Japanese, Korean"]);
    expect(prepareLines([item("Chinese;", 100), item("Japanese", 205)]).map(lineText)).toEqual(["Chinese; Japanese"]);
  });

  it("leaves apart items without a separator, further than 1.5 em, after a figure, or before a formula's variable", () => {
    expect(prepareLines([item("Chinese", 100), item("Japanese", 195)]).map(lineText)).toEqual(["Chinese", "Japanese"]);
    expect(prepareLines([item("Chinese,", 100), item("Japanese", 212)]).map(lineText)).toEqual(["Chinese,", "Japanese"]);
    // A date's parts ("Shebat, 5779,\quad Haifa"), a table's figure and its next cell.
    expect(prepareLines([item("Shebat, 5779,", 100), item("Haifa", 255)]).map(lineText)).toEqual(["Shebat, 5779,", "Haifa"]);
    // A formula and its condition ("x = 0,\quad i, j = 1, …, n").
    expect(prepareLines([item("x = 0,", 100), item("i, j = 1", 185)]).map(lineText)).toEqual(["x = 0,", "i, j = 1"]);
  });
});

describe("prepareLines: markers and section numbers told by their length first (speed-extract2: MARKER_INK_MAX, SECTION_NUMBER_INK_MAX)", () => {
  it("still joins the longest marker and the longest section number the patterns read across their gaps", () => {
    // "(xviii)" is seven units, 3 em before its text: a marker's gap, wider than a word's.
    const marker = line("(xviii)", { x: 72, y: 100 });
    expect(prepareLines([marker, line("Item text", { x: marker.x1 + 30, y: 100 })]).map(lineText)).toEqual(["(xviii) Item text"]);
    // "XXXVII.100.100.100.100." is 23 units, 1.6 em before its title.
    const number = line("XXXVII.100.100.100.100.", { x: 72, y: 100 });
    expect(prepareLines([number, line("Title", { x: number.x1 + 16, y: 100 })]).map(lineText)).toEqual(["XXXVII.100.100.100.100. Title"]);
  });

  it("leaves words as long as those apart across the same gaps", () => {
    const word = line("(xviiii)", { x: 72, y: 100 });
    expect(prepareLines([word, line("Item text", { x: word.x1 + 30, y: 100 })]).map(lineText)).toEqual(["(xviiii)", "Item text"]);
    const number = line("XXXVII.100.100.100.1000.", { x: 72, y: 100 });
    expect(prepareLines([number, line("Title", { x: number.x1 + 16, y: 100 })]).map(lineText)).toEqual(["XXXVII.100.100.100.1000.", "Title"]);
  });
});

describe("prepareLines on contents pages and numbered titles (issue 9: the table-of-contents page)", () => {
  it("joins a section number to its title across a tab of up to two ems (Word's hanging indent)", () => {
    const lines = prepareLines([line("2.1", { x: 82, y: 100 }), line("LRS model", { x: 82 + 15 + 13, y: 100 })]);
    expect(lines.map(lineText)).toEqual(["2.1 LRS model"]);
  });

  it("joins a section number to a command's name in the code face, not a page number before one (srdp-mathematik's '2.1' ⇥ '\\multiplechoice'; svc-md-1.1.20)", () => {
    const title = (x: number) => line([{ text: "\\multiplechoice", mono: true }], { x, y: 100, size: 14.3 });
    expect(prepareLines([line("2.1", { x: 51, y: 100, size: 14.3 }), title(51 + 20.6 + 22)]).map(lineText)).toEqual(["2.1 \\multiplechoice"]);
    // An index's page number in the column beside, and a backslash in the text face.
    expect(prepareLines([line("4", { x: 51, y: 100, size: 14.3 }), title(51 + 7 + 22)]).map(lineText)).toEqual(["4", "\\multiplechoice"]);
    expect(prepareLines([line("2.1", { x: 51, y: 100, size: 14.3 }), line("\\multiplechoice", { x: 51 + 20.6 + 22, y: 100, size: 14.3 })]).map(lineText)).toEqual(["2.1", "\\multiplechoice"]);
  });

  it("joins a bold section number to its bold title across up to three ems (ukbill's '8' ⇥ 'Disapplication', 2.3 em; BOLD_SECTION_NUMBER_GAP_EMS)", () => {
    const bold = { bold: true, size: 11.7, font: "PalatineP-Bold" };
    expect(prepareLines([line("8", { x: 92.1, y: 249.6, ...bold }), line("Disapplication", { x: 124.9, y: 249.6, ...bold })]).map(lineText)).toEqual(["8 Disapplication"]);
    // Guard: a title in the regular weight, or a bold one in another size, stays apart at that gap.
    expect(prepareLines([line("8", { x: 92.1, y: 249.6, ...bold }), line("Disapplication", { x: 124.9, y: 249.6, size: 11.7 })]).map(lineText)).toEqual(["8", "Disapplication"]);
    expect(prepareLines([line("8", { x: 92.1, y: 249.6, ...bold }), line("Disapplication", { x: 124.9, y: 249.6, ...bold, size: 10 })]).map(lineText).sort()).toEqual(["8", "Disapplication"]);
    // Guard: beyond three ems, bold or not.
    expect(prepareLines([line("8", { x: 92.1, y: 249.6, ...bold }), line("Disapplication", { x: 92.1 + 5.9 + 3.2 * 11.7, y: 249.6, ...bold })]).map(lineText)).toEqual(["8", "Disapplication"]);
  });

  it("does not join a number to a number beside it (a table's next cell), nor beyond two ems", () => {
    expect(prepareLines([line("12", { x: 72, y: 100 }), line("3.50", { x: 72 + 10 + 13, y: 100 })]).map(lineText)).toEqual(["12", "3.50"]);
    expect(prepareLines([line("12", { x: 72, y: 100 }), line("Apples", { x: 72 + 10 + 25, y: 100 })]).map(lineText)).toEqual(["12", "Apples"]);
  });

  it("joins a fragment ending in a dot leader to the page number far right on its row, even where the sort puts the number first", () => {
    const entries = ["1.1.1 Tools", "1.1.2 How to use the tools", "1.2 How to write"];
    const input: Line[] = [];
    entries.forEach((title, i) => {
      const y = 100 + i * 14;
      input.push(line(`${title} . . . . . . . . . .`, { x: 100, y: y + 0.5 }));
      // The number's box a little higher than the title's: sorted by centre, it comes first.
      input.push(line(String(5 + i), { x: 464, y }));
    });
    expect(prepareLines(input).map(lineText)).toEqual(entries.map((t, i) => `${t} . . . . . . . . . . ${5 + i}`));
  });

  it("joins fragments of one row in either order when a raised glyph moved one's centre ('1.3.3' ⇥ 'pdfLaTeX' ← '. . . 7')", () => {
    const number = line("1.3.3", { x: 127, y: 101 });
    const title = line("pdfLaTeX", { x: 165, y: 100, size: 10.4 });
    const leader = line(". . . . . . . . 7", { x: title.x1 + 5, y: 101 });
    expect(prepareLines([number, leader, title]).map(lineText)).toEqual(["1.3.3 pdfLaTeX . . . . . . . . 7"]);
  });

  it("joins a fragment that starts with a raised note mark to the row it goes on (pkuthss' 'issue tracker' ← '①上提出，…'; svc-md-1.1.20)", () => {
    const at = (text: string, x: number, x1: number, y0: number, y1: number, size: number): Span => ({ ...span(text, x, y0, { size }), x1, y0, y1 });
    const left = lineOfSpans([at("项目主页的", 73.7, 133.7, 523.3, 536.6, 12), at("issue tracker", 137.8, 198, 523.3, 536.6, 12)]);
    const right = lineOfSpans([at("1", 200.9, 204.5, 517.8, 525, 7.2), at("上提出，或通过电子邮件", 204.5, 341.5, 523.3, 535.3, 12)]);
    expect(prepareLines([left, right]).map(lineText)).toEqual(["项目主页的issue tracker 1上提出，或通过电子邮件"]);
    // A formula's piece raised by its own superscript, not a note's mark, keeps the centre test.
    const power = lineOfSpans([at("n", 200.9, 204.5, 517.8, 525, 7.2), at("x", 204.5, 211, 523.3, 535.3, 12)]);
    expect(prepareLines([left, power]).length).toBe(2);
  });

  it("joins a byline's ',¹' held off its name by an ORCID icon, with no space before the comma (aastex631's 'Greg J. Schwarz' ⇥ ',¹ August Muench'; svc-md-1.1.31)", () => {
    const at = (text: string, x: number, x1: number, y0: number, y1: number, size: number): Span => ({ ...span(text, x, y0, { size }), x1, y0, y1 });
    const name = lineOfSpans([at("Greg J. Schwarz", 217.9, 294.8, 131.8, 136.4, 10)]);
    const rest = lineOfSpans([at(",", 307.8, 310.3, 131.8, 136.4, 10), at("1", 310.3, 313.8, 128, 132.6, 7), at(" August Muench,", 313.8, 390.7, 131.8, 136.4, 10), at("1", 390.7, 394.2, 128, 132.6, 7)]);
    expect(prepareLines([name, rest]).map(lineText)).toEqual(["Greg J. Schwarz,1 August Muench,1"]);
    // A comma alone with no raised mark after it keeps the gap's rule: 1.3 em is no word space.
    const plain = lineOfSpans([at(",", 307.8, 310.3, 131.8, 136.4, 10), at(" August Muench", 310.3, 390.7, 131.8, 136.4, 10)]);
    expect(prepareLines([name, plain])).toHaveLength(2);
    // Nor does a raised figure that is no mark's size.
    const big = lineOfSpans([at(",", 307.8, 310.3, 131.8, 136.4, 10), at("1", 310.3, 316, 128, 136.4, 10), at(" August Muench", 316, 390.7, 131.8, 136.4, 10)]);
    expect(prepareLines([name, big])).toHaveLength(2);
  });

  it("joins an index's entry to its leader and pages set 1.1 em after it (ltcmdhooks-code's '\\@if@newcommand' | '. . . 126, 137, 9')", () => {
    const entry = line([{ text: "\\@if@newcommand", mono: true }], { x: 159.7, y: 174.2, size: 9 });
    const leader = line(". . . . . . . . 126, 137, 9", { x: entry.x1 + 9.95, y: 173.4, size: 9 });
    expect(prepareLines([entry, leader]).map(lineText)).toEqual(["\\@if@newcommand . . . . . . . . 126, 137, 9"]);
    // Leaders that start at about one x row after row still go on their entries (bzip2's contents).
    const rows = [
      ["3.1. Top-level structure", 164.9, 176.5, "8"],
      ["3.1.1. Low-level summary", 177.4, 189.4, "9"],
      ["3.1.2. High-level summary", 179.3, 190.4, "9"],
      ["3.1.3. Utility functions summary", 202.7, 190.4, "9"],
    ] as const;
    const contents = rows.flatMap(([title, x1, leaderX, page], k) => {
      const t = line(title, { x: 72, y: 241.8 + 12 * k });
      return [{ ...t, x1, spans: t.spans.map((s) => ({ ...s, x1 })) }, line(`. . . . . . . . . . . . . . . ${page}`, { x: Math.max(leaderX, x1 + 12), y: 241.7 + 12 * k })];
    });
    expect(prepareLines(contents)).toHaveLength(4);
    // Dots that are no leader before page numbers, in the next column of a reference card, stay apart.
    const item = line("surround optional arguments", { x: 100, y: 300, size: 9 });
    const dots = line("... show one or more arguments", { x: item.x1 + 20, y: 300, size: 9 });
    expect(prepareLines([item, dots])).toHaveLength(2);
  });
});

describe("prepareLines on a figure's replacement text (issue 9: report-pdf20-utf8, form-sleep-study)", () => {
  it("drops an ActualText that MuPDF places at one point over a figure, and keeps the line beside it", () => {
    const caption = line("(c) 2021 PDF Association.", { x: 72, y: 260 });
    const alt = line("PDF Association logo", { x: 72, y: 157, size: 124 });
    for (const s of alt.spans) s.x1 = s.x0;
    const merged: Line = { ...caption, spans: [...alt.spans, ...caption.spans], y0: alt.y0 };
    const lines = prepareLines([merged]);
    expect(lines.map(lineText)).toEqual(["(c) 2021 PDF Association."]);
    expect(lines[0].y0).toBe(260);
  });

  it("drops the glyphs of LaTeX's picture fonts, lines and circles with no Unicode (issue 9: gen-paper-2col)", () => {
    const drawing = line("\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd", { x: 347, y: 240 });
    for (const s of drawing.spans) s.font = "LINE10";
    const beside = line("Depth (m)", { x: 300, y: 240 });
    for (const s of beside.spans) s.font = "NimbusRomNo9L-Regu";
    expect(prepareLines([drawing, beside]).map(lineText)).toEqual(["Depth (m)"]);
    // Unmapped glyphs of a text font stay: they are text the page has, unreadable.
    const unmapped = line("\ufffd\ufffd\ufffd", { x: 72, y: 300 });
    for (const s of unmapped.spans) s.font = "Lato-Regular";
    expect(prepareLines([unmapped]).map(lineText)).toEqual(["\ufffd\ufffd\ufffd"]);
  });

  it("keeps a single zero-width character (a combining mark)", () => {
    const l = line([{ text: "e" }, { text: "\u0301" }, { text: "t\u00e9" }], { x: 72, y: 100 });
    l.spans[1].x1 = l.spans[1].x0;
    expect(prepareLines([l]).map(lineText)).toEqual(["e\u0301t\u00e9"]);
  });
});

describe("the MuPDF reader on a justified book page (fixtures/real/book-freeculture-p41)", () => {
  it("makes a space of the gap after a stop that the page sets without one (issue 9: 'afternoon.There')", () => {
    const opened = openDocument(readFileSync(new URL("../../fixtures/real/book-freeculture-p41.pdf", import.meta.url)));
    try {
      const texts = extractPageMupdf(opened.doc, 0).lines.map(lineText);
      expect(texts.some((t) => t.includes("one afternoon. There “just"))).toBe(true);
      expect(texts.some((t) => t.includes("afternoon.There"))).toBe(false);
    } finally {
      opened.doc.destroy();
    }
  });
});

describe("a sentence's stop set tight before a capital (svc-md-1.1.29: Free Culture's 'law.The better-known')", () => {
  it("makes a space of a 0.11 em gap after a sentence's stop before a capital, and of none after a file name's, an abbreviation's or a numeral's", () => {
    const opened = openDocument(tightStopsPdf());
    try {
      const texts = extractPageMupdf(opened.doc, 0).lines.map(lineText);
      expect(texts).toEqual(["about copyright law. The better-known year", "the manual is scrguide.pdf in the folder", "the same holds, i.e. in every case", "Part VII.Beispiele for the class"]);
    } finally {
      opened.doc.destroy();
    }
  });
});

describe("prepareLines at a two-column page's gutter (issue 9: dvipdfmx-special p3, ltnews33 p1)", () => {

  it("keeps two listings set side by side in the two columns apart, though code joins across wide gaps", () => {
    // dvipdfmx-special p3: the left column's listing ends at x 259, the right one's indented
    // line starts at 325, 7.6 ems on; no gutter of prose runs between them on this row.
    const left = line("\\special{pdf:put @Moon2 (Moon to Earth)}", { x: 71, y: 300, size: 8.6, mono: true });
    const right = line("/T (My Movie) /Movie <<", { x: 325, y: 300, size: 8.6, mono: true });
    const lines = prepareLines([...proseRows(100, 4), left, right]);
    expect(lines.filter((l) => l.y0 === 300).map(lineText)).toEqual(["\\special{pdf:put @Moon2 (Moon to Earth)}", "/T (My Movie) /Movie <<"]);
    // On a page of one column the same pair is code and its aligned comment: one line.
    expect(prepareLines([left, right]).map(lineText)).toEqual(["\\special{pdf:put @Moon2 (Moon to Earth)} /T (My Movie) /Movie <<"]);
  });

  it("keeps a contents entry's page number apart from the next column's heading beside it", () => {
    // ltnews33 p1: "3" ends the left column's entry; the right column's heading starts at
    // its edge, 1.6 ems on, where a section number would join its title.
    const number = line("3", { x: 290, y: 300 });
    const heading = line("Extending the hook concept", { x: 314, y: 300, size: 12 });
    const lines = prepareLines([...proseRows(100, 4), number, heading]);
    expect(lines.filter((l) => l.y0 === 300).map(lineText)).toEqual(["3", "Extending the hook concept"]);
    expect(prepareLines([number, heading]).map(lineText)).toEqual(["3 Extending the hook concept"]);
  });

  it("still joins a column's indented title to its number: an indent is no column's edge (tracemonkey p2's '2. Overview')", () => {
    // The right column starts at 314 and indents paragraphs to 326: rows start there too.
    const indented: Line[] = [];
    for (let i = 0; i < 4; i++) indented.push(line("We describe the special command for adding", { x: 72, y: 200 + 12 * i }), line("The paragraph starts after an indent", { x: 326, y: 200 + 12 * i }));
    const lines = prepareLines([...proseRows(100, 4), ...indented, line("2.", { x: 314, y: 300 }), line("Overview: Example Tracing Run", { x: 326, y: 300 })]);
    expect(lines.filter((l) => l.y0 === 300).map(lineText)).toEqual(["2. Overview: Example Tracing Run"]);
  });
});

describe("prepareLines on a contents page whose main entries have no leader (issue 9: gnuplot p2, ltnews33 p1, LaTeX's chapters)", () => {
  /** gnuplot's contents: entries with a leader and their numbers ending at x 540. */
  function leaderEntries(from: number): Line[] {
    return ["New plot styles", "New data pre-processing filters"].flatMap((title, i) => [
      line(`${title} . . . . . . . . . . . . . . . . . . . . . . .`, { x: 112, y: from + 16 * i }),
      line(String(25 + i), { x: 530, y: from + 16 * i }),
    ]);
  }

  it("joins a page number set flush right at the leader entries' edge to its title, and marks the line a contents entry", () => {
    const lines = prepareLines([...leaderEntries(100), line("Differences between versions 4 and 5", { x: 72, y: 140, bold: true }), line("29", { x: 530, y: 140, bold: true })]);
    const entry = lines.find((l) => lineText(l).startsWith("Differences"))!;
    expect(lineText(entry)).toBe("Differences between versions 4 and 5 29");
    expect(entry.contentsEntry).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it("joins a title to its leader and page number standing apart on its row (LaTeX's '6.1.1 Version Information' | '. . . . . 12')", () => {
    // Three such entries, their leaders starting at one x as a column's lines do.
    const sub = ["6.1.1 Version Information", "6.2.1 Version Information", "6.3.1 Version Information"].flatMap((title, i) => [
      line(title, { x: 110, y: 140 + 12 * i }),
      line(". . . . . . . . . . . . . . . . . . . . . . . . .", { x: 247, y: 140 + 12 * i }),
      line(String(12 + i), { x: 530, y: 140 + 12 * i }),
    ]);
    const lines = prepareLines([...leaderEntries(100), ...sub]);
    const entry = lines.find((l) => lineText(l).startsWith("6.1.1"))!;
    expect(lineText(entry)).toMatch(/^6\.1\.1 Version Information[ .]+ 12$/);
    expect(entry.contentsEntry).toBe(true);
    const blocks = buildBlocks([entry], STATS);
    expect(blocks.map((b) => renderInline(b.lines, { dehyphenate: true, emphasis: true, links: [] }))).toEqual(["6.1.1 Version Information 12"]);
  });

  it("reads a contents page's entries as lines, not as a table of titles and page numbers (testflow's contents)", async () => {
    const { detectTables } = await import("../../src/engine/tables/detect.js");
    const entries = prepareLines([
      ...["Introduction", "Overview", "Terminology", "Using the Files"].flatMap((title, i) => [line(`${i + 1} ${title}`, { x: 72, y: 100 + 22 * i, bold: true }), line(String(2 + i), { x: 535, y: 100 + 22 * i, bold: true })]),
      ...leaderEntries(200),
    ]);
    const { tables } = detectTables(entries, [], { width: 612, height: 792 });
    expect(tables).toEqual([]);
  });

  it("leaves the folio in the page's foot apart, flush right at the same edge but far below the entries (report-geobase-p4)", () => {
    const lines = prepareLines([...leaderEntries(100), line("GeoBase®", { x: 72, y: 745 }), line("iv", { x: 530, y: 745 })]);
    expect(lines.filter((l) => l.y0 === 745).map(lineText)).toEqual(["GeoBase®", "iv"]);
  });

  it("leaves a right-aligned number column alone where no entry has a leader (a table's amounts)", () => {
    const rows = ["Apples", "Pears", "Plums"].flatMap((item, i) => [line(item, { x: 72, y: 100 + 14 * i }), line(String(10 + i), { x: 530, y: 100 + 14 * i })]);
    expect(prepareLines(rows)).toHaveLength(6);
  });

  it("marks a short leader before the number as drawing: the text keeps it, Markdown drops it ('bypassing hooks . . 2')", () => {
    const lines = prepareLines([...leaderEntries(100), line("Shipping out a page while bypassing hooks . .", { x: 72, y: 140 }), line("2", { x: 535, y: 140 })]);
    const entry = lines.find((l) => lineText(l).startsWith("Shipping"))!;
    expect(lineText(entry)).toBe("Shipping out a page while bypassing hooks . . 2");
    expect(entry.spans.filter((s) => s.leader).map((s) => s.text).join("").trim()).toBe(". .");
    const blocks = buildBlocks([entry], STATS);
    expect(blocks.map((b) => renderInline(b.lines, { dehyphenate: true, emphasis: true, links: [] }))).toEqual(["Shipping out a page while bypassing hooks 2"]);
  });

  it("makes each marked entry a block of its own and no heading, though set bold at a heading's size", () => {
    const lines = prepareLines([
      ...leaderEntries(100),
      line("Introduction", { x: 72, y: 140, size: 18 }),
      line("1", { x: 531, y: 140, size: 18 }),
      line("Extending the hook concept", { x: 72, y: 164, size: 18 }),
      line("2", { x: 531, y: 164, size: 18 }),
    ]);
    const marked = lines.filter((l) => l.contentsEntry && l.y0 >= 140);
    expect(marked.map(lineText)).toEqual(["Introduction 1", "Extending the hook concept 2"]);
    const blocks = buildBlocks(marked, STATS);
    expect(blocks.map((b) => [b.kind, b.lines.length])).toEqual([
      ["paragraph", 1],
      ["paragraph", 1],
    ]);
  });
});

describe("prepareLines on a contents page with no leader at all (issue 9: revtex's guides, theses' chapter-only contents)", () => {
  /** revtex's contents in the left column of page 1: entries and their page numbers flush
   * right at x 299, two fragments apart; the right column's prose from x 317. */
  function revtexPage(title: string | null): Line[] {
    const entries = ["I. Introduction", "II. Formatting", "III. Marking up front matter", "IV. References and footnotes", "V. Body of the paper"].flatMap((entry, i) => [
      line(entry, { x: 62, y: 164 + 24 * i }),
      line(String(1 + (i >> 1)), { x: 294, y: 164 + 24 * i }),
    ]);
    // At the prose's own leading, its rows between the entries' (as on the page, where MuPDF
    // keeps the two columns' lines apart).
    const prose = Array.from({ length: 10 }, (_, i) => line("rial process can make use of the", { x: 317, y: 158 + 12 * i }));
    return [...(title === null ? [] : [line(title, { x: 147, y: 138, bold: true })]), ...entries, ...prose];
  }

  it("joins each page number to its entry under a contents title, and marks the lines contents entries", () => {
    const lines = prepareLines(revtexPage("CONTENTS"));
    const entries = lines.filter((l) => l.contentsEntry);
    expect(entries.map(lineText)).toEqual(["I. Introduction 1", "II. Formatting 1", "III. Marking up front matter 2", "IV. References and footnotes 2", "V. Body of the paper 3"]);
  });

  it("then reads the contents column before the prose column, not as a table across both (apsguide4-2 p1)", async () => {
    const { detectTables } = await import("../../src/engine/tables/detect.js");
    const { orderForReadingTs } = await import("../../src/engine/layout/reading_order.js");
    const { tables, rest } = detectTables(prepareLines(revtexPage("Table of Contents")), [], { width: 612, height: 792 });
    expect(tables).toEqual([]);
    const groups = orderForReadingTs(rest);
    expect(groups.map((g) => g.items.length)).toEqual([6, 10]);
  });

  it("leaves page numbers alone without a contents title over them (a table's right-aligned figures)", () => {
    const lines = prepareLines(revtexPage(null));
    expect(lines.some((l) => l.contentsEntry)).toBe(false);
    expect(lines).toHaveLength(20);
  });
});

describe("prepareLines on a contents page whose page numbers follow their titles (issue 9: active-conf's and pracjourn's two-column contents)", () => {
  /** An entry "2.1 Active 2006 class 1": the section number, the title, and the old-style
   * page number set smaller, its box lower than the title's, so that it sorts first. */
  function entry(number: string, title: string, page: string, x: number, y: number): Line[] {
    const titleX = x + 20;
    const titleLine = line(title, { x: titleX, y, size: 9 });
    return [line(number, { x, y, size: 9 }), titleLine, line(page, { x: titleLine.x1 + 9, y: y + 1.5, size: 4.5 })];
  }
  function twoColumnContents(title: string): Line[] {
    const left = [
      ["2", "Description and usage", "1"],
      ["2.1", "Active class", "1"],
      ["2.2", "Document preamble", "2"],
    ].flatMap(([n, t, p], i) => entry(n, t, p, 145, 334 + 11.7 * i));
    const right = [
      ["3.1", "Option processing", "6"],
      ["3.2", "Class loading", "6"],
      ["3.3", "Formatting", "7"],
    ].flatMap(([n, t, p], i) => entry(n, t, p, 340, 334 + 11.7 * i));
    return [line(title, { x: 299, y: 311 }), ...left, ...right];
  }

  it("joins a page number that sorted before its row's section number to the title, once the title has joined the number", () => {
    const lines = prepareLines(entry("3.1", "Option processing", "6", 340, 325));
    expect(lines.map(lineText)).toEqual(["3.1 Option processing 6"]);
  });

  it("marks entries ending in their page number under a contents title as contents entries, in both columns", () => {
    const lines = prepareLines(twoColumnContents("Contents"));
    expect(lines.filter((l) => l.contentsEntry).map(lineText)).toEqual([
      "2 Description and usage 1",
      "3.1 Option processing 6",
      "2.1 Active class 1",
      "3.2 Class loading 6",
      "2.2 Document preamble 2",
      "3.3 Formatting 7",
    ]);
  });

  it("marks none without a contents title, nor under one with fewer than three entries (msu-thesis: 'Table of Contents' in a list of a thesis's parts)", () => {
    expect(prepareLines(twoColumnContents("Summary")).some((l) => l.contentsEntry)).toBe(false);
    const parts = prepareLines([line("Table of Contents", { x: 72, y: 100 }), line("Chapter 1", { x: 72, y: 112 }), line("Chapter 2", { x: 72, y: 124 })]);
    expect(parts.some((l) => l.contentsEntry)).toBe(false);
  });

  it("leaves a label before its entry on the row unmarked (uiucthesis's 'Chapter 1' | 'Conclusions . . . 1')", () => {
    const lines = prepareLines([
      line("Contents", { x: 72, y: 80, size: 14 }),
      ...["List of Tables", "List of Figures", "List of Symbols"].map((t, i) => line(`${t} ${["vi", "vii", "x"][i]}`, { x: 72, y: 110 + 14 * i })),
      line("Chapter 1", { x: 72, y: 160 }),
      line("Conclusions", { x: 134, y: 160 }),
      line("1", { x: 530, y: 160 }),
    ]);
    expect(lines.find((l) => lineText(l).startsWith("Chapter 1"))?.contentsEntry).toBeUndefined();
  });
});

describe("prepareLines: a definition's category set flush right by texinfo (issue 9: nettle's '[Function]', libtasn1's)", () => {
  it("ends the definition's row, after the row's other fragments, whatever the gap", () => {
    // The definition comes in two fragments; the category's box sits a little higher, so the
    // row sort puts it between them.
    const lines = prepareLines([
      line("void sha256_update (struct sha256", { x: 72, y: 100.5 }),
      line("ctx *ctx, size t length, const", { x: 72 + 33 * 5 + 4, y: 100.5 }),
      line("[Function]", { x: 490, y: 100 }),
      line("Hash some more data.", { x: 108, y: 114 }),
    ]);
    expect(lines.map(lineText)).toEqual(["void sha256_update (struct sha256 ctx *ctx, size t length, const [Function]", "Hash some more data."]);
  });

  it("stays apart across a column's edge, and a bracketed phrase in running text is no category", () => {
    const rows: Line[] = [];
    for (let i = 0; i < 4; i++) rows.push(line("We describe the special command for adding", { x: 72, y: 100 + 12 * i }), line("It is not possible to specify the location in an abs", { x: 314, y: 100 + 12 * i }));
    const across = prepareLines([...rows, line("void sha256_init (ctx)", { x: 72, y: 200 }), line("[Function]", { x: 314, y: 200 })]);
    expect(across.filter((l) => l.y0 === 200).map(lineText)).toEqual(["void sha256_init (ctx)", "[Function]"]);
    const phrase = prepareLines([line("the value", { x: 72, y: 100 }), line("[see the appendix]", { x: 400, y: 100 })]);
    expect(phrase.map(lineText)).toEqual(["the value", "[see the appendix]"]);
  });
});

describe("prepareLines: a right-to-left item's number set right of its text (Chromium's print of an Arabic <ol>)", () => {
  // Visual order, as the extractor hands a right-to-left line over: "دفع المبلغ" drawn reversed.
  const items = ["غلبملا عفد", "ريخأت مسر فاض", "فتاهلا :راسفتسالل"];

  it("joins each number to its item, so the item starts with it in logical order", () => {
    const fragments = items.flatMap((visual, i) => {
      const y = 100 + i * 15;
      return [line(visual, { x: 480 - visual.length * 5, y }), line(".".concat(String(i + 1)), { x: 505, y })];
    });
    expect(prepareLines(fragments).map(lineText)).toEqual(["1. دفع المبلغ", "2. ضاف رسم تأخير", "3. للاستفسار: الهاتف"]);
  });

  it("leaves a left-to-right line's number as far right of it apart (a table's last column)", () => {
    const fragments = ["Printer paper", "Black toner", "Plastic files"].flatMap((text, i) => {
      const y = 100 + i * 15;
      return [line(text, { x: 480 - text.length * 5, y }), line(".".concat(String(i + 1)), { x: 505, y })];
    });
    expect(prepareLines(fragments).map(lineText)).toEqual(["Printer paper", ".1", "Black toner", ".2", "Plastic files", ".3"]);
  });
});

// docs/engine.md "Lines" (BLANK_FIELD_GAP_EMS_MAX): LibreOffice's business letter sets
// "Dear" ⇥ "," with an empty placeholder field for the name between them, 13 em wide.
describe("prepareLines: a salutation's comma after a blank field", () => {
  const word = (text: string, x: number, spec: { font?: string; y?: number; size?: number } = {}) => line(text, { x, y: spec.y ?? 100, size: spec.size ?? 10, font: spec.font });

  it("joins a comma alone to the few words before the blank on its baseline ('Dear' ⇥ ',')", () => {
    expect(prepareLines([word("Dear", 57), word(",", 218)]).map(lineText)).toEqual(["Dear ,"]);
    expect(prepareLines([word("Sehr geehrte", 57), word(",", 250)]).map(lineText)).toEqual(["Sehr geehrte ,"]);
  });

  it("leaves apart a comma after a formula, a figure, a lone letter, many words, another face or beyond 30 em", () => {
    expect(prepareLines([word("x = 0", 100), word(",", 300)]).map(lineText)).toEqual(["x = 0", ","]);
    expect(prepareLines([word("y", 100), word(",", 300)]).map(lineText)).toEqual(["y", ","]);
    expect(prepareLines([word("Total 12", 100), word(",", 300)]).map(lineText)).toEqual(["Total 12", ","]);
    expect(prepareLines([word("one two three four", 57), word(",", 300)]).map(lineText)).toEqual(["one two three four", ","]);
    expect(prepareLines([word("Dear", 57), word(",", 218, { font: "CMMI10" })]).map(lineText)).toEqual(["Dear", ","]);
    expect(prepareLines([word("Dear", 57), word(",", 57 + 40 + 310)]).map(lineText)).toEqual(["Dear", ","]);
    // A full stop is a formula's, set apart after a display (hfutexam): only a comma joins.
    expect(prepareLines([word("Dear", 57), word(".", 218)]).map(lineText)).toEqual(["Dear", "."]);
  });
});

describe("prepareLines and buildBlocks: a remark in parentheses after code (issue 9: texinfo's @r{}, R-lang's operator table)", () => {
  // R-lang p57: "- +" at x 118.8, "(unary)" in the text face at 227.6, 8.4 em right of it.
  const code = (text: string, y: number) => line([{ text, mono: true }], { x: 118.8, y, size: 10.9 });
  const remark = (text: string, y: number) => line([{ text }], { x: 227.6, y, size: 10.9 });

  it("goes on the code's line, and the line stays in the code block", () => {
    const lines = prepareLines([code("::", 216), code("$ @", 229), code("- +", 242), remark("(unary)", 242), code(":", 255)]);
    expect(lines.map(lineText)).toEqual(["::", "$ @", "- + (unary)", ":"]);
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => [b.kind, b.lines.length])).toEqual([["code", 4]]);
  });

  it("leaves apart a bracket holding words in the code face (langsci-avm's '(...)' | '( ⟨structure⟩ )'), and a remark a word space after code is the text's", () => {
    const syntax = line([{ text: "( ⟨" }, { text: "structure", mono: true }, { text: "⟩ )" }], { x: 227.6, y: 242, size: 10.9 });
    expect(prepareLines([code("- +", 242), syntax]).map(lineText)).toEqual(["- +", "( ⟨structure⟩ )"]);
    const inline = line([{ text: "abstract", mono: true }, { text: " (env.)" }], { x: 118.8, y: 242, size: 10.9 });
    expect(buildBlocks([inline], STATS).map((b) => b.kind)).not.toContain("code");
  });
});
