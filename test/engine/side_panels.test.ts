// A side column of short lines, shaded or a menu, is a column of the page (layout/
// side_panels.ts, svc-md-1.1.14): SPEC.md §Output, Markdown in reading order; docs/engine.md
// §Decisions, "A side column of short lines".
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { orderForReadingTs } from "../../src/engine/layout/reading_order.js";
import { breakMenuEntries, findSidePanel, orderWithSidePanel } from "../../src/engine/layout/side_panels.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { detectTables } from "../../src/engine/tables/detect.js";
import { line } from "../support/layout.js";

const PAGE = { width: 612, height: 792 };
const MENU_STATS: DocumentStats = { body: { size: 10.5, bold: false }, headings: [], running: new Set() };
const fill = (x0: number, y0: number, x1: number, y1: number): Rule => ({ x0, y0, x1, y1, kind: "fill" });

/** A CV's page: short lines on a grey band at the left, a text column beside it. */
function cvPage(): { panel: Line[]; main: Line[]; rules: Rule[] } {
  const panel = ["Contact", "Storgatan 12", "411 38 Göteborg", "Skills", "Python, SQL", "Airflow"].map((t, k) => line(t, { x: 40, y: 50 + 14 * k }));
  const main = [
    "Data engineer with nine years of experience building pipelines",
    "for logistics and retail, small teams and clear contracts between",
    "systems, with measurable results for each of them over the years.",
    "Experience",
    "Lead Data Engineer at Nordfrakt AB in Göteborg, since 2021.",
  ].map((t, k) => line(t, { x: 230, y: 50 + 14 * k }));
  return { panel, main, rules: [fill(28, 28, 215, 328)] };
}

const texts = (groups: { items: Line[] }[]) => groups.flatMap((g) => g.items.map(lineText));

describe("a shaded side panel", () => {
  it("is read as a column, before the text beside it", () => {
    const { panel, main, rules } = cvPage();
    const items = [...panel, ...main];
    const found = findSidePanel(items, rules, PAGE);
    expect(found).not.toBeNull();
    const order = texts(orderWithSidePanel(items, found, orderForReadingTs));
    expect(order).toEqual([...panel, ...main].map(lineText));
    // Without the shading the panel's short lines make no text column: row by row.
    expect(texts(orderForReadingTs(items)).slice(0, 2)).toEqual(["Contact", main[0].spans[0].text]);
  });

  it("is read after the text when it stands at the right", () => {
    const panel = ["Key figures", "Revenue 12.4", "Staff 310", "Sites 4", "Stores 22"].map((t, k) => line(t, { x: 420, y: 50 + 14 * k }));
    const main = ["The year in brief: revenue grew on every site", "and the staff grew with it, on all four sites", "of the group, the new one in Borås included,", "and so did the stores, from eighteen to", "twenty-two over the year."].map((t, k) => line(t, { x: 60, y: 50 + 14 * k }));
    const items = [...panel, ...main];
    const found = findSidePanel(items, [fill(410, 40, 580, 200)], PAGE);
    expect(texts(orderWithSidePanel(items, found, orderForReadingTs))).toEqual([...main, ...panel].map(lineText));
  });

  it("is looked for among the first 64 fills of a panel's size only (a map's thousand shapes are walked once each at most)", () => {
    const { panel, main, rules } = cvPage();
    const decoys = (n: number) => Array.from({ length: n }, (_, k) => fill(300 + (k % 8) * 30, 500 + Math.floor(k / 8) * 30, 326 + (k % 8) * 30, 526 + Math.floor(k / 8) * 30));
    expect(findSidePanel([...panel, ...main], [...decoys(63), ...rules], PAGE)).not.toBeNull();
    expect(findSidePanel([...panel, ...main], [...decoys(64), ...rules], PAGE)).toBeNull();
  });

  it("is no side panel when it holds a few lines only (a table's shaded header cell)", () => {
    const cell = ["Persons", "tested", "for HIV"].map((t, k) => line(t, { x: 500, y: 300 + 10 * k }));
    const others = ["State", "Date", "Halt", "Halt days", "Persons trained", "counseled"].map((t, k) => line(t, { x: 60 + 70 * k, y: 305 }));
    expect(findSidePanel([...cell, ...others], [fill(490, 296, 560, 334)], PAGE)).toBeNull();
  });

  it("is no side panel when the text beside it runs on above and below (a box in a column)", () => {
    const box = ["Note", "Back up first.", "Then upgrade.", "Check the logs."].map((t, k) => line(t, { x: 330, y: 300 + 14 * k }));
    const column = Array.from({ length: 30 }, (_, k) => line(`Line ${k} of the left column's running text here`, { x: 60, y: 200 + 12 * k }));
    expect(findSidePanel([...box, ...column], [fill(320, 290, 560, 360)], PAGE)).toBeNull();
  });

  it("is searched for tables apart: its rows and the text's make no table (tables/detect.ts parts)", () => {
    const { panel, main, rules } = cvPage();
    const lines = [...panel, ...main];
    // Read as one page, the panel's lines beside the column's line up as two columns.
    const found = findSidePanel(lines, rules, PAGE)!;
    const inside = lines.filter((l) => l.x0 < 215);
    const apart = detectTables(lines, rules, PAGE, [inside, lines.filter((l) => !inside.includes(l))]);
    expect(apart.tables).toEqual([]);
    expect(found.left).toBe(true);
  });
});

