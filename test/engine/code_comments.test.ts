// C code whose comments are set in the text face (issue 9: R-ints' "typedef struct RCNTXT",
// texinfo's @r{} comments, had become a code line, a table of fields and comments, and
// paragraphs).
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { detectTables } from "../../src/engine/tables/detect.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
const code = (text: string, x: number, y: number) => line([{ text, mono: true }], { x, y });
const comment = (text: string, x: number, y: number) => line(text, { x, y });

const FIELDS = [
  ["int callflag;", "/* The context ‘type’ */"],
  ["JMP_BUF cjmpbuf;", "/* C stack and register information */"],
  ["int cstacktop;", "/* Top of the pointer protection stack */"],
  ["int evaldepth;", "/* Evaluation depth at inception */"],
];

describe("code with comments in the text face", () => {
  const fragments = [
    code("typedef struct RCNTXT {", 90, 100),
    line([{ text: "struct RCNTXT *nextcontext; /*", mono: true }, { text: " The next context up the chain */" }], { x: 110, y: 112 }),
    ...FIELDS.flatMap(([field, note], i) => [code(field, 110, 124 + 12 * i), comment(note, 260, 124 + 12 * i)]),
    code("} RCNTXT, *context;", 90, 172),
  ];

  it("is no table, its comments join their code's lines, and the listing is one code block", () => {
    expect(detectTables(fragments, [], { width: 612, height: 792 }).tables).toEqual([]);
    const lines = prepareLines(fragments);
    expect(lines.map((l) => lineText(l).replace(/\s+/g, " ").trim())).toContain("int callflag; /* The context ‘type’ */");
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => `${b.kind}:${b.lines.length}`)).toEqual(["code:7"]);
  });

  it("keeps an address's rest starting with '//' out of code, and a column of notes without comment marks a table", () => {
    const address = line([{ text: "//github.com/latex3/l3build", mono: true }, { text: ". This will enable us to involve other developers" }], { x: 90, y: 100 });
    expect(buildBlocks([address], STATS).map((b) => b.kind)).toEqual(["paragraph"]);
    const notes = FIELDS.flatMap(([field, note], i) => [code(field, 110, 124 + 12 * i), comment(note.replace(/\/\* | \*\//g, ""), 260, 124 + 12 * i)]);
    expect(detectTables(notes, [], { width: 612, height: 792 }).tables).toHaveLength(1);
  });
});
