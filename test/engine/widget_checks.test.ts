// extract/widgets.ts widgetCheckLines: a check box's or radio button's state is written where
// it stands (☐, ☑ ticked, ☒ chosen), before its label, so a list of boxes reads as task items
// and a row of choices keeps its boxes inline. The tick is drawn by the widget's appearance,
// which MuPDF's page text does not hold: qpdf's field-types form, its second box ticked, read
// "Check Box 2" as its empty boxes did. The forms here are written by formPdf below: a page of
// Helvetica labels and AcroForm button widgets, each with an on and an Off appearance.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { pdfOfObjects } from "../support/documents.js";

interface Box {
  /** The field's name; a radio button gives its group's instead. */
  name?: string;
  group?: string;
  x: number;
  y: number;
  on: boolean;
  /** The on state's name (Yes by default; a radio button's own choice). */
  state?: string;
  /** The appearance state written: the on state or Off by `on` unless given; null writes none. */
  as?: string | null;
  /** Annotation flags (4, Print, by default; 2 Hidden, 32 NoView). */
  flags?: number;
}

const SIDE = 11;

/** A one-page AcroForm: labels (x, y from the foot, size, text) and button widgets. */
function formPdf(texts: Array<[number, number, number, string]>, boxes: Box[], radios: Record<string, string> = {}): Uint8Array {
  const objs: Array<string | null> = [];
  const add = (s: string | null) => objs.push(s);
  const catalog = add(null);
  const pages = add(null);
  const page = add(null);
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const content = texts.map(([x, y, s, t]) => `BT /F1 ${s} Tf ${x} ${y} Td (${t}) Tj ET`).join("\n") + "\n";
  const contents = add(`<< /Length ${content.length} >>\nstream\n${content}endstream`);
  const appearance = (body: string) => add(`<< /Type /XObject /Subtype /Form /BBox [0 0 ${SIDE} ${SIDE}] /Length ${body.length} >>\nstream\n${body}endstream`);
  const annots: number[] = [];
  const fields: number[] = [];
  const groups = new Map<string, { id: number; kids: number[] }>();
  for (const b of boxes) {
    const frame = `0 G 0.8 w 0.5 0.5 ${SIDE - 1} ${SIDE - 1} re S\n`;
    const onName = b.state ?? "Yes";
    const onAp = appearance(frame + `2 2 ${SIDE - 4} ${SIDE - 4} re f\n`);
    const offAp = appearance(frame);
    let parent = "";
    if (b.group) {
      if (!groups.has(b.group)) {
        const id = add(null);
        groups.set(b.group, { id, kids: [] });
        fields.push(id);
      }
      parent = ` /Parent ${groups.get(b.group)!.id} 0 R`;
    }
    const as = b.as === null ? "" : ` /AS /${b.as ?? (b.on ? onName : "Off")}`;
    const own = b.group ? "" : ` /FT /Btn /T (${b.name}) /V /${b.on ? onName : "Off"}`;
    const id = add(`<< /Type /Annot /Subtype /Widget /Rect [${b.x} ${b.y} ${b.x + SIDE} ${b.y + SIDE}] /F ${b.flags ?? 4}${own}${parent}${as} /AP << /N << /${onName} ${onAp} 0 R /Off ${offAp} 0 R >> >> /P ${page} 0 R >>`);
    annots.push(id);
    if (b.group) groups.get(b.group)!.kids.push(id);
    else fields.push(id);
  }
  for (const [name, g] of groups) objs[g.id - 1] = `<< /FT /Btn /Ff 49152 /T (${name}) /V /${radios[name] ?? "Off"} /Kids [${g.kids.map((k) => `${k} 0 R`).join(" ")}] >>`;
  const refs = (ids: number[]) => ids.map((i) => `${i} 0 R`).join(" ");
  objs[catalog - 1] = `<< /Type /Catalog /Pages ${pages} 0 R /AcroForm << /Fields [${refs(fields)}] >> >>`;
  objs[pages - 1] = `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`;
  objs[page - 1] = `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 400 300] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R /Annots [${refs(annots)}] >>`;
  // The catalog is object 1, as pdfOfObjects takes it.
  return pdfOfObjects(objs as string[]);
}

async function convert(bytes: Uint8Array): Promise<string> {
  return (await convertDocument(openInProcess, { bytes, options: { ...defaultRenderOptions } })).markdown;
}

async function realPage(file: string): Promise<string> {
  return convert(readFileSync(path.join(import.meta.dirname, "../../fixtures/real", file)));
}

const LIST: Array<[number, number, number, string]> = [
  [40, 270, 14, "Order form"],
  [62, 240, 11, "Milk"],
  [62, 222, 11, "Bread"],
  [62, 204, 11, "Cheese"],
];

