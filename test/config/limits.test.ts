// src/config/limits.ts: the limits of SPEC.md and DECISIONS.md must fit inside each other, or
// one of them can never be reached (a page budget longer than the request, say).
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";

describe("limits fit inside each other (DECISIONS.md §Conversion, SPEC.md §Limits)", () => {
  it("a page's extraction budget fits in the document's, which fits in the request's wall clock", () => {
    expect(limits.pageWallMsMax).toBeLessThan(limits.documentWallMsMax);
    expect(limits.documentWallMsMax).toBeLessThan(limits.requestWallMsMax);
    expect(limits.requestBodyMsMax).toBeLessThan(limits.requestWallMsMax);
  });

  it("a page's characters fit in the document's; a test key selects fewer pages than a paid one", () => {
    expect(limits.pageCharsMax).toBeLessThan(limits.documentCharsMax);
    expect(limits.testKeySelectedPagesMax).toBeLessThan(limits.selectedPagesMax);
    expect(limits.selectedPagesMax).toBeLessThanOrEqual(limits.documentPagesMax);
  });

  it("the hold for an unbounded selection covers the largest selection a request may bill", () => {
    expect(limits.holdCreditsMax).toBeGreaterThanOrEqual(limits.selectedPagesMax);
  });

  it("every limit is a positive finite number", () => {
    for (const [name, value] of Object.entries(limits)) {
      expect(Number.isFinite(value) && value > 0, name).toBe(true);
    }
  });
});
