// Issue 9 (the engine on real documents): texinfo's definitions (nettle p14). The prototype
// "void sha256_update (struct sha256_ctx *ctx, size_t length, const uint8_t *data)" wraps
// onto a line indented 4.6 em under its head, the category "[Function]" stands flush right
// on the head's row, and the description is indented 2.6 em. The wrapped line had gone into
// the description's paragraph ("uint8_t *data) Hash some more data.").
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { detectTables } from "../../src/engine/tables/detect.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10.9, bold: false }, headings: [], running: new Set() };
const at = (text: string, x: number, y: number, mono = false) => line([{ text, mono }], { x, y, size: 10.9 });

describe("texinfo definitions (issue 9: nettle's 'sha256_update' wrapped over two lines)", () => {
  const page = [
    at("void sha256_update (struct sha256_ctx *ctx, size_t length, const", 90, 679),
    at("[Function]", 474, 679),
    at("uint8_t *data)", 139.8, 692.1),
    at("Hash some more data.", 118.8, 705.2),
    at("void sha256_init (struct sha256_ctx *ctx)", 90, 740),
    at("[Function]", 474, 740),
    at("Initialize the SHA256 state.", 118.8, 753.1),
  ];

  it("reads a wrapped prototype whole, its category after it, and the description as a block of its own", () => {
    const blocks = buildBlocks(prepareLines(page), STATS);
    expect(blocks.map((b) => b.lines.map(lineText).join(" | "))).toEqual([
      "void sha256_update (struct sha256_ctx *ctx, size_t length, const | uint8_t *data) [Function]",
      "Hash some more data.",
      "void sha256_init (struct sha256_ctx *ctx) [Function]",
      "Initialize the SHA256 state.",
    ]);
  });

  it("finds no table in definitions one under another, their categories aligned at the right edge (nettle's sha224 section)", () => {
    const rows = ["init (struct sha224_ctx *ctx)", "update (struct sha224_ctx *ctx, size_t length, const", "digest (struct sha224_ctx *ctx, size_t length, uint8_t"];
    const lines = prepareLines(
      rows.flatMap((prototype, k) => [at(`void sha224_${prototype}`, 90, 300 + 40 * k), at("[Function]", 474, 300 + 40 * k), at("Initialize the SHA224 state.", 118.8, 313 + 40 * k)]),
    );
    expect(detectTables(lines, [], { width: 612, height: 792 }).tables).toHaveLength(0);
  });
});

describe("texinfo definitions of a C++ class (issue 9: liboctave's Array2<T>, its categories all one length)", () => {
  it("joins each category to its row, also where labels of one length start at one x row after row and read as a column's start, and with a class name in the code face", () => {
    // The prototypes' arguments are in the text face: rows of prose left of the labels.
    const head = (name: string, args: string, y: number) => line([{ text: name, mono: true }, { text: args, italic: true }], { x: 90, y, size: 10.9 });
    // A label set flush right at the text's edge, x = 522.
    const flush = (made: Line): Line => {
      const dx = 522 - made.x1;
      return { ...made, x0: made.x0 + dx, x1: 522, spans: made.spans.map((sp) => ({ ...sp, x0: sp.x0 + dx, x1: sp.x1 + dx })) };
    };
    const rows = [
      [head("Array2<T>", " Array2<T> Array2 (void) and more words of it", 168.4), flush(at("[Constructor]", 458.8, 168.4))],
      [head("Array2<T>", " (int n, int m) and more words of the prototype", 181.5), flush(at("[Constructor]", 458.8, 181.5))],
      [head("Array2<T>", " (const Array2<T> &a) and more words of it", 194.7), flush(at("[Constructor]", 458.8, 194.7))],
      [head("Array2<T>", " (const DiagArray<T> &a) and more words", 207.8), flush(at("[Constructor]", 458.8, 207.8))],
      ...["dim1", "rows", "dim2", "cols"].map((name, k) => [head(`int ${name}`, " (void) const", 220.9 + 13.1 * k), flush(line([{ text: "[Method on " }, { text: "Array2<T>", mono: true }, { text: "]" }], { x: 404.2, y: 220.9 + 13.1 * k, size: 10.9 }))]),
    ];
    const lines = prepareLines(rows.flat());
    expect(lines.map((l) => lineText(l).replace(/\s+/g, " ").trim())).toEqual([
      "Array2<T> Array2<T> Array2 (void) and more words of it [Constructor]",
      "Array2<T> (int n, int m) and more words of the prototype [Constructor]",
      "Array2<T> (const Array2<T> &a) and more words of it [Constructor]",
      "Array2<T> (const DiagArray<T> &a) and more words [Constructor]",
      "int dim1 (void) const [Method on Array2<T>]",
      "int rows (void) const [Method on Array2<T>]",
      "int dim2 (void) const [Method on Array2<T>]",
      "int cols (void) const [Method on Array2<T>]",
    ]);
  });
});
