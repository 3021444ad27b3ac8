// paragraph_skips.ts with blocks.ts: a column whose paragraphs are set a fixed skip apart, a
// skip under the paragraph gap asked of any page, ends its paragraphs at that skip (docs/
// engine.md, "Paragraph skips"). libtasn1's function reference (texinfo's parskip, 6.2 pt
// against 3.2 pt of leading) had run one-line "name: description" items together, and
// bath-bst's reference list (Latin Modern, whose line boxes are taller than the 12 pt pitch;
// entries 20 pt apart) had become one paragraph with hard line breaks.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { paragraphSkip, skipGap } from "../../src/engine/layout/paragraph_skips.js";
import type { Line } from "../../src/engine/model.js";
import { line, lineOfSpans } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
/** Eighty characters: a line that runs from x 72 to the column's edge at 472. */
const FULL = "a line of running text that fills the column from its left edge to its right one";

/** Lines set one under another, each `[text, gap above]` (the first's gap is ignored). */
function column(rows: ReadonlyArray<readonly [string, number]>, spec: { x?: number; boxOver?: number; boxUnder?: number } = {}): Line[] {
  const lines: Line[] = [];
  let y = 100;
  for (const [text, gap] of rows) {
    if (lines.length > 0) y = lines[lines.length - 1].y1 + gap;
    lines.push(tallBox(line(text, { x: spec.x ?? 72, y: y + (spec.boxOver ?? 0) }), spec.boxOver ?? 0, spec.boxUnder ?? 0));
  }
  return lines;
}

/** The line with its box grown above and below its type (Latin Modern's, 14.1 pt for 10 pt). */
function tallBox(l: Line, over: number, under: number): Line {
  if (over === 0 && under === 0) return l;
  const spans = l.spans.map((s) => ({ ...s, y0: s.y0 - over, y1: s.y1 + under }));
  return { ...l, spans, y0: l.y0 - over, y1: l.y1 + under };
}

function texts(blocks: Block[]): string[] {
  return blocks.map((b) => b.lines.map((l, k) => lineText(l).trim() + (l.breakAfter && k + 1 < b.lines.length ? "\\" : "")).join(" | "));
}

const LEADING = 3.2;
const SKIP = 6.2;

/** libtasn1's asn1_write_value: items and paragraphs a parskip apart. */
const TEXINFO: ReadonlyArray<readonly [string, number]> = [
  [FULL, 0],
  [FULL, LEADING],
  ["the end of the description.", LEADING],
  ["node_root: pointer to a structure", SKIP],
  ["name: the name of the element inside the structure to set.", SKIP],
  [FULL, SKIP],
  [FULL, LEADING],
  ["an integer value.", LEADING],
  [FULL, SKIP],
  ["value is a null terminated string", LEADING],
  ["Set the value of one element inside a structure.", SKIP],
];

describe("a column whose paragraphs are a skip apart", () => {
  it("ends a one-line item that ends without a stop at the skip (libtasn1's 'node_root: pointer to a structure' | 'name: …')", () => {
    const blocks = texts(buildBlocks(column(TEXINFO), STATS));
    expect(blocks).toContain("node_root: pointer to a structure");
    expect(blocks).toContain("name: the name of the element inside the structure to set.");
    expect(blocks).toContain(`${FULL} | value is a null terminated string`);
    expect(blocks).toContain("Set the value of one element inside a structure.");
    expect(blocks).toHaveLength(6);
  });

  it("parts the entries of a reference list set in boxes taller than the pitch, with no line breaks inside them (bath-bst)", () => {
    // 10 pt type in 14.1 pt boxes at a 11.95 pt pitch: the boxes overlap by 2.15 pt; the
    // entries stand 19.9 pt apart, a box gap of 5.8 pt.
    const rows: Array<readonly [string, number]> = [];
    const entries = [
      ["Bristol Region Building Record, 1965. Green Park House (since demolished), viewed.", "Archives & Research Collections, University of Bath Library."],
      ["British National Formulary, 2020a. 79th ed. Aspirin. London: Pharmaceutical Press."],
      ["British National Formulary, 2020b. 79th ed. London: Pharmaceutical Press."],
      ["BSI, 1990. BS 5605:1990 Recommendations for citing and referencing material. London:", "BSI."],
      ["Burchard, J.E., 1965. How humanists use a library. In: C.F.J. Overhage, J.R. Harman, eds.", "Intrex: report on a planning conference and information transfer experiments. Mass.:", "MIT Press, pp.41-87."],
    ];
    for (const entry of entries) entry.forEach((text, k) => rows.push([text, k === 0 ? 5.8 : -2.15]));
    // Justified: each entry's lines but its last run to the column's edge.
    const lines = column(rows, { boxOver: 2.6, boxUnder: 1.5 });
    let k = 0;
    for (const entry of entries) for (let i = 0; i < entry.length; i++, k++) if (i + 1 < entry.length) lines[k] = endingAt(lines[k], 510);
    const blocks = texts(buildBlocks(lines, STATS));
    expect(blocks).toEqual(entries.map((entry) => entry.join(" | ")));
  });

  it("reads the skip from the page: two tight clusters of gaps, a fifth of an em apart at least", () => {
    const lines = column(TEXINFO);
    const sizes = lines.map(() => 10);
    const code = lines.map(() => false);
    const skip = paragraphSkip(lines, lines.map(lineText), sizes, code, 10, 472);
    expect(skip?.threshold).toBeCloseTo((LEADING + SKIP) / 2, 5);
  });
});