describe("check box and radio button widgets", () => {
  it("writes a list of boxes as task items, the ticked ones [x]", async () => {
    const md = await convert(formPdf(LIST, [
      { name: "milk", x: 44, y: 238, on: true },
      { name: "bread", x: 44, y: 220, on: false },
      { name: "cheese", x: 44, y: 202, on: true },
    ]));
    expect(md).toContain("- [x] Milk\n- [ ] Bread\n- [x] Cheese");
  });

  it("keeps a row of choices inline, each box before its choice", async () => {
    const md = await convert(formPdf([[40, 170, 11, "Over 18?"], [110, 170, 11, "Yes"], [155, 170, 11, "No"]], [
      { name: "yes", x: 95, y: 168, on: false },
      { name: "no", x: 140, y: 168, on: true },
    ]));
    expect(md.trim()).toBe("Over 18? ☐ Yes ☑ No");
  });

  it("marks the chosen radio button of a group and leaves the others empty", async () => {
    const md = await convert(formPdf([[40, 140, 11, "Delivery"], [62, 120, 11, "Morning"], [62, 102, 11, "Evening"]], [
      { group: "when", x: 44, y: 118, state: "am", on: false },
      { group: "when", x: 44, y: 100, state: "pm", on: true },
    ], { when: "pm" }));
    expect(md).toContain("- [ ] Morning\n- [x] Evening");
  });

  it("writes a chosen radio button in a row ☒, the others ☐", async () => {
    const md = await convert(formPdf([[40, 170, 11, "Size:"], [90, 170, 11, "Small"], [139, 170, 11, "Large"]], [
      { group: "size", x: 75, y: 168, state: "s", on: false },
      { group: "size", x: 124, y: 168, state: "l", on: true },
    ], { size: "l" }));
    expect(md.trim()).toBe("Size: ☐ Small ☒ Large");
  });

  it("reads the appearance state a viewer draws, and the field's value only where there is none", async () => {
    const md = await convert(formPdf(LIST, [
      // Its value is on, but the appearance drawn is Off: a viewer shows it empty.
      { name: "milk", x: 44, y: 238, on: true, as: "Off" },
      // No appearance state: the value naming the on state ticks it.
      { name: "bread", x: 44, y: 220, on: true, as: null },
      { name: "cheese", x: 44, y: 202, on: false, as: null },
    ]));
    expect(md).toContain("- [ ] Milk\n- [x] Bread\n- [ ] Cheese");
  });

  it("writes a box with no label after it on its own, on its row", async () => {
    const md = await convert(formPdf([[40, 200, 11, "Terms"], [40, 170, 11, "I agree to the terms"]], [{ name: "agree", x: 134, y: 168, on: true }]));
    expect(md).toContain("I agree to the terms ☑");
  });

  it("adds nothing for a box a viewer does not draw (Hidden, NoView)", async () => {
    const md = await convert(formPdf(LIST, [
      { name: "milk", x: 44, y: 238, on: true, flags: 2 | 4 },
      { name: "bread", x: 44, y: 220, on: true, flags: 32 | 4 },
      { name: "cheese", x: 44, y: 202, on: true },
    ]));
    expect(md).not.toMatch(/[☐☑☒]|\[[ x]\] (Milk|Bread)/);
    expect(md).toContain("- [x] Cheese");
  });

  it("adds nothing where the page already has text inside the box (a form drawn into the page)", async () => {
    const md = await convert(formPdf([...LIST, [45, 240, 10, "X"]], [{ name: "milk", x: 44, y: 238, on: true }]));
    expect(md).not.toMatch(/[☐☑☒]|\[x\]/);
  });

  it("reads qpdf's field-types form: its second box ticked, each group's chosen button", async () => {
    const md = await realPage("form-qpdf-field-types.pdf");
    expect(md).toContain("- [x] r1-a\n- [ ] r1-b\n- [ ] r1-c");
    expect(md).toMatch(/- \[ \] Check Box\n- \[x\] Check Box 2\n- \[ \] Check Box/);
    expect(md).toContain("- [ ] Option Button\n- [x] Option Button 2\n- [ ] Option Button 3");
  });

  it("reads qpdf's form filled in Acrobat the same way", async () => {
    const md = await realPage("form-qpdf-filled.pdf");
    expect(md).toContain("- [x] r1-a\n- [ ] r1-b\n- [ ] r1-c");
    expect(md).toMatch(/- \[ \] Check Box\n- \[x\] Check Box 2\n- \[ \] Check Box/);
  });

  it("reads a Writer form's widgets (fixtures/real/gen-form-checks): LibreOffice names an on state its appearances lack", async () => {
    // Its ticked boxes' /AS is /Yes where /AP /N holds /on and /Off: drawn as on (MuPDF draws the tick).
    const md = await realPage("gen-form-checks.pdf");
    expect(md).toContain("- [x] Tea with milk\n- [ ] Coffee, black\n- [x] Orange juice");
    expect(md).toContain("- [ ] Small\n- [x] Medium\n- [ ] Large");
    expect(md).toContain("Over 18? ☐ Yes ☑ No");
  });
});
