// Margin notes (issue 9: LaTeX package manuals set macro names in the margin beside the
// paragraph that documents them; longtable p3–p4, beamer's user guide, natbib). They are
// taken out of the paragraphs they stood inside and put before them.
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { putMarginNotes, takeMarginNotes } from "../../src/engine/layout/margin_notes.js";
import { lineOfSpans, span as layoutSpan } from "../support/layout.js";

const SIZE = 10;

/** A span at (x0, y0) in the body's roman or the notes' typewriter face, its right edge given or from its length. */
function span(text: string, x0: number, y0: number, o: { mono?: boolean; x1?: number } = {}): Span {
  const s = layoutSpan(text, x0, y0, { size: SIZE, mono: o.mono });
  return o.x1 === undefined ? s : { ...s, x1: o.x1 };
}

const line = (...spans: Span[]): Line => lineOfSpans(spans);

const LEFT = 144.7;
const RIGHT = 498.4;
/** A justified body line of the text column, row `r`. */
const bodyLine = (r: number, text = "the body of the paragraph runs on across the column") => line(span(text, LEFT, 100 + 12 * r, { x1: RIGHT }));
/** A note set flush right against the column, 5 pt from it. */
const note = (text: string, r: number) => line(span(text, LEFT - 5 - text.length * SIZE * 0.5, 101 + 12 * r, { mono: true, x1: LEFT - 5 }));
const text = (l: Line) => l.spans.map((s) => s.text).join("");

