// layout_kernel.ts: the compiled kernels (native addon, WebAssembly) must order every box
// set exactly as reading_order.ts's TypeScript reference: random and degenerate boxes
// (fast-check), the corpus pages of ../shared/pdfs, and whole-engine output. A kernel that
// is not built here is skipped, and the skip names the artifact and the command.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import {
  type CompiledLayoutKernel,
  decodeGroups,
  layoutKernelName,
  LayoutKernelUnavailable,
  loadNativeKernel,
  loadWasmKernel,
  resetLayoutKernel,
} from "../../src/engine/layout/kernel.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { type Box, orderForReading, orderForReadingTs, type OrderedGroup } from "../../src/engine/layout/reading_order.js";
import { type ConversionResult, defaultRenderOptions } from "../../src/engine/result.js";
import { detectTables } from "../../src/engine/tables/detect.js";
import { corpus } from "../support/corpus.js";

interface Item extends Box {
  id: number;
}

function tryLoad(load: () => CompiledLayoutKernel): { kernel: CompiledLayoutKernel | null; reason: string } {
  try {
    return { kernel: load(), reason: "" };
  } catch (err) {
    return { kernel: null, reason: err instanceof Error ? err.message : String(err) };
  }
}

const compiled = [
  { name: "native", ...tryLoad(loadNativeKernel) },
  { name: "wasm", ...tryLoad(loadWasmKernel) },
];
const available = compiled.flatMap((c) => (c.kernel ? [c.kernel] : []));

/** Groups as ids and column counts: what must be identical between kernels. */
function shape(groups: OrderedGroup<Item>[]): { ids: number[]; columns: number }[] {
  return groups.map((g) => ({ ids: g.items.map((it) => it.id), columns: g.columns }));
}

function ordered(kernel: CompiledLayoutKernel, items: Item[]): { ids: number[]; columns: number }[] | "declined" {
  const encoded = kernel.orderEncoded(items);
  return encoded ? shape(decodeGroups(items, encoded)) : "declined";
}

function withIds(boxes: readonly Box[]): Item[] {
  return boxes.map((b, id) => ({ id, x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 }));
}

// ── Arbitraries ────────────────────────────────────────────────────────────────────────
const EXTREMES = [0, -0, 5e-324, -5e-324, 1e300, -1e300, Number.MAX_VALUE, -Number.MAX_VALUE];
const coordinate = fc.oneof(
  fc.integer({ min: 0, max: 612 }), // a grid: many ties and identical boxes
  fc.double({ min: -1000, max: 1000, noNaN: true }),
  fc.constantFrom(...EXTREMES),
);
const width = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600 }), fc.double({ min: 0, max: 1e6, noNaN: true }));
const anyBox = fc.oneof(
  // x1 = x0 + width: zero-width boxes included, and MAX_VALUE + width overflows (declined)
  fc.tuple(coordinate, coordinate, width, width).map(([x0, y0, w, h]) => ({ x0, y0, x1: x0 + w, y1: y0 + h })),
  // independent corners, inverted boxes included
  fc.tuple(coordinate, coordinate, coordinate, coordinate).map(([x0, y0, x1, y1]) => ({ x0, y0, x1, y1 })),
);
/** Random boxes with some exact duplicates. */
const randomBoxes = fc
  .tuple(fc.array(anyBox, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 20 }))
  .map(([boxes, dupes]) => (boxes.length === 0 ? boxes : [...boxes, ...dupes.map((d) => ({ ...boxes[d % boxes.length] }))]));

/**
 * Many boxes sharing a top-left corner: only a stable sort keeps their input order (small
 * runs are insertion-sorted even by unstable sorts, so the sets are large).
 */
const tiedBoxes = fc.array(
  fc.record({ x0: fc.constantFrom(72, 312), y0: fc.constantFrom(100, 114, 128), w: fc.integer({ min: 0, max: 228 }), h: fc.integer({ min: 0, max: 12 }) }),
  { minLength: 20, maxLength: 300 },
).map((boxes) => boxes.map(({ x0, y0, w, h }) => ({ x0, y0, x1: x0 + w, y1: y0 + h })));

