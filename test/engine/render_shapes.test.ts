// Speed (issue 9): the reading passes' groups and renderPage's flow items each come in one
// hidden class, so that V8 does not throw away the render step's optimised code ("wrong map")
// at a group or item of a kind it had not met (docs/benchmarks.md, "s14-render"). The fields
// and their order are what the shape is: a group's items, columns and smallPrint, every group;
// a literal that leaves a field out, or adds one later, makes another.
import { describe, expect, it } from "vitest";
import { orderedGroup } from "../../src/engine/layout/box.js";
import { decodeGroups } from "../../src/engine/layout/kernel.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { orderForReadingTs } from "../../src/engine/layout/reading_order.js";
import { readLetterheadFirst, readSideStacksApart } from "../../src/engine/layout/side_stacks.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const GROUP_FIELDS = ["items", "columns", "smallPrint"];
const isTextLine = (item: Line): item is Line => /\p{L}{2}/u.test(lineText(item));

describe("reading order's groups: one shape", () => {
  it("orderedGroup sets every field, smallPrint undefined where it is none", () => {
    expect(Object.keys(orderedGroup([], 1))).toEqual(GROUP_FIELDS);
    expect(orderedGroup([], 1).smallPrint).toBeUndefined();
    expect(Object.keys(orderedGroup([], 2, true))).toEqual(GROUP_FIELDS);
  });

  it("the TypeScript reading order, the kernels' decoder and the side-stack pass make groups of those fields", () => {
    const lines = [
      line("Nordfrakt Shop", { x: 50, y: 50, size: 18, bold: true }),
      line("Thank you for your order!", { x: 50, y: 71 }),
      ...["Order #NF-20931", "Placed 24 November 2026", "Paid by card ending 4411"].map((t, k) => line(t, { x: 430, y: 50 + 11.3 * k })),
      line("Questions about your order? Reply to this e-mail or call us on +46 8 555 0100.", { x: 50, y: 110 }),
    ];
    const ordered = orderForReadingTs(lines);
    const stacked = readLetterheadFirst(readSideStacksApart(ordered, isTextLine), isTextLine);
    // The side-stack pass split the band: the groups it made are checked, not only handed on.
    expect(stacked.length).toBeGreaterThan(ordered.length);
    const decoded = decodeGroups(lines, Int32Array.from([lines.length, 1, ...lines.map((_, k) => k), lines.length, 1]));
    for (const group of [...ordered, ...stacked, ...decoded]) expect(Object.keys(group)).toEqual(GROUP_FIELDS);
  });
});