describe("aligned rows split by a shaded panel (tables/aligned_detector.ts)", () => {
  it("make no table where the panel holds more text above or below them", () => {
    // The page's first rows: the panel's address beside the name and a short profile.
    const panel = ["Contact", "Storgatan 12", "411 38 Göteborg", "+46 31 555 0192", "Skills", "Python, SQL", "Airflow"].map((t, k) => line(t, { x: 40, y: 50 + 14 * k }));
    const main = ["Maria Lindqvist", "Data engineer, nine years of pipelines", "for logistics and retail teams", "between systems, with results."].map((t, k) => line(t, { x: 230, y: 50 + 14 * k }));
    const rules = [fill(28, 28, 215, 328)];
    const lines = [...panel, ...main];
    expect(detectTables(lines, rules, PAGE).tables).toEqual([]);
    // The same rows with no shading read as two columns of a table.
    expect(detectTables(lines, [], PAGE).tables).toHaveLength(1);
  });

  it("leave a table whose label column is shaded a table", () => {
    const labels = ["Revenue", "Staff", "Sites", "Stores"].map((t, k) => line(t, { x: 60, y: 100 + 14 * k }));
    const values = ["12.4", "310", "4", "22"].map((t, k) => line(t, { x: 200, y: 100 + 14 * k }));
    expect(detectTables([...labels, ...values], [fill(55, 98, 150, 156)], PAGE).tables).toHaveLength(1);
  });
});

