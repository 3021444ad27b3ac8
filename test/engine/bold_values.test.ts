// bold_values.ts: a label in the text's weight with its bold value after it, on synthetic lines.
import { describe, expect, it } from "vitest";
import { isLabelWithBoldValue } from "../../src/engine/layout/bold_values.js";
import { line } from "../support/layout.js";

describe("isLabelWithBoldValue (a label and its bold value: 'Invoice no. **INV-2026-0418**')", () => {
  it("reads a label in the text's weight ending in a bold value as one", () => {
    expect(isLabelWithBoldValue(line([{ text: "Invoice no. " }, { text: "INV-2026-0418", bold: true }]))).toBe(true);
    expect(isLabelWithBoldValue(line([{ text: "Receipt no. " }, { text: "RCPT-2026-000917", bold: true }]))).toBe(true);
  });

  it("leaves a heading's number before its bold title, a bold lead-in, a line bold throughout and one in one weight alone", () => {
    expect(isLabelWithBoldValue(line([{ text: "1.2 " }, { text: "Results and discussion", bold: true }]))).toBe(false);
    expect(isLabelWithBoldValue(line([{ text: "Email: ", bold: true }, { text: "ana@example.org" }]))).toBe(false);
    expect(isLabelWithBoldValue(line([{ text: "Payment terms", bold: true }]))).toBe(false);
    expect(isLabelWithBoldValue(line([{ text: "Date: 12 March 2026" }]))).toBe(false);
    expect(isLabelWithBoldValue(line([{ text: "Total " }, { text: "£1,972.20", bold: true }, { text: " due" }]))).toBe(false);
  });
});