/**
 * Pages of 1–3 columns with ragged lines, spanning lines and noise, in shuffled order;
 * some scaled or moved far out, where the tolerances (1 pt, 6 pt) vanish in rounding.
 */
const columnPage = fc
  .record({
    columns: fc.integer({ min: 1, max: 3 }),
    linesPerColumn: fc.integer({ min: 2, max: 16 }),
    gutter: fc.integer({ min: 2, max: 24 }),
    spanning: fc.array(fc.record({ y: fc.integer({ min: 60, max: 400 }), x0: fc.integer({ min: 60, max: 300 }), x1: fc.integer({ min: 250, max: 560 }) }), { maxLength: 4 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 2 }),
    jitter: fc.constantFrom(0, 0.5, 3),
    scale: fc.constantFrom(1, 1, 1, 1e-6, 1e6, 1e300),
    offset: fc.constantFrom(0, 0, 0, -1e15, 1e300),
  })
  .map(({ columns, linesPerColumn, gutter, spanning, seed, jitter, scale, offset }) => {
    let s = seed;
    const rnd = () => (s = (s * 48271) % 2147483647) / 2147483647;
    const colWidth = (468 - gutter * (columns - 1)) / columns;
    const boxes: Box[] = [];
    for (let c = 0; c < columns; c++) {
      const left = 72 + c * (colWidth + gutter);
      for (let i = 0; i < linesPerColumn; i++) {
        const y0 = 100 + i * 14 + (rnd() - 0.5) * jitter;
        const right = rnd() < 0.25 ? left + colWidth * rnd() : left + colWidth; // ragged last lines
        boxes.push({ x0: left + (rnd() - 0.5) * jitter, y0, x1: right, y1: y0 + 10 });
      }
    }
    for (const sp of spanning) boxes.push({ x0: sp.x0, y0: sp.y, x1: sp.x1, y1: sp.y + 12 });
    for (let i = boxes.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [boxes[i], boxes[j]] = [boxes[j], boxes[i]];
    }
    const t = (v: number) => v * scale + offset;
    return boxes.map((b) => ({ x0: t(b.x0), y0: t(b.y0), x1: t(b.x1), y1: t(b.y1) }));
  });

/**
 * Pages with a few short items at one side, each near the level of a line on the other side
 * (a mail thread's dates on their senders' lines), full-width lines between the rows: each
 * of the rows' ends tests (count, width, spacing, level, a paragraph's start) falls either way.
 */
const rowEndsPage = fc
  .record({
    rows: fc.integer({ min: 1, max: 9 }),
    linesBetween: fc.integer({ min: 0, max: 4 }),
    rowGap: fc.constantFrom(0, 2, 6, 12),
    endWidth: fc.constantFrom(60, 120, 180, 200),
    endsLeft: fc.boolean(),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 2 }),
    jitter: fc.constantFrom(0, 1, 3, 8),
  })
  .map(({ rows, linesBetween, rowGap, endWidth, endsLeft, seed, jitter }) => {
    let s = seed;
    const rnd = () => (s = (s * 48271) % 2147483647) / 2147483647;
    const boxes: Box[] = [];
    let y = 100;
    for (let r = 0; r < rows; r++) {
      y += rowGap;
      const lineX = endsLeft ? [300, 300 + 120 + rnd() * 120] : [72, 72 + 120 + rnd() * 120];
      boxes.push({ x0: lineX[0], y0: y, x1: lineX[1], y1: y + 11 });
      const endY = y + (rnd() - 0.5) * jitter;
      const endX = endsLeft ? 72 : 540 - endWidth;
      boxes.push({ x0: endX, y0: endY, x1: endX + endWidth, y1: endY + 11 });
      y += 13;
      for (let i = 0; i < linesBetween; i++, y += 12) boxes.push({ x0: 72, y0: y, x1: rnd() < 0.5 ? 540 : 72 + rnd() * 200, y1: y + 11 });
    }
    for (let i = boxes.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [boxes[i], boxes[j]] = [boxes[j], boxes[i]];
    }
    return boxes;
  });

