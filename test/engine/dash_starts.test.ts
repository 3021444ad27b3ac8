// dash_starts.ts isDashInsideParagraph: a justified paragraph's line that starts with a dash
// under a full line ending in a word goes on its sentence (DocBook's XSL reference, set by
// DBLaTeX, p. 27: "… condition, etc. Nameprofile.security" | "— Target profile for security
// attribute …"). Read as a bullet, the dash had cut the paragraph there, been dropped, and
// made the paragraph's rest a list item. docs/engine.md, "Lists".
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** Lines of 61 characters (305 pt at 10 pt) end at one edge, as a justified paragraph's do. */
const PARAGRAPH = [
  "for profiling. You should rather use specific attributes like",
  "userlevel, os, arch or condition, etc. Name: profile.security",
  "— Target profile for the security attribute. Description: the",
  "value of this parameter names the profiles the output holds.",
];

describe("a dash starting a line of a justified paragraph (dash_starts.ts isDashInsideParagraph)", () => {
  it("goes on the sentence of the full line above it: no item, the dash kept", () => {
    for (const text of PARAGRAPH.slice(0, 3)) expect(text).toHaveLength(61);
    const blocks = buildBlocks(PARAGRAPH.map((text, i) => line(text, { x: 72, y: 100 + 12 * i })), STATS);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].kind).toBe("paragraph");
    expect(blocks[0].lines.map(lineText).join(" ")).toContain("profile.security — Target profile");
  });

  it("still starts an item under a line that ends short of the next one", () => {
    const list = ["The options are these:", "— the first option, set once", "— the second option, set twice"];
    const blocks = buildBlocks(list.map((text, i) => line(text, { x: 72, y: 100 + 12 * i })), STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "list_item", "list_item"]);
  });

  it("still starts an item under a short item that ends where it does", () => {
    const list = ["The sizes of type are these:", "– small", "– large", "– Large"];
    const blocks = buildBlocks(list.map((text, i) => line(text, { x: 72, y: 100 + 12 * i })), STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "list_item", "list_item", "list_item"]);
  });

  it("still starts an item in a column of short items alone", () => {
    const list = ["– large", "– Large", "– LARGE", "– huge", "– Huge"];
    const blocks = buildBlocks(list.map((text, i) => line(text, { x: 72, y: 100 + 12 * i })), STATS);
    expect(blocks.map((b) => b.kind)).toEqual(list.map(() => "list_item"));
  });
});
