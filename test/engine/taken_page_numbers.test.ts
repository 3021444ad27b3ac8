// leaders.ts joinFlushRightNumbers, endsInPageNumberSpan: a contents entry whose page number
// is set small right after its title with no leader (ReportLab's "8.3 DocPara(self, …,
// escape=True)" with "91" at 5 pt, the python-reportlab user guide p. 4) is joined by the
// row's joiner before the contents passes look for page numbers alone: ending at the edge of
// the entries with leaders, it is an entry too, not a heading (the whole guide's conversion had
// it as a ###### heading). docs/engine.md, "Leaders".
import { describe, expect, it } from "vitest";
import { isContentsEntry } from "../../src/engine/layout/leaders.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { line } from "../support/layout.js";

/** The entries' right edge: 60 characters of 5 pt from x = 100. */
const EDGE = 400;

function entryWithLeader(title: string, page: string, y: number) {
  const dots = 60 - title.length - page.length - 1;
  return line(`${title} ${". ".repeat(Math.floor(dots / 2))}${dots % 2 ? " " : ""}${page}`, { x: 100, y });
}

describe("a contents entry whose small page number its row's joiner took in (leaders.ts endsInPageNumberSpan)", () => {
  it("is an entry where it ends at the edge of the entries with leaders", () => {
    // 59 characters at 10 pt and "91" at 5 pt: the line ends at the edge.
    const small = line([{ text: "8.3 DocPara(self, expr, format=None, style=None, klass=None" }, { text: "91", size: 5 }], { x: 100, y: 100 });
    const lines = [small, entryWithLeader("8.4 DocAssert(self, cond)", "91", 118), entryWithLeader("8.5 DocIf(self, cond)", "91", 136)];
    expect(lines.map((l) => l.x1)).toEqual([EDGE, EDGE, EDGE]);
    const joined = prepareLines(lines);
    expect(joined).toHaveLength(3);
    expect(lineText(joined[0])).toMatch(/klass=None *91$/);
    expect(joined.every(isContentsEntry)).toBe(true);
  });

  it("is none on a page with no entries with leaders", () => {
    const small = line([{ text: "A title ending in a small figure" }, { text: "2", size: 5 }], { x: 100, y: 100 });
    expect(prepareLines([small]).some(isContentsEntry)).toBe(false);
  });
});