describe("takeMarginNotes (issue 9: longtable's \\endhead beside its paragraph)", () => {
  it("takes a note on a line of its own out of the flow, beside the column line on its row", () => {
    const body = Array.from({ length: 8 }, (_, r) => bodyLine(r));
    const endhead = note("\\endhead", 2);
    const lines = [...body.slice(0, 3), endhead, ...body.slice(3)];
    const { flow, notes } = takeMarginNotes(lines);
    expect(flow).toEqual(body);
    expect(notes).toHaveLength(1);
    expect(notes[0].lines).toEqual([endhead]);
    expect(notes[0].beside).toBe(body[2]);
  });

  it("cuts a note MuPDF built into one line with the body line beside it (\"\\endlastfoot way (at the …\")", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const merged = line(span("\\endlastfoot", LEFT - 5 - 60, 160, { mono: true, x1: LEFT - 5 }), span(" way (at the start of the table) to specify rows", LEFT - 5, 160, { x1: RIGHT }));
    const { flow, notes, replaced } = takeMarginNotes([...body, merged]);
    expect(notes).toHaveLength(1);
    expect(replaced.get(merged)).toBe(flow[flow.length - 1]);
    expect(text(notes[0].lines[0])).toBe("\\endlastfoot");
    const rest = flow[flow.length - 1];
    expect(text(rest)).toBe("way (at the start of the table) to specify rows");
    expect(rest.x0).toBeCloseTo(LEFT);
    expect(notes[0].beside).toBe(rest);
  });

  it("cuts a note joined to its row's text across the space the joiner put between them (booktabs p4's \"\\toprule\" beside \"In the simplest of cases …\")", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const noteSpan = span("\\toprule", LEFT - 11 - 40, 160, { mono: true, x1: LEFT - 11 });
    const joined = line(noteSpan, { ...noteSpan, text: " ", x0: LEFT - 11, x1: LEFT, monospace: false }, span("In the simplest of cases a table begins", LEFT, 160, { x1: RIGHT }));
    const { flow, notes } = takeMarginNotes([...body, joined]);
    expect(notes.map((n) => n.lines.map(text))).toEqual([["\\toprule"]]);
    expect(text(flow[flow.length - 1])).toBe("In the simplest of cases a table begins");
  });

  it("joins a note's word broken over two lines, and keeps the break between other stacked lines", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const presen = note("presen-", 1);
    const tation = note("tation", 1.9);
    const addition = note("Addition in", 4);
    const live = note("Live 2019", 4.9);
    const { notes } = takeMarginNotes([...body, presen, tation, addition, live]);
    expect(notes.map((n) => n.lines.map(text))).toEqual([["presen-", "tation"], ["Addition in", "Live 2019"]]);
    expect(presen.breakAfter).toBeUndefined();
    expect(addition.breakAfter).toBe(true);
  });

  it("leaves a declaration set out into the margin with its arguments (colortbl's \"\\rowcolors\" | \"[⟨commands⟩]{⟨row⟩}…\")", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const args = line(span("[<commands>]{<row>}{<odd-row color>}", LEFT, 172, { mono: true }));
    expect(takeMarginNotes([...body, note("\\rowcolors", 6), args]).notes).toEqual([]);
  });

  it("leaves a two-column page alone: the left column's short last line is no note", () => {
    // A gutter of 12 pt: the short line ends as near the right column as a note would.
    const leftColumn = Array.from({ length: 8 }, (_, r) => line(span("the left column of the page runs on", 60, 100 + 12 * r, { x1: 298 })));
    const rightColumn = Array.from({ length: 8 }, (_, r) => line(span("the right column of the page runs on", 310, 100 + 12 * r, { x1: 540 })));
    // More lines on the right: the column edge found is the right column's.
    leftColumn.push(line(span("then ends.", 248, 196, { x1: 298 })));
    rightColumn.push(line(span("the right column of the page runs on", 310, 196, { x1: 540 })));
    const lines = [...leftColumn, ...rightColumn];
    const { flow, notes, replaced } = takeMarginNotes(lines);
    expect(notes).toEqual([]);
    expect(flow).toEqual(lines);
    expect(replaced.size).toBe(0);
  });

  it("leaves a list's marker and a line's number hanging in the margin in place", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const lines = [...body, note("1.", 1), note("•", 2), note("12", 3), note("a)", 4), note("iv.", 5)];
    expect(takeMarginNotes(lines).notes).toEqual([]);
  });

  it("takes notes on a page whose listing hangs its line numbers in the margin, before code in the typewriter face (numberHangsOut: ijsra's '5 Abstract\\IJSRAsection{…}' beside 'references'; svc-md-1.1.25)", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const references = line(span("references", LEFT - 13 - 50, 101, { x1: LEFT - 13 }));
    // A listing line as wide as the body's, its number 8 pt left of the column's edge.
    const listing = line(span("5", LEFT - 8, 100 + 12 * 7, { x1: LEFT - 5 }), span(" Abstract\\IJSRAsection{Abstract (French)} in French: Copy and paste", LEFT - 5, 100 + 12 * 7, { mono: true, x1: RIGHT - 20 }));
    const { flow, notes } = takeMarginNotes([references, ...body, listing]);
    expect(notes.map((n) => n.lines.map(text).join(" "))).toEqual(["references"]);
    expect(flow).toContain(listing);
    // A contents entry's chapter number hanging left is the column's own text: no notes there.
    const entry = line(span("5", LEFT - 8, 100 + 12 * 7, { x1: LEFT - 5 }), span(" Results and the discussion of what they mean for practice", LEFT - 5, 100 + 12 * 7, { x1: RIGHT - 20 }));
    expect(takeMarginNotes([references, ...body, entry]).notes).toEqual([]);
  });

  it("finds the column's edge where text starts past notes MuPDF built into most body lines (textStart: ltxutil's stacked '\\enddocument', '\\check@aux', '\\do@check@aux'; svc-md-1.1.25)", () => {
    // Three justified lines each built with a note, two plain ones: no four body lines share a start.
    const built = ["\\enddocument", "\\check@aux", "\\do@check@aux"].map((name, r) =>
      line(span(name, LEFT - 10 - name.length * 5, 100 + 12 * r, { mono: true, x1: LEFT - 10 }), span(" ", LEFT - 10, 100 + 12 * r, { x1: LEFT }), span("the body of the paragraph runs on across the column", LEFT, 100 + 12 * r, { x1: RIGHT })),
    );
    const plain = [bodyLine(3), bodyLine(4)];
    const { notes, flow } = takeMarginNotes([...built, ...plain]);
    expect(notes.map((n) => n.lines.map(text).join(" "))).toEqual(["\\enddocument \\check@aux \\do@check@aux"]);
    expect(flow.map(text).every((t) => t.startsWith("the body"))).toBe(true);
  });

  it("leaves a term set an inch left of its description alone: a note stands against the column", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const term = line(span("verbose", 60, 125, { x1: 95 }));
    expect(takeMarginNotes([...body, term]).notes).toEqual([]);
  });

  it("leaves terms beside their descriptions alone: they share their left edge, notes the column's (texinfo's ‘-noptex’, ‘-o name’ in dvips)", () => {
    const body = Array.from({ length: 8 }, (_, r) => bodyLine(r));
    // Each term ends within a note's distance of the column (4.7, 14.7 and 9.7 pt).
    const term = (t: string, r: number) => line(span(t, 105, 101 + 12 * r, { mono: true }));
    const terms = [term("-noptex", 1), term("-mode", 5), term("-debug", 7)];
    expect(takeMarginNotes([...body, ...terms]).notes).toEqual([]);
    // The same words set flush right against the column are notes.
    expect(takeMarginNotes([...body, note("-noptex", 1), note("-mode", 5), note("-debug", 7)]).notes).toHaveLength(3);
  });
});