// ── Properties ─────────────────────────────────────────────────────────────────────────
for (const { name, kernel, reason } of compiled) {
  describe.skipIf(!kernel)(`${name} kernel agrees with the TypeScript reference${kernel ? "" : ` (skipped: ${reason})`}`, () => {
    const k = kernel!;
    const agrees = (boxes: Box[]) => {
      const items = withIds(boxes);
      const got = ordered(k, items);
      const finite = items.every((b) => [b.x0, b.y0, b.x1, b.y1].every(Number.isFinite));
      // A kernel declines exactly the inputs with a non-finite coordinate (the TS path runs).
      if (got === "declined") expect(finite).toBe(false);
      else expect(got).toEqual(shape(orderForReadingTs(items)));
    };

    it("on random boxes: degenerate, identical, inverted and huge", () => {
      fc.assert(fc.property(randomBoxes, agrees), { numRuns: 1500 });
    });

    it("on large sets of boxes with tied top-left corners (sort stability)", () => {
      fc.assert(fc.property(tiedBoxes, agrees), { numRuns: 300 });
    });

    it("on one-, two- and three-column pages with spanning lines", () => {
      fc.assert(fc.property(columnPage, agrees), { numRuns: 1500 });
    });

    it("on pages with a few short items at one side level with lines of the other (rows' ends)", () => {
      fc.assert(fc.property(rowEndsPage, agrees), { numRuns: 1500 });
    });

    it("on no boxes, and on boxes with NaN or infinite coordinates (declined: the reference runs)", () => {
      expect(ordered(k, [])).toEqual([]);
      expect(ordered(k, withIds([{ x0: 0, y0: NaN, x1: 1, y1: 1 }]))).toBe("declined");
      expect(ordered(k, withIds([{ x0: -Infinity, y0: 0, x1: 1, y1: 1 }]))).toBe("declined");
    });
  });
}

// ── Selection ──────────────────────────────────────────────────────────────────────────
describe("kernel selection (SVC_LAYOUT_KERNEL)", () => {
  const saved = process.env.SVC_LAYOUT_KERNEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SVC_LAYOUT_KERNEL;
    else process.env.SVC_LAYOUT_KERNEL = saved;
    resetLayoutKernel();
  });

  it("forces the TypeScript kernel with ts", () => {
    process.env.SVC_LAYOUT_KERNEL = "ts";
    resetLayoutKernel();
    expect(layoutKernelName()).toBe("ts");
  });

  for (const { name, kernel, reason } of compiled) {
    it(`forces the ${name} kernel, or fails loudly when it is not built`, () => {
      process.env.SVC_LAYOUT_KERNEL = name;
      resetLayoutKernel();
      if (kernel) expect(layoutKernelName()).toBe(name);
      else expect(() => layoutKernelName()).toThrow(`SVC_LAYOUT_KERNEL=${name}, but the ${name} layout kernel cannot load: ${reason}`);
    });

    it.skipIf(!kernel)(`falls back to the reference for non-finite input under ${name}`, () => {
      process.env.SVC_LAYOUT_KERNEL = name;
      resetLayoutKernel();
      const items = withIds([
        { x0: 72, y0: 110, x1: 540, y1: 120 },
        { x0: 72, y0: NaN, x1: 540, y1: 110 },
        { x0: 72, y0: 100, x1: 540, y1: 110 },
      ]);
      expect(shape(orderForReading(items))).toEqual(shape(orderForReadingTs(items)));
    });
  }

  it("refuses an unknown kernel name", () => {
    process.env.SVC_LAYOUT_KERNEL = "gpu";
    resetLayoutKernel();
    expect(() => layoutKernelName()).toThrow(LayoutKernelUnavailable);
  });
});

// ── Corpus ─────────────────────────────────────────────────────────────────────────────
/** Pages per corpus file compared: enough variety, and the suite stays fast. */
const CORPUS_PAGES_PER_FILE_MAX = 20;