/** pdftex-a's lines: TeX Gyre Pagella boxed 5.1 pt from the baseline up; a "mono" line ends in
 *  a word of Latin Modern Mono boxed 8.3 pt above the baseline to 2.6 pt below it, a "sign"
 *  line starts with a sign boxed 7.9 pt above the baseline. `pitch`: the line's baseline below
 *  the one before. Justified: every line ends at x 520. */
type Kind = "plain" | "mono" | "sign";
function contextColumn(rows: ReadonlyArray<readonly [string, number, Kind]>): Line[] {
  let baseline = 100;
  return rows.map(([text, pitch, kind], k) => {
    if (k > 0) baseline += pitch;
    const words = line(text, { y: baseline - 5.1, size: 11, font: "TeXGyrePagella-Regular" });
    const roman = { ...words.spans[0], y0: baseline - 5.1, y1: baseline, x0: 80, x1: kind === "mono" ? 480 : 520 };
    const spans = [roman];
    if (kind === "mono") spans.push({ ...roman, text: " \\pdfliteral’s.", x0: 480, x1: 520, y0: baseline - 8.3, y1: baseline + 2.6, font: "LMMono10-Regular", size: 11.8, monospace: true });
    if (kind === "sign") spans.unshift({ ...roman, text: "⟨", x0: 72, x1: 80, y0: baseline - 7.9, y1: baseline, font: "Pxsy" });
    return { ...words, spans, x0: spans[0].x0, y0: Math.min(...spans.map((sp) => sp.y0)), y1: Math.max(...spans.map((sp) => sp.y1)), x1: 520 };
  });
}

describe("a column whose line boxes vary in height with their fonts (pdftex-a, ConTeXt)", () => {
  const LONG = "a line of running text set in the text face that runs to the column's right edge";
  /** A paragraph's last line that fills the column, as "… issued by \\pdfliteral’s." does. */
  const END = "and the last line of a paragraph that happens to run to the column's edge too.";
  const START = "The action spec specifies the action that should be performed when the hyperlink";
  const paragraphs = (skip: number) =>
    contextColumn([
      [START, 0, "sign"],
      [LONG, 13.8, "plain"],
      [END, 13.8, "mono"],
      [START, skip, "sign"],
      [LONG, 13.8, "mono"],
      [END, 13.8, "mono"],
      [START, skip, "sign"],
      [LONG, 13.8, "plain"],
      [END, 13.8, "mono"],
      [START, skip, "sign"],
      [LONG, 13.8, "plain"],
      [END, 13.8, "mono"],
    ]);

  it("ends its paragraphs where the pitch between spans of one font grows by the skip ('… \\pdfliteral’s.' | 'The ⟨action spec⟩ …')", () => {
    expect(buildBlocks(paragraphs(18.7), STATS).map((b) => b.lines.length)).toEqual([3, 3, 3, 3]);
  });

  it("keeps lines at one pitch one paragraph, though their boxes' gaps vary", () => {
    expect(buildBlocks(paragraphs(13.8), STATS).map((b) => b.lines.length)).toEqual([12]);
  });
});

