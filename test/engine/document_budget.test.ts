// DECISIONS.md §Conversion, document budget: more than 45 s of page extraction across a
// request is 422 document_too_complex (limits.documentWallMsMax), on every extraction path.
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { convertDocument, type DocumentSession } from "../../src/engine/convert.js";
import { isDocumentError } from "../../src/engine/errors.js";
import { extractPages } from "../../src/engine/extract/pages.js";
import { type LaidOutPage, layOutOutcomes } from "../../src/engine/layout/page_layout.js";
import type { PageOutcome } from "../../src/engine/model.js";
import { renderHeldPages } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page } from "../support/layout.js";

/** A session over pages already extracted: laid out and rendered in this thread. */
function sessionOf(outcomes: PageOutcome[]): DocumentSession {
  const held = new Map<number, LaidOutPage>();
  return {
    pageCount: outcomes.length,
    hasXfa: false,
    outline: null,
    layOut: async () => layOutOutcomes(outcomes, false, held),
    render: async (planned, options) => renderHeldPages(held, planned, options),
    close: async () => undefined,
  };
}

const textPage = (n: number) => page(n, [line("Some body text on this page.", { y: 100 })]);

async function convertWith(outcomes: PageOutcome[]) {
  return convertDocument(async () => sessionOf(outcomes), { bytes: new Uint8Array(), options: defaultRenderOptions });
}

describe("document budget: limits.documentWallMsMax of summed page extraction", () => {
  it("answers document_too_complex when the pages' extraction time adds up past the budget", async () => {
    const each = limits.documentWallMsMax / 3 + 1;
    const err = await convertWith([ok(textPage(1), each), ok(textPage(2), each), ok(textPage(3), each)]).catch((e) => e);
    expect(isDocumentError(err) && err.code).toBe("document_too_complex");
    expect(err.message).toContain(`${limits.documentWallMsMax / 1000} s`);
  });

  it("converts a selection whose pages stay within the budget", async () => {
    const each = limits.documentWallMsMax / 3 - 1;
    const result = await convertWith([ok(textPage(1), each), ok(textPage(2), each), ok(textPage(3), each)]);
    expect(result.pages_billed).toBe(3);
  });

  it("in-process extraction starts no page once the summed time has passed wallMsMax", async () => {
    // No document is opened: every page goes to the (fake) fallback, which takes 20 ms.
    const slow = async (n: number) => {
      const until = performance.now() + 20;
      while (performance.now() < until);
      return textPage(n);
    };
    const outcomes = await extractPages(null, [1, 2, 3, 4, 5], slow, { deadlineMs: Date.now() + 60_000, wallMsMax: 30 });
    expect(outcomes.length).toBe(2);
  });
});
