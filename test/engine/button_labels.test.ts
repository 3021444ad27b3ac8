// layout/button_labels.ts: a button's label set on a listing goes before layout (issue 9:
// Chromium's prints of nodejs's API pages, "**C O P Y**" after every listing).
import { describe, expect, it } from "vitest";
import { withoutButtonLabels } from "../../src/engine/layout/button_labels.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Rule } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** nodejs_api_console's first listing: its shading, a line of code, and the green pill of its
 *  "COPY" button at the bottom right, as MuPDF reads them. */
const listing: Rule = { x0: 36.75, y0: 412.5, x1: 575.25, y1: 687, kind: "fill" };
const pill: Rule = { x0: 497.25, y0: 663.75, x1: 564.75, y1: 677.25, kind: "fill" };
const code = line([{ text: "// Prints: Danger Will Robinson! Danger!, to stderr", mono: true }], { x: 45.8, y: 666.7, size: 7.3 });
const label = line([{ text: "C O P Y", bold: true }], { x: 517.1, y: 666, size: 7.5 });

describe("withoutButtonLabels", () => {
  it("drops a short label alone in a filled box inside a listing's shading (button_labels.ts)", () => {
    expect(withoutButtonLabels([code, label], [listing, pill]).map(lineText)).toEqual([code.spans[0].text]);
  });

  it("keeps a label whose box stands on prose, or a box holding more than the label", () => {
    const prose = line("Example using the global console:", { x: 45.8, y: 666.7, size: 9 });
    expect(withoutButtonLabels([prose, label], [listing, pill]).map(lineText)).toEqual([prose.spans[0].text, "C O P Y"]);
    // A badge on the page, in no larger shading ("Stability: 2 - Stable").
    expect(withoutButtonLabels([code, label], [pill]).map(lineText)).toEqual([code.spans[0].text, "C O P Y"]);
    // A shaded box holding two lines is a note, not a button.
    const second = line("More", { x: 500, y: 667, size: 7.5 });
    expect(withoutButtonLabels([code, label, second], [listing, pill]).length).toBe(3);
    // A tab flush with its panel's corner names the panel (tug2005's "DVIPDFMx" slides).
    expect(withoutButtonLabels([code, label], [listing, { ...pill, x1: listing.x1, y1: listing.y1 }]).length).toBe(2);
    // A longer line in such a box is text.
    const long = line([{ text: "Unreleased, use at your risk", bold: true }], { x: 500, y: 666, size: 7.5 });
    expect(withoutButtonLabels([code, long], [listing, { ...pill, x1: 620 }]).length).toBe(2);
  });
});