describe("a menu down the page's left side (a documentation site printed from the browser)", () => {
  // Short entries at their own leading (13 pt), the text beside them at 11 pt from the same top.
  const menu = () => ["Getting started", "Installation", "Agents", "Pipelines", "Dead letters", "Metrics"].map((t, k) => line(t, { x: 40, y: 63 + 12.7 * k, size: 9 }));
  const text = () =>
    [
      "Every pipeline stage can retry a failed delivery, with backoff",
      "and jitter, so that a recovering destination is not flooded by",
      "every agent at once; the delay doubles with each try until it",
      "reaches the stage's upper bound, which the operator can set too.",
      "Changes take effect when the agent reloads its configuration.",
      "No restart is needed for any of them, on any of the agents.",
      "The options are the same for every kind of stage and output.",
    ].map((t, k) => line(t, { x: 195, y: 61 + 11.2 * k }));

  it("is read whole before the text beside it, an entry a line", () => {
    const items = [...menu(), ...text()];
    const found = findSidePanel(items, [], PAGE);
    expect(found?.kind).toBe("menu");
    expect(texts(orderWithSidePanel(items, found, orderForReadingTs)).slice(0, 6)).toEqual(menu().map(lineText));
    breakMenuEntries(items, found);
    expect(items.slice(0, 5).every((l) => l.breakAfter === true)).toBe(true);
    expect(items[6].breakAfter).toBeUndefined();
  });

  it("is no menu when most of its lines end at one x: a narrow column of justified text (a newsletter's first of three columns; svc-md-1.1.21)", () => {
    // Lines of one width, at a leading of their own (paragraph gaps set the columns' rows apart).
    const column = Array.from({ length: 6 }, (_, k) => {
      const l = line("weeks basin harbour said the", { x: 40, y: 63 + 12.7 * k, size: 9 });
      l.x1 = l.spans[0].x1 = 150;
      return l;
    });
    expect(findSidePanel([...column, ...text()], [], PAGE)).toBeNull();
    // Its last line short, the rest still end together.
    column[5].x1 = column[5].spans[0].x1 = 90;
    expect(findSidePanel([...column, ...text()], [], PAGE)).toBeNull();
  });

  it("is no menu when its lines share the text's rows (a form's labels beside their values)", () => {
    const labels = menu().map((l, k) => line(lineText(l), { x: 40, y: 61 + 11.2 * k, size: 10 }));
    expect(findSidePanel([...labels, ...text()], [], PAGE)).toBeNull();
  });

  it("is no menu when the text beside it starts far above it (a list halfway down a column)", () => {
    const above = Array.from({ length: 10 }, (_, k) => line(`Right column line ${k} of a paper, set at its leading`, { x: 195, y: 20 + 11.2 * k }));
    const lower = menu().map((l) => ({ ...l, y0: l.y0 + 200, y1: l.y1 + 200, spans: l.spans }));
    const beside = text().map((l) => ({ ...l, y0: l.y0 + 200, y1: l.y1 + 200, spans: l.spans }));
    expect(findSidePanel([...above, ...lower, ...beside], [], PAGE)).toBeNull();
  });

  it("is no menu when its lines stand apart (margin notes beside a listing)", () => {
    const notes = ["Set default lengths", "Load fancytabs", "Month names", "Setup counters", "Define jrnlday"].map((t, k) => line(t, { x: 17, y: 165 + 40 * k }));
    const code = Array.from({ length: 20 }, (_, k) => line(`\\def\\macro${k}#1{#1}`, { x: 140, y: 160 + 10 * k, mono: true }));
    expect(findSidePanel([...notes, ...code], [], PAGE)).toBeNull();
  });
});

describe("a menu down the page's right side (a documentation site's 'On this page', svc-md-1.1.17)", () => {
  const entries = ["On this page", "Choosing a policy", "Configuring a client", "Idempotency", "Related", "Timeouts", "Rate limits"];
  // Entries at 15 pt, a gap before "Related"; the text beside them at 12 pt, from the same top.
  const menu = (labels = entries) => labels.map((t, k) => line(t, { x: 445, y: 70 + 15 * k + (k >= 4 ? 9 : 0), size: 9 }));
  const text = () =>
    Array.from({ length: 14 }, (_, k) => line(`A retry policy decides whether a failed request is sent again, line ${"abcdefghijklmn"[k]}`, { x: 46, y: 71 + 12 * k, size: 10.5 }));

  it("is read after the text beside and below it, an entry a line", () => {
    const items = [...menu(), ...text()];
    const found = findSidePanel(items, [], PAGE);
    expect(found).toMatchObject({ kind: "menu", left: false });
    const order = texts(orderWithSidePanel(items, found, orderForReadingTs));
    expect(order.slice(0, 14)).toEqual(text().map(lineText));
    expect(order.slice(14)).toEqual(entries);
  });

  it("keeps a nested entry, set in under the one above, among the menu's lines (docs/engine.md, Blocks; svc-md-1.1.18)", () => {
    const labels = ["On this page", "Choosing a policy", "Configuring a client", "Per-request overrides", "Idempotency", "Related", "Timeouts", "Rate limits"];
    const all = labels.map((t, k) => line(t, { x: k === 3 ? 454 : 445, y: 70 + 15 * k + (k >= 5 ? 9 : 0), size: 9 }));
    const items = [...all, ...text()];
    const found = findSidePanel(items, [], PAGE);
    breakMenuEntries(items, found);
    const nested = all.slice(1, 5);
    expect(nested.every((l) => l.breakAfter === true)).toBe(true);
    expect(buildBlocks(nested, MENU_STATS).map((b) => b.lines.map(lineText))).toEqual([["Choosing a policy", "Configuring a client", "Per-request overrides", "Idempotency"]]);
    // Lines no pass broke: the line set in is a paragraph's first.
    const plain = nested.map((l) => line(lineText(l), { x: l.x0, y: l.y0, size: 9 }));
    expect(buildBlocks(plain, MENU_STATS).length).toBeGreaterThan(1);
  });

  it("is no menu where its lines hold numbers (a contents page's right column, a letter's sender column), nor where its column has text above it", () => {
    const contents = entries.map((t, k) => `${k + 1}.${k} ${t} ${20 + k}`);
    expect(findSidePanel([...menu(contents), ...text()], [], PAGE)).toBeNull();
    const above = line("A right-hand column's running text set above the list", { x: 445, y: 30, size: 9 });
    expect(findSidePanel([above, ...menu(), ...text()], [], PAGE)).toBeNull();
  });
});

