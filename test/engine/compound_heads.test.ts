// render/compound_heads.ts and inline.ts hyphenGoes: a line-end hyphen before a compound's
// head ("photon-" | "like", elsarticle's elstest-1p p. 1; "system-" | "specific", R-ints;
// "language-" | "independent", tracemonkey) stays, where dehyphenation had written
// "photonlike", "systemspecific", "languageindependent". Synthetic lines.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { type InlineOptions, renderInline } from "../../src/engine/render/inline.js";
import { isHeadedCompound } from "../../src/engine/render/compound_heads.js";
import { pageWords } from "../../src/engine/render/page_words.js";
import { line } from "../support/layout.js";

/** The paragraph "first" | "second" rendered with dehyphenation and the words of a page
 *  holding it and `others` (other lines of the page). */
function joined(first: string, second: string, others: string[] = []): string {
  const lines: Line[] = [line(first, { y: 100 }), line(second, { y: 112 })];
  const page = [...lines, ...others.map((t, i) => line(t, { y: 200 + 12 * i }))];
  const options: InlineOptions = { dehyphenate: true, emphasis: true, links: [], words: pageWords(page) };
  return renderInline(lines, options);
}

describe("compound_heads: a line-end hyphen before a compound's head stays", () => {
  it("keeps 'photon-like' where the page writes 'photon' on its own", () => {
    expect(joined("mixed states called polaritons. The photon-", "like part of the polariton", ["the photon bath"])).toBe("mixed states called polaritons. The photon-like part of the polariton");
  });

  it("keeps an acronym's compound ('OS-' | 'dependent', 'DBMS-' | 'specific') without asking", () => {
    expect(joined("the code is OS-", "dependent and may fail")).toBe("the code is OS-dependent and may fail");
    expect(joined("using DBMS-", "specific extensions here")).toBe("using DBMS-specific extensions here");
  });

  it("joins a syllable before a head ('in-' | 'dependent', 'dis-' | 'like', 'inter-' | 'related')", () => {
    expect(joined("the variables are in-", "dependent of each other", ["in the end"])).toBe("the variables are independent of each other");
    expect(joined("readers may dis-", "like the style")).toBe("readers may dislike the style");
    expect(joined("the terms are inter-", "related here")).toBe("the terms are interrelated here");
  });

  it("joins where the page writes the word joined, or the next word is no head", () => {
    expect(joined("a child-", "like wonder", ["the child plays", "childlike joy"])).toBe("a childlike wonder");
    expect(joined("the photon-", "ics lab", ["the photon bath"])).toBe("the photonics lab");
  });

  it("asks the page only for heads", () => {
    const words = pageWords([line("the photon bath")]);
    expect(isHeadedCompound("photon", "like", words)).toBe(true);
    expect(isHeadedCompound("photon", "wide", words)).toBe(false);
    expect(isHeadedCompound("proton", "like", words)).toBe(false);
  });
});
