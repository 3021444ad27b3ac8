// spaced_leaders.ts withLeadersClosedUp: ReportLab's table of contents draws each entry's dot
// leader as a fragment of its own with two spaces between its dots (" .  .  .  . 94", the
// python-reportlab user guide p. 4). Read as words, a leader starting at the x of the leaders
// on the rows around it took that x for a column's start and stayed apart from its title, and
// no entry was a contents entry: page 5's four entries ran into one paragraph, dots and all.
// docs/engine.md, "Leaders".
import { describe, expect, it } from "vitest";
import { isContentsEntry } from "../../src/engine/layout/leaders.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { withLeadersClosedUp } from "../../src/engine/layout/spaced_leaders.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** Titles of about one length (24 to 26 characters, 6 pt each from x = 98): their leaders
 *  start at one x, as the guide's 9.6, 9.7, 9.10 and 10.1 do. */
const TITLES = ["9.6 CondPageBreak(height)", "9.7 KeepTogether(flowables)", "9.10 ListFlowable(),Item", "10.1 A simple Flowable"];
/** Where every leader starts: just right of the longest title. */
const LEADER_X = 254;

function contentsRows(): Line[] {
  return TITLES.flatMap((title, i) => [
    // The leader comes first in the content stream, as ReportLab draws it.
    line(` ${".  ".repeat(20)}${94 + i}`, { x: LEADER_X, y: 100 + 18 * i, size: 12 }),
    line(title, { x: 98, y: 100 + 18 * i, size: 12 }),
  ]);
}

describe("a leader set with wide spaces is a leader (spaced_leaders.ts withLeadersClosedUp)", () => {
  it("joins its title, however many leaders start at its x, and makes the line a contents entry", () => {
    const joined = prepareLines(contentsRows());
    expect(joined.map((l) => lineText(l).replace(/[ .]+(?=\d+$)/, " … "))).toEqual(TITLES.map((title, i) => `${title} … ${94 + i}`));
    expect(joined.every(isContentsEntry)).toBe(true);
  });

  it("closes the spaces between the dots up to one", () => {
    const leader = withLeadersClosedUp(line(" .  .  .  . 12", { x: 200 }));
    expect(lineText(leader)).toBe(" . . . . 12");
  });

  it("leaves a sentence's full stops and a span of one wide gap alone", () => {
    const prose = line(". Then  .", { x: 200 });
    expect(withLeadersClosedUp(prose)).toBe(prose);
    const oneGap = line(".  . and so on", { x: 200 });
    expect(withLeadersClosedUp(oneGap)).toBe(oneGap);
  });

  it("closes up a leader of two dots before a page number (svc-md-1.1.35, WIDE_GAPS_BEFORE_NUMBER_MIN)", () => {
    // "9.2 XPreformatted(text, style, bulletText=None, dedent=0, frags=None)" | " .  . 92":
    // closed up, the entry reads as one (isContentsEntry), a line of its own.
    const rows = prepareLines([line(" .  . 92", { x: 355, y: 100, size: 12 }), line("9.2 XPreformatted(text, style, frags=None)", { x: 98, y: 100, size: 12 })]);
    expect(rows.map(lineText)).toEqual(["9.2 XPreformatted(text, style, frags=None) . . 92"]);
    expect(isContentsEntry(rows[0])).toBe(true);
  });
});