describe("a column with no paragraph skip", () => {
  it("keeps a justified paragraph whose leading varies (a page stretched to its foot) one paragraph, though two gaps stand apart", () => {
    const sentence = `${FULL.slice(0, -4)}end.`;
    const rows: Array<readonly [string, number]> = [
      [FULL, 0],
      [FULL, 0.8],
      [sentence, 1.6],
      [FULL, 4.8],
      [FULL, 2.4],
      [sentence, 2.6],
      [FULL, 5.0],
      ["and the paragraph ends here.", 1.2],
    ];
    expect(buildBlocks(column(rows), STATS)).toHaveLength(1);
  });

  it("keeps a body set looser than its quotations whole: the wider gaps fall inside sentences, at the margin", () => {
    const rows: Array<readonly [string, number]> = [
      [FULL, 0],
      [FULL, 5.5],
      [FULL, 5.5],
      [FULL, 5.5],
      ["the paragraph ends here.", 5.5],
    ];
    const quote = column([[FULL, 0], [FULL, 2], [FULL, 2], ["the quotation ends.", 2]], { x: 72 });
    const body = column(rows);
    const shifted = quote.map((l) => moved(l, body[body.length - 1].y1 + 14 - quote[0].y0));
    expect(buildBlocks([...body, ...shifted], STATS)).toHaveLength(2);
  });

  it("leaves a stack of short labels a little apart by chance alone (a form's check boxes)", () => {
    const lines = column([
      ["Check Box", 0],
      ["Check Box 2", 3.3],
      ["Check Box 3", 3.1],
      ["Option Button", 7.6],
      ["Option Button 2", 7.0],
    ]);
    const sizes = lines.map(() => 10);
    expect(paragraphSkip(lines, lines.map(lineText), sizes, sizes.map(() => false), 10, 472)).toBeNull();
  });

  it("does not cut before a word set far right under the line before (amsfndoc's 'change' | 'to' beside a display)", () => {
    const lines = column(TEXINFO);
    const at = lines.findIndex((l) => lineText(l).startsWith("node_root"));
    const word = line("to", { x: 215, y: lines[at - 1].y1 + SKIP });
    const before = line("look at your \\usepackage statements and change", { y: lines[at - 1].y0 });
    lines.splice(at - 1, 2, before, word);
    const blocks = texts(buildBlocks(lines, STATS));
    expect(blocks.some((b) => b.endsWith("statements and change"))).toBe(false);
  });

  it("keeps a listing in the code face one block across gaps of the skip's size", () => {
    const lines = column(TEXINFO);
    const code = column(
      [
        ["int main(void) {", 0],
        ["  return 0;", SKIP],
        ["}", SKIP],
      ],
      { x: 90 },
    ).map((l) => ({ ...moved(l, lines[lines.length - 1].y1 + 14 - 100), spans: l.spans.map((s) => ({ ...s, monospace: true, font: "Courier" })) }));
    const blocks = buildBlocks([...lines, ...code], STATS);
    expect(blocks[blocks.length - 1].kind).toBe("code");
    expect(blocks[blocks.length - 1].lines).toHaveLength(3);
  });
});

function moved(l: Line, dy: number): Line {
  return { ...l, y0: l.y0 + dy, y1: l.y1 + dy, spans: l.spans.map((s) => ({ ...s, y0: s.y0 + dy, y1: s.y1 + dy })) };
}

/** The line stretched to end at x1, as a justified line does. */
function endingAt(l: Line, x1: number): Line {
  const last = l.spans.length - 1;
  return { ...l, x1, spans: l.spans.map((s, k) => (k === last ? { ...s, x1 } : s)) };
}

