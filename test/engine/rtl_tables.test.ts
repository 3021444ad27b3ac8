// Right-to-left tables and numbers (docs/engine.md "Right-to-left scripts", "Aligned tables";
// SPEC.md §Output: Markdown in reading order). An Arabic invoice printed by Chromium
// (fixtures/real/gen-rtl-invoice-p1.pdf, svc-md-1.1.18): its amounts stand in the table's left
// column, "370.00" shaped like a section number; its header cells are set flush right over
// figures set flush left, in the gaps after their columns; its invoice number is drawn part by
// part right to left.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

const invoice = () => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-rtl-invoice-p1.pdf")));

const vowelled = () => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-rtl-vowels-p1.pdf")));

async function markdownOf(bytes: Uint8Array): Promise<string> {
  const result = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
  return result.markdown;
}

describe("an Arabic invoice's items table (svc-md-1.1.18)", () => {
  it("is a table read from the right, its first cells the items, not a list of amounts", async () => {
    const md = await markdownOf(invoice());
    expect(md).toContain("| ورق طباعة A4 | 20 | 18.50 | 370.00 |");
    expect(md).toContain("| ملفات بلاستيكية | 50 | 2.40 | 120.00 |");
  });

  it("takes the header cells set flush right in the gaps after their figures' columns as its header row", async () => {
    const md = await markdownOf(invoice());
    expect(md).toContain("| البند | الكمية | سعر الوحدة | المجموع |\n| --- | --- | --- | --- |\n| ورق طباعة A4 |");
  });

  it("writes the invoice number and the phone number in writing order", async () => {
    const md = await markdownOf(invoice());
    expect(md).toContain("# فاتورة رقم 2026-118");
    expect(md).toContain("الهاتف 011-555-0199.");
  });
});

// docs/engine.md "Right-to-left scripts" (svc-md-1.1.19).
describe("the same invoice with vowel marks (svc-md-1.1.19)", () => {
  it("keeps each marked letter in its word, and drops the space MuPDF made up for a letter without a box", async () => {
    const md = await markdownOf(vowelled());
    expect(md).toContain("1. يُدفع المبلغ خلال ثلاثين يومًا من تاريخ الفاتورة.");
    expect(md).toContain("2. يُضاف رسم تأخير بنسبة 2% عن كل شهر.");
  });
});