/** Each page's flow items as markdown.ts builds them: tidied lines outside tables, and tables. */
function corpusPages(): { page: string; boxes: Box[] }[] {
  const pages: { page: string; boxes: Box[] }[] = [];
  for (const file of corpus.files()) {
    let opened: ReturnType<typeof openDocument>;
    try {
      opened = openDocument(readFileSync(file.path), file.passwords[0]);
    } catch {
      continue; // damaged or encrypted: nothing to order
    }
    try {
      for (let p = 0; p < Math.min(opened.pageCount, CORPUS_PAGES_PER_FILE_MAX); p++) {
        try {
          const model = extractPageMupdf(opened.doc, p);
          const { tables, rest } = detectTables(prepareLines(model.lines), model.rules, model);
          pages.push({ page: `${file.file}#${p + 1}`, boxes: [...rest, ...tables] });
        } catch {
          // a page MuPDF cannot read goes to pdf.js in the engine; not this test's concern
        }
      }
    } finally {
      opened.doc.destroy();
    }
  }
  return pages;
}

describe.skipIf(!corpus.available)(`the corpus (../shared/pdfs, first ${CORPUS_PAGES_PER_FILE_MAX} pages of each file)`, () => {
  let pages: { page: string; boxes: Box[] }[] = [];
  beforeAll(() => {
    pages = corpusPages();
  }, 240_000);

  it("has pages with columns to compare", () => {
    expect(pages.length).toBeGreaterThan(200);
    const multiColumn = pages.filter((p) => orderForReadingTs(p.boxes).some((g) => g.columns > 1));
    expect(multiColumn.length).toBeGreaterThanOrEqual(10);
  });

  for (const { name, kernel, reason } of compiled) {
    it.skipIf(!kernel)(`the ${name} kernel orders every page as the reference${kernel ? "" : ` (skipped: ${reason})`}`, () => {
      const differing = pages.filter((p) => {
        const items = withIds(p.boxes);
        return JSON.stringify(ordered(kernel!, items)) !== JSON.stringify(shape(orderForReadingTs(items)));
      });
      expect(differing.map((p) => p.page)).toEqual([]);
    });
  }
});

// ── Whole engine ───────────────────────────────────────────────────────────────────────
const ENGINE_FILES = [
  path.resolve(import.meta.dirname, "../../fixtures/pdf/two-column.pdf"),
  path.resolve(import.meta.dirname, "../../fixtures/pdf/running-headers.pdf"),
  path.resolve(import.meta.dirname, "../../fixtures/pdf/table-ruled.pdf"),
  path.resolve(import.meta.dirname, "../../fixtures/pdf/lists-nested.pdf"),
  corpus.path("pdf.js/tracemonkey.pdf"),
];

function output(result: ConversionResult) {
  const { timings_ms: _timings, ...rest } = result;
  return rest;
}

describe("engine output does not depend on the kernel", () => {
  const saved = process.env.SVC_LAYOUT_KERNEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SVC_LAYOUT_KERNEL;
    else process.env.SVC_LAYOUT_KERNEL = saved;
    resetLayoutKernel();
  });

  async function convertWith(kernel: string | undefined, file: string): Promise<ConversionResult> {
    if (kernel === undefined) delete process.env.SVC_LAYOUT_KERNEL;
    else process.env.SVC_LAYOUT_KERNEL = kernel;
    resetLayoutKernel();
    const result = await convertDocument(openInProcess, { bytes: new Uint8Array(readFileSync(file)), options: defaultRenderOptions });
    if (kernel) expect(layoutKernelName()).toBe(kernel);
    return result;
  }

  const files = ENGINE_FILES.filter((f) => !f.startsWith(corpus.dir) || corpus.available);
  for (const file of files) {
    it(`${path.basename(file)}: identical under SVC_LAYOUT_KERNEL=ts, the default and every built kernel`, async () => {
      const reference = await convertWith("ts", file);
      expect(reference.markdown.length).toBeGreaterThan(0);
      for (const kernel of [undefined, ...available.map((k) => k.name)]) {
        const other = await convertWith(kernel, file);
        expect(other.markdown === reference.markdown, `markdown under ${kernel ?? "the default"}`).toBe(true);
        expect(output(other)).toEqual(output(reference));
      }
    });
  }
});
