// blocks.ts: a description list's item set with a hanging indent keeps its second line, however
// its first line ends, when the first line starts with its term in bold or in the code face
// (docs/engine.md, "A paragraph of one line"). btxdoc's entry types ("**manual** Technical
// documentation. Required field: title. Optional fields:" | "author, organization, …") and
// texlive-en's "TEXMFVAR The (personal) tree … to store (cached)" | "runtime data …" had each
// come out as two paragraphs.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
const LEFT = 134.8;
const HANG = 159.7;
const RIGHT = 478.5;

/** A line from x to x1 (a justified line's right edge): a term in `face` (none for plain text), then the text. */
function termLine(term: string, text: string, x: number, y: number, x1: number, face: "bold" | "mono" | "none" = "bold"): Line {
  const spans = term === "" ? [{ text }] : [{ text: `${term} `, bold: face === "bold", mono: face === "mono" }, { text }];
  const l = line(spans, { x, y });
  const last = l.spans.length - 1;
  return { ...l, x1, spans: l.spans.map((s, k) => (k === last ? { ...s, x1 } : s)) };
}

function paragraphs(lines: Line[]): string[] {
  return buildBlocks(lines, STATS).map((b) => b.lines.map(lineText).join(" | "));
}

describe("a description list's item with a hanging indent", () => {
  it("keeps its second line after a first line that ends a sentence or a colon, the next term back at the first line's x (btxdoc)", () => {
    const lines = [
      termLine("manual", "Technical documentation. Required field: title. Optional fields:", LEFT, 194.6, RIGHT),
      termLine("", "author, organization, address, edition, month, year, note.", HANG, 206.5, 434.3),
      termLine("misc", "Use this type when nothing else fits. Required fields: none.", LEFT, 226.4, RIGHT),
      termLine("", "Optional fields: author, title, howpublished, month, year, note.", HANG, 238.4, 410.6),
    ];
    expect(paragraphs(lines).map((p) => p.split(" | ").length)).toEqual([2, 2]);
  });

  it("keeps it with a term in the code face, the item the page's last (texlive-en's TEXMFVAR)", () => {
    const lines = [
      termLine("TEXMFVAR", "The (personal) tree used by texconfig and fmtutil-user to store (cached)", LEFT, 100, RIGHT, "mono"),
      termLine("", "runtime data such as format files and generated map files.", HANG, 112, 400),
    ];
    expect(paragraphs(lines)).toHaveLength(1);
  });

  it("leaves a nested item, a term at the hang, apart (texlive-en's '2021 A previous release.')", () => {
    const lines = [
      termLine("system-wide root", "can span multiple TeX Live releases (/usr/local/texlive by default):", LEFT, 100, RIGHT),
      termLine("2021", "A previous release.", HANG, 112, 260, "mono"),
      termLine("2022", "The current release.", HANG, 124, 262, "mono"),
    ];
    expect(paragraphs(lines)[0].split(" | ")).toHaveLength(1);
  });

  it("leaves a paragraph indented after a one-line run-in head apart, its next line back at the margin in the text's face", () => {
    const lines = [
      termLine("Warning.", "Adding the command to an existing file may change the line and page breaks.", LEFT, 100, RIGHT),
      termLine("", "Two sizes of fonts, suitable for body text and for passages requiring smaller", HANG, 112, RIGHT),
      termLine("", "type (e.g. abstracts and footnotes), are incorporated in the preprint style.", LEFT, 124, RIGHT),
    ];
    expect(paragraphs(lines).map((p) => p.split(" | ").length)).toEqual([1, 2]);
  });

  it("leaves a first line with no term as it was: a sentence's end before an indented line starts a paragraph", () => {
    const lines = [termLine("", "The first paragraph of the section ends here with its sentence.", LEFT, 100, RIGHT), termLine("", "author, organization, address, edition, month, year, note.", HANG, 112, 434.3)];
    expect(paragraphs(lines)).toHaveLength(2);
  });
});
