// A letterhead foot's wrapped tail (layout/wrapped_feet.ts, furniture.ts FOOTER_FIELDS;
// docs/engine.md "Wrapped letterhead feet"): a company's registration line, fields set apart
// by middle dots, is dropped as the page's foot, and its wrap ("No. GB 123 4567 89", centred
// under it in its small type) had stayed as the page's last paragraph. svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page, stack } from "../support/layout.js";

function convert(lines: Line[]): string {
  return analyseDocument({ pageCount: 1, selected: [1], selectionExpression: "1", outcomes: [ok(page(1, lines, { height: 842, width: 595 }))], outline: [], hasXfa: false, options: defaultRenderOptions }).markdown.trim();
}

const body = () => stack(Array.from({ length: 12 }, (_, i) => `We trust that this proposal meets your expectations, line ${i} of the letter.`), { x: 63, y: 300, size: 10.5 });
const foot = "Northwind Engineering Ltd · Registered in England and Wales No. 08123456 · Registered office: 14 Harbour Road, Bristol BS1 4QA · VAT";

describe("wrapped letterhead feet (wrapped_feet.ts)", () => {
  it("drops the wrapped tail under a letterhead foot with the foot", () => {
    const md = convert([...body(), line(foot, { x: 60, y: 782, size: 7 }), line("Directors A. Smith and B. Jones", { x: 262, y: 791, size: 7 })]);
    expect(md).not.toContain("Directors A. Smith");
    expect(md).not.toContain("Registered in England");
    expect(md).toContain("line 11 of the letter.");
  });

  it("guard: a line in another size, set apart, or beyond the foot's width stays", () => {
    const bigger = convert([...body(), line(foot, { x: 60, y: 782, size: 7 }), line("Printed on recycled paper", { x: 262, y: 791, size: 10 })]);
    expect(bigger).toContain("Printed on recycled paper");
    const apart = convert([...body(), line(foot, { x: 60, y: 770, size: 7 }), line("Directors A. Smith and B. Jones", { x: 262, y: 800, size: 7 })]);
    expect(apart).toContain("Directors A. Smith and B. Jones");
    const wide = convert([...body(), line("Acme · Bristol · VAT", { x: 260, y: 782, size: 7 }), line("Registered in England and Wales No. 08123456", { x: 60, y: 791, size: 7 })]);
    expect(wide).toContain("Registered in England and Wales No. 08123456");
  });
});