describe("takeMarginNotes: a line TeX set overfull (overfullLines)", () => {
  // acmguide p. 23: "To suppress short snippets of information, use the command
  // \\anon[⟨substitute⟩]{⟨suppressed-text⟩}." runs 65 pt past the column's right edge.
  const overfullLine = (r: number, out: number) => line(span("To suppress short snippets of information, use the command \\anon[x]{y}.", LEFT + 15, 100 + 12 * r, { x1: RIGHT + out }));

  it("takes the page's notes with an overfull line in the column, and the note beside the overfull line", () => {
    const body = Array.from({ length: 8 }, (_, r) => (r === 3 ? overfullLine(3, 65) : bodyLine(r)));
    const anon = note("\\anon", 3);
    const acks = note("acks (env.)", 6);
    const lines = [...body.slice(0, 3), anon, ...body.slice(3, 6), acks, ...body.slice(6)];
    const { flow, notes } = takeMarginNotes(lines);
    expect(flow).toEqual(body);
    expect(notes.map((n) => n.beside)).toEqual([body[3], body[6]]);
  });

  it("leaves the page alone where more lines run out, or one runs out further than an overfull line does", () => {
    const three = Array.from({ length: 8 }, (_, r) => (r % 3 === 0 ? overfullLine(r, 20) : bodyLine(r)));
    expect(takeMarginNotes([...three, note("acks (env.)", 7)]).notes).toEqual([]);
    const far = Array.from({ length: 8 }, (_, r) => (r === 3 ? overfullLine(3, 120) : bodyLine(r)));
    expect(takeMarginNotes([...far, note("acks (env.)", 7)]).notes).toEqual([]);
  });
});

describe("putMarginNotes", () => {
  it("puts each note as a paragraph before the block holding the line it stands beside, in their order down the page", () => {
    const body = Array.from({ length: 6 }, (_, r) => bodyLine(r));
    const a = note("\\endhead", 1);
    const b = note("\\endfirsthead", 3);
    const blocks: { kind: string; lines: Line[] }[] = [
      { kind: "paragraph", lines: body.slice(0, 5) },
      { kind: "paragraph", lines: body.slice(5) },
    ];
    putMarginNotes(blocks, [{ lines: [b], beside: body[3] }, { lines: [a], beside: body[1] }].reverse(), (block) => block.lines, (lines) => ({ kind: "paragraph", lines }));
    expect(blocks.map((block) => block.lines.map(text))).toEqual([["\\endhead"], ["\\endfirsthead"], body.slice(0, 5).map(text), [text(body[5])]]);
  });
});

describe("takeMarginNotes: a paragraph beside a stack of notes, with no right edge to the column (rowsBesideNoteStacks)", () => {
  // emisa p. 31: ltxdoc stacks "\outputarticleappendix", "\@articleappendix",
  // "\@wrap@articleappendix" and "articleappendix" one a row against a paragraph of three full
  // lines and a short last one; MuPDF builds each name into its row. Four line ends are too
  // few to give the column's right edge, and the names past the first were read into the text.
  const PITCH = 15;
  /** Row `r` of the paragraph, `note` built into it (set against the column, 11 pt from it). */
  const row = (r: number, note: string, words: string, full = true) => {
    const y = 300 + PITCH * r;
    const noteSpan = span(note, LEFT - 11 - note.length * SIZE * 0.5, y, { mono: true, x1: LEFT - 11 });
    return line(noteSpan, { ...noteSpan, text: " ", x0: LEFT - 11, x1: LEFT, monospace: false }, span(words, LEFT, y, { x1: full ? RIGHT : RIGHT - 13 }));
  };
  /** Indented code lines under it, narrower than the paragraph. */
  const code = Array.from({ length: 6 }, (_, r) => line(span(`${489 + r} \\def\\x{}`, LEFT + 6, 380 + 13 * r, { mono: true, x1: LEFT + 160 })));

  it("cuts the names from the paragraph's later rows: the paragraph's text is whole, the names before it", () => {
    const rows = [
      row(0, "\\outputarticleappendix", "The articleappendix and articleappendix* environments collect"),
      row(1, "\\@articleappendix", "inside an article environment. The collected material is"),
      row(2, "\\@wrap@articleappendix", "very end. The basic form articleappendix begins a new page"),
      row(3, "articleappendix", "articleappendix* does not. Each appendix is wrapped", false),
    ];
    const { flow, notes } = takeMarginNotes([...rows, ...code]);
    expect(notes.flatMap((n) => n.lines.map(text))).toEqual(["\\@articleappendix", "\\@wrap@articleappendix", "articleappendix"]);
    expect(flow.slice(1, 4).map(text)).toEqual([
      "inside an article environment. The collected material is",
      "very end. The basic form articleappendix begins a new page",
      "articleappendix* does not. Each appendix is wrapped",
    ]);
    // The first name stays built into the paragraph's first line: its run-in head.
    expect(flow[0]).toBe(rows[0]);
  });

  it("leaves a name beside a paragraph's first line, under a paragraph that ended, as its run-in head (mluexercise's \"english\" | \"ngerman\")", () => {
    // A paragraph of two full lines above them gives the column's left edge.
    const before = [0, 1].map((r) => line(span("the options of the class are given in its brackets", LEFT, 270 + PITCH * r, { x1: RIGHT })));
    const rows = [row(2, "english", "The english option selects English language for texts.", false), row(3, "ngerman", "The ngerman option selects German language for texts.", false)];
    const { flow, notes } = takeMarginNotes([...before, ...rows, ...code]);
    expect(notes).toEqual([]);
    expect(flow.slice(2, 4)).toEqual(rows);
  });
});