describe("two flows side by side in aligned rows (tables/aligned_detector.ts)", () => {
  it("make no table: a column of prose wrapping beside lines on other baselines", () => {
    const menuLines = ["Getting started", "Installation", "Agents", "Pipelines", "Dead letters"].map((t, k) => line(t, { x: 40, y: 63 + 12.7 * k, size: 9 }));
    // A justified paragraph: its lines end at one right edge.
    const prose = ["Every pipeline stage can retry the failed", "delivery with a backoff and jitter, so the", "recovering destination is not flooded by", "every agent at once."].map((t, k) => line(t, { x: 195, y: 61 + 11.2 * k }));
    expect(detectTables([...menuLines, ...prose], [], PAGE).tables).toEqual([]);
  });

  it("leave a table whose description column starts its cells in small letters a table", () => {
    const rows = [
      ["\\fdg", "fraction of a degree"],
      ["\\farcm", "fraction of an arcminute"],
      ["\\farcs", "fraction of an arcsecond"],
      ["\\fd", "fraction of a day"],
    ];
    const lines = rows.flatMap(([a, b], k) => [line(a, { x: 305, y: 100 + 10.5 * k, size: 8 }), line(b, { x: 464, y: 100 + 10.5 * k, size: 8 })]);
    expect(detectTables(lines, [], PAGE).tables).toHaveLength(1);
  });
});

describe("a CV printed by Chromium (fixtures/real/gen-cv-p1)", async () => {
  const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-cv-p1.pdf")));
  const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });

  it("reads the side panel, then the main column, with no table", () => {
    expect(markdown).not.toContain("|");
    expect(markdown.indexOf("## Contact")).toBeLessThan(markdown.indexOf("## Skills"));
    expect(markdown.indexOf("## Languages")).toBeLessThan(markdown.indexOf("# Maria Lindqvist"));
    expect(markdown.indexOf("# Maria Lindqvist")).toBeLessThan(markdown.indexOf("## Experience"));
  });

  it("writes the address a line each, its telephone number and e-mail address too", () => {
    expect(markdown).toContain("Storgatan 12\\\n411 38 Göteborg\\\n+46 31 555 0192\\\nmaria.lindqvist@example.se\n\n## Skills");
  });

  it("writes the languages, each closing on a bracket, a line each in one paragraph", () => {
    expect(markdown).toContain("## Languages\n\nSwedish (native)\\\nEnglish (fluent)\\\nGerman (good)\n\n");
  });

  it("keeps each role's dates, set flush right on its row, in its heading", () => {
    expect(markdown).toContain("\n### Lead Data Engineer 2021 – present\n");
    expect(markdown).toContain("\n### MSc Computer Science 2015 – 2017\n");
    expect(markdown).not.toMatch(/^#+ 20\d\d – /m);
  });
});
