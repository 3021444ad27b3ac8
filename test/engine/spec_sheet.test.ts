// SPEC.md §Output (lists as Markdown lists, tables as GFM tables); issue 9 deliverable 3 ("vector
// bullets: small filled paths left of an indented line"). Chromium's print of a product data
// sheet (fixtures/excerpts/chromium-spec-sheet.pdf): a bulleted list in two CSS columns 30 px
// apart, whose bullets had been refused as a form's row of choices (vector_bullets.ts
// columnLineBefore), and a table of specifications with group rows. svc-md-1.1.38.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("Chromium's print of a data sheet (fixtures/excerpts/chromium-spec-sheet.pdf)", () => {
  const convert = () => excerptMarkdown("chromium-spec-sheet.pdf");

  it("reads the two columns of bullets as one list, left column first, each wrapped item whole", async () => {
    expect(await convert()).toContain(
      [
        "- 640 × 512 uncooled microbolometer, 12 µm pixel pitch",
        "- Radiometric output at 30 Hz over GigE Vision",
        "- Temperature range −20 °C to +550 °C in two gain modes",
        "- IP67 housing with germanium window",
        "- Power over Ethernet (IEEE 802.3at)",
        "- On-board alarms with two digital outputs",
      ].join("\n"),
    );
  });

  it("keeps the specifications one table with its group rows in bold", async () => {
    const md = await convert();
    expect(md).toContain("| Thermal sensitivity (NETD) | < 40 mK at 30 °C |");
    expect(md).toContain("| **Electrical and environmental** |  |");
    expect(md).toContain("| Focus | Motorised, with autofocus on a region of interest set over the network |");
  });
});
