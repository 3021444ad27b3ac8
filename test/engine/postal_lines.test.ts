// layout/postal_lines.ts: an address's street and town lines end the line above them where the
// author did, in a narrow block whose lines leave too little room to tell (SPEC.md §Output:
// "line breaks inside a paragraph are kept where the author set them"; issue 9: a reader would
// accept the Markdown as a faithful copy). svc-md-1.1.38.
import { describe, expect, it } from "vitest";
import { endsAddress, isStreetLine, isTownLine } from "../../src/engine/layout/postal_lines.js";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("isTownLine, isStreetLine", () => {
  it("knows a postcode after or before the town, and a street with its number", () => {
    for (const town of ["Leeds LS1 2NE", "Norwich NR2 2HE", "Manchester M1 3HE", "Bristol BS11 9YA", "Austin, TX 78701", "20457 Hamburg", "5013 Bergen, Norway", "1012 AB Amsterdam", "D-80331 München"]) expect(isTownLine(town)).toBe(true);
    for (const street of ["12 Park Square East", "22 Elm Grove", "Hafenstraße 12", "Strandgata 5", "PO Box 220", "Postfach 1123"]) expect(isStreetLine(street)).toBe(true);
  });

  it("takes no line of prose, heading or figure for one", () => {
    for (const text of ["In 2022 the department began replacing", "2 Matters arising", "Table 3", "Chapter 12", "1.5 Results", "The city used 1.92 million cubic metres of water in 2021", "Section 4 Budget", "12 participants took part in the study"]) {
      expect(isTownLine(text)).toBe(false);
    }
    expect(isStreetLine("The results of the 2025 survey")).toBe(false);
    expect(isStreetLine("Revenue is planned at 4.2 million")).toBe(false);
    // A street line ends an address only over a town line.
    expect(endsAddress(["Hollins & Webb Architects", "12 Park Square East", "Leeds LS1 2NE"], 1)).toBe(true);
    expect(endsAddress(["The survey covered", "12 Park Square East", "and its gardens"], 1)).toBe(false);
  });
});

describe("addresses in a narrow block keep their lines", () => {
  const convert = excerptMarkdown;

  it("LibreOffice Writer's invoice: the client's address under 'Invoice to:' (before: one line)", async () => {
    expect(await convert("writer-invoice-address.pdf")).toContain("Hollins & Webb Architects\\\n12 Park Square East\\\nLeeds LS1 2NE");
  });

  it("Chromium's bank statement: the account holder's address in its box (before: one line)", async () => {
    expect(await convert("chromium-statement.pdf")).toContain("Ms Priya Raman\\\n22 Elm Grove\\\nNorwich NR2 2HE");
  });
});
