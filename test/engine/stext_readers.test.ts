// extract/mupdf_page.ts has two readers of a page's structured text: the fast one, through
// MuPDF's WebAssembly heap, and readStextPublic, through MuPDF.js's public walk, which stands
// in where this MuPDF's structures are not the ones the fast reader knows. Both take a font's
// name and faces from font_facts.ts, so a span's font reads the same through either: the name
// without its subset tag, and bold, italic or typewriter by MuPDF's flags or by the name.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readStextFast, readStextPublic, STEXT_OPTIONS } from "../../src/engine/extract/mupdf_page.js";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import type { Line } from "../../src/engine/model.js";

/** Each font of the page's spans with its faces, as "name bold italic monospace". */
function fontFaces(lines: readonly Line[]): string[] {
  const faces = new Set<string>();
  for (const line of lines) for (const span of line.spans) if (span.text.trim() !== "") faces.add(`${span.font} ${span.bold} ${span.italic} ${span.monospace}`);
  return [...faces].sort();
}

/** The fonts and faces each reader gives page 1 of a fixture. */
function bothReaders(fixture: string): { fast: string[]; walked: string[]; text: { fast: string; walked: string } } {
  const bytes = readFileSync(new URL(`../../fixtures/real/${fixture}`, import.meta.url));
  const doc = mupdf.Document.openDocument(new Uint8Array(bytes), "application/pdf");
  try {
    const page = doc.loadPage(0);
    try {
      const stext = page.toStructuredText(STEXT_OPTIONS);
      try {
        const fast = readStextFast(stext.pointer as unknown as number, []);
        const walked = readStextPublic(stext);
        const letters = (lines: readonly Line[]) => lines.map((l) => l.spans.map((s) => s.text).join("")).join("").replace(/\s+/g, "");
        return { fast: fontFaces(fast.lines), walked: fontFaces(walked.lines), text: { fast: letters(fast.lines), walked: letters(walked.lines) } };
      } finally {
        stext.destroy();
      }
    } finally {
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

describe("the stand-in stext reader reads fonts as the fast reader does (font_facts.ts factsOfFont)", () => {
  it("gives TeX's subset fonts their names without the tag, typewriter and italic faces alike (R intro p. 20)", () => {
    const { fast, walked, text } = bothReaders("book-r-intro-p20.pdf");
    expect(walked).toEqual(fast);
    expect(walked.some((f) => f.startsWith("CMTT9 ") && f.endsWith(" true"))).toBe(true);
    expect(walked.some((f) => f.startsWith("CMTI") && f.split(" ")[2] === "true")).toBe(true);
    expect(walked.every((f) => !f.includes("+"))).toBe(true);
    expect(text.walked).toBe(text.fast);
  });

  it("gives a browser's bold and monospaced fonts the same faces (gen-docsite p. 1)", () => {
    const { fast, walked } = bothReaders("gen-docsite-p1.pdf");
    expect(walked).toEqual(fast);
    expect(walked.some((f) => f.split(" ")[1] === "true")).toBe(true);
    expect(walked.some((f) => f.split(" ")[3] === "true")).toBe(true);
  });
});
