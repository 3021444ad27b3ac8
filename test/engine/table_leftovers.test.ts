// A table takes its lines whole, so the part of a line its run left out (a long piece past
// the columns it was judged by) goes to the nearest column of its row, never out of the page
// (tables/aligned_detector.ts leftoverPieces). aastex's sample p. 18 lost "nominal polar radii
// of Jupiter" beside its "=" column; latex-lab's footnote listing lost its code lines.
// docs/engine.md, "Borderless tables". svc-md-1.1.34.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { detectTables } from "../../src/engine/tables/detect.js";
import { leftoverPieces } from "../../src/engine/tables/aligned_detector.js";
import { pieceText, textRow } from "../../src/engine/tables/cell_gaps.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { lineOfSpans, span } from "../support/layout.js";

const PAGE = { width: 612, height: 792 };

/** Rows of a command (typewriter), its symbol, "=" and a description running on past them. */
function rows(descriptions: readonly string[]): Line[] {
  return descriptions.map((text, k) => {
    const y = 100 + 20 * k;
    return lineOfSpans([span(`\\nomCommand${"ABCDEFGH"[k]}`, 130, y, { mono: true }), span(`R${k}`, 240, y), span("=", 298, y), span(text, 316, y)]);
  });
}

/** The characters (spaces aside) of `texts`, sorted: what a table may move but not lose. */
function characters(texts: readonly string[]): string {
  return [...texts.join("").replace(/\s+/g, "")].sort().join("");
}

/** The characters of the tables' cells and the lines left. */
function charactersOut(lines: Line[]): string {
  const { tables, rest } = detectTables(lines, [], PAGE);
  const texts = rest.map(lineText);
  for (const table of tables) for (const row of table.rows) for (const cell of row) for (const line of cell.lines) texts.push(lineText(line));
  return characters(texts);
}

describe("a table keeps the rest of the lines it takes (aligned_detector.ts leftoverPieces; issue 9, aastex sample p. 18)", () => {
  it("loses no word of rows whose description runs on past the columns", () => {
    const lines = rows([
      "nominal terrestrial polar radius of the planet as adopted",
      "nominal one-bar equatorial radius of Jupiter in the tables",
      "nominal polar radius of Jupiter, should the equator be unknown",
      "nominal terrestrial mass parameter for the Earth alone",
      "nominal Jovian mass parameter of the planet and its moons",
    ]);
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(charactersOut(lines)).toBe(characters(lines.flatMap((l) => l.spans.map((s) => s.text))));
  });

  it("gives the spans of a row's lines that its pieces leave out as a piece of their own, and nothing for whole lines", () => {
    const [first] = rows(["nominal polar radius of Jupiter, should the equator be unknown"]);
    const pieces = textRow([first]).cells;
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    // The run judged without its long last piece (runFrom's variant): that piece comes back.
    const left = leftoverPieces(pieces.slice(0, -1));
    expect(left?.map(pieceText)).toEqual([pieceText(pieces[pieces.length - 1])]);
    expect(leftoverPieces(pieces)).toBeNull();
  });
});
