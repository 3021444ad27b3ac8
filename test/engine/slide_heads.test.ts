// A slide's headline stacked past the top band is furniture (layout/slide_heads.ts
// slideHeadStack): URbeamer's headline prints the author over the institute at its right,
// "Marei Peischl" at 6 pt over "LATEX-Kurse und Support" at 5 pt, the second line ending
// 12.7 % down the slide, past the 10 % band furniture.ts reads. Converted alone, each of the
// deck's slides had begun with the two lines in bold. docs/engine.md, "Slide bands".
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { plain, slidePage, type SlideLine } from "../support/slide_pages.js";

const WIDTH = 453.5;
const HEIGHT = 255.1;
const AUTHOR: SlideLine = { pieces: [{ text: "Marei Peischl", bold: true }], size: 6, x: 257.2, y: 23 };
const INSTITUTE: SlideLine = { pieces: [{ text: "LaTeX-Kurse und Support", bold: true }], size: 5, x: 257.2, y: 29.5 };
const TITLE: SlideLine = { pieces: [{ text: "Key-Value-Struktur", bold: true }], size: 12, x: 18.3, y: 48 };
const BODY = [
  plain("Die Optionsverarbeitung wurde auf eine Key-Value-Struktur umgestellt.", 10.9, 18.3, 116),
  plain("Das bedeutet, dass alle Optionen nun als Schluessel=Wert gehen.", 10.9, 18.3, 129.5),
];

describe("a slide's headline stacked past the top band (slide_heads.ts)", () => {
  it("strips the author and institute over the frame's title", async () => {
    const md = await markdownOf(slidePage([AUTHOR, INSTITUTE, TITLE, ...BODY], [], WIDTH, HEIGHT));
    expect(md).not.toContain("Marei Peischl");
    expect(md).not.toContain("Kurse und Support");
    expect(md).toContain("Key-Value-Struktur");
  });

  it("guard: keeps a frame's subtitle under its title, set a step under the text", async () => {
    const md = await markdownOf(slidePage([{ pieces: [{ text: "Lorem ipsum", bold: true }], size: 14.3, x: 8.5, y: 21 }, plain("Sed commodo posuere pede", 8, 8.5, 34), ...BODY], [], WIDTH, HEIGHT));
    expect(md).toContain("Sed commodo posuere pede");
  });

  it("guard: keeps the lines on a portrait page", async () => {
    const md = await markdownOf(slidePage([AUTHOR, { ...INSTITUTE, y: 34 }, TITLE, ...BODY], [], 340, 300));
    expect(md).toContain("Marei Peischl");
  });
});