describe("a raised footnote mark in a line measured for the skip (topOfSize)", () => {
  // A Writer report: "repaired with standard parts.² … over three years." ends a paragraph
  // near the column's edge over "The inspection programme …", the mark set at 6.4 pt with its
  // top 0.6 pt above the text's. The line's box fell outside the usual height, its skip went
  // unmeasured, and the paragraphs ran together.
  /** The line with a 6 pt mark `mark` after its first word, its top `lift` points above the line's. */
  function withMark(l: Line, mark: string, lift: number): Line {
    const first = l.spans[0];
    const cut = first.text.indexOf(" ");
    const head = { ...first, text: first.text.slice(0, cut), x1: first.x0 + cut * 5 };
    const sup = { ...first, text: mark, x0: head.x1, x1: head.x1 + 3, y0: l.y0 - lift, y1: l.y0 - lift + 6, size: 6 };
    const tail = { ...first, text: first.text.slice(cut), x0: sup.x1, x1: first.x1 + 3 };
    return { ...l, spans: [head, sup, tail, ...l.spans.slice(1)], y0: sup.y0, x1: Math.max(l.x1, tail.x1) };
  }
  /** Ends a sentence near the column's edge, as a justified paragraph's last line may. */
  const ENDS = "a last line of running text that ends its sentence a word short of the edge.";
  /** Paragraphs of two and three lines and one-line items, each a skip under the one before. */
  const ROWS: ReadonlyArray<readonly [string, number]> = [
    [FULL, 0],
    [ENDS, LEADING],
    ["The steps at each site were these:", SKIP],
    ["1. Isolate the station.", SKIP],
    ["2. Inspect the pumps and motors.", SKIP],
    ["3. Test the telemetry link.", SKIP],
    [FULL, SKIP],
    [FULL, LEADING],
    [ENDS, LEADING],
    ["The review recommends that the Board:", SKIP],
  ];

  it("ends the paragraph at the skip under a line holding a raised mark", () => {
    const lines = column(ROWS);
    lines[1] = withMark(lines[1], "2", 0.6);
    const blocks = texts(buildBlocks(lines, STATS));
    expect(blocks).toContain("The steps at each site were these:");
    expect(blocks[0]).not.toContain("The steps");
  });

  it("reads a line's box where a span is set larger than the main size, not a mark (acmart's author list)", () => {
    // An author's name in capitals at 12 pt, its box 2 pt over the 10 pt affiliation beside
    // it: read from the affiliation's top, the gap between two such lines had been measured
    // 2 pt wider than it is, past the skip, and each author had become a paragraph.
    const skip = { threshold: 4.7, size: 10, boxHeightMin: 9.5, boxHeightMax: 10.5, byPitch: false };
    const author = (name: string, top: number): Line => {
      const caps = line(name, { y: top, size: 12 }).spans[0];
      const aff = line(", The Thorvald Group, Iceland", { x: caps.x1, y: top + 2 }).spans[0];
      return { spans: [caps, aff], x0: caps.x0, y0: top, x1: aff.x1, y1: top + 12, wmode: 0 };
    };
    expect(skipGap(skip, author("BEN TROVATO", 100), 10, author("LARS THORVALD", 115.2), 10)).toBeNull();
    // A mark set smaller is read past: the gap is the text's.
    const marked = withMark(line(FULL, { y: 100 }), "2", 0.6);
    expect(skipGap(skip, line(FULL, { y: 80 }), 10, marked, 10)).toBeCloseTo(10, 5);
  });

  it("keeps a paragraph whole across a line holding a raised mark at its leading", () => {
    const lines = column(ROWS);
    lines[7] = withMark(lines[7], "3", 0.6);
    const blocks = texts(buildBlocks(lines, STATS));
    expect(blocks.filter((b) => b.includes(ENDS) && b.includes("fills the column"))).toHaveLength(2);
  });
});

describe("a code word whose box is taller than the text's (textEdgeBesideTallCode)", () => {
  // R's reference manual reads Inconsolata's box 1.2 pt taller than Times': every line holding
  // a code word went unmeasured, and "The `repEnds` argument is ignored for closed xsplines."
  // ran on after the paragraph above it (refman p. 1172, grid.xspline).
  const skip = { threshold: 4.7, size: 10, boxHeightMin: 9.5, boxHeightMax: 10.5, byPitch: false };
  /** A line "The `repEnds` argument …" from (72, top), its code word's box `over` points above
   *  the text's and `under` below, in the code face or (mono false) in the text's. */
  function withTallWord(top: number, over: number, under: number, mono = true): Line {
    const l = line([{ text: "The " }, { text: "repEnds", mono }, { text: " argument is ignored for closed xsplines." }], { y: top });
    const spans = l.spans.map((s, k) => (k === 1 ? { ...s, y0: s.y0 - over, y1: s.y1 + under } : s));
    return lineOfSpans(spans);
  }

  it("measures the gap between the text's boxes beside a taller code word", () => {
    expect(skipGap(skip, line(FULL, { y: 80 }), 10, withTallWord(96.2, 1.0, 0.2), 10)).toBeCloseTo(6.2, 5);
    expect(skipGap(skip, withTallWord(80, 1.0, 0.2), 10, line(FULL, { y: 93.2 }), 10)).toBeCloseTo(3.2, 5);
  });

  it("leaves a line unmeasured where the taller span is in the text face (a formula may move the baselines)", () => {
    expect(skipGap(skip, line(FULL, { y: 80 }), 10, withTallWord(96.2, 1.0, 0.2, false), 10)).toBeNull();
  });

  it("ends the paragraph at the skip above a line holding a taller code word", () => {
    // Paragraphs whose last lines end a sentence a word short of the edge, a skip apart.
    const ends = "a last line of running text that ends its sentence a word short of the edge.";
    const rows: ReadonlyArray<readonly [string, number]> = [
      [FULL, 0],
      [ends, LEADING],
      [FULL, SKIP],
      [FULL, LEADING],
      [ends, LEADING],
      ["the code word's line", SKIP],
      [FULL, SKIP],
      [ends, LEADING],
    ];
    const lines = column(rows);
    lines[5] = withTallWord(lines[5].y0, 1.0, 0.2);
    const blocks = texts(buildBlocks(lines, STATS));
    expect(blocks).toContain("The repEnds argument is ignored for closed xsplines.");
  });
});
