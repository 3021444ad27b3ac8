// extract/widgets.ts: what a form's fields show is read into the page, on its label's row
// (issue 9: form pages' widget values; fixtures/real/form-qpdf-*.pdf, qpdf's test forms).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

async function markdown(file: string): Promise<string> {
  const bytes = readFileSync(path.join(import.meta.dirname, "../../fixtures/real", file));
  return (await convertDocument(openInProcess, { bytes, options: { ...defaultRenderOptions } })).markdown;
}

function inOrder(md: string, parts: string[]): void {
  const at = parts.map((p) => md.indexOf(p));
  expect(at.every((i) => i >= 0), `all of ${JSON.stringify(parts)} in ${JSON.stringify(md)}`).toBe(true);
  expect(at, `order of ${JSON.stringify(parts)}`).toEqual(at.slice().sort((a, b) => a - b));
}

describe("widget values", () => {
  it("reads a filled text field's value after its label", async () => {
    inOrder(await markdown("form-qpdf-filled.pdf"), ["Text Field", "abc potato", "Other stuff."]);
  });

  it("reads a text field's value and a list box's options, each after its label", async () => {
    const md = await markdown("form-qpdf-field-types.pdf");
    inOrder(md, ["Potato", "salad", "List", "five six seven eight", "Combo as list"]);
  });

  it("adds nothing where a field is empty", async () => {
    const md = await markdown("form-qpdf-field-types.pdf");
    expect(md).toMatch(/Dropdown\s+Combo as dropdown\s*$/);
  });
});
