// item_runs.ts (blocks.ts markShortLineSets): a narrow column's run of capitalised short lines,
// one of whose pairs leaves room for the next line's first word, is a set: each line its own
// (a CV's sidebar "Skills" list a browser printed without bullets).
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { itemRunPairs } from "../../src/engine/layout/item_runs.js";
import type { Line } from "../../src/engine/model.js";
import { stack, withLineBreaks } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** The page's text runs from 72 to 560 pt: a column up to 244 pt wide is narrow. */
const PAGE_RIGHT = 560;

/** Lines of `texts` at x = 72, 12 pt apart (5 pt a character at 10 pt), from y = 100. */
const lines = (texts: readonly string[], y = 100): Line[] => stack(texts, { x: 72, y, pitch: 12 });

/** A CV's skills: the widest line sets the column's edge (192 pt); all pairs but one come
 *  within a word of it ("Kubernetes" leaves room for "Data"). */
const SKILLS = ["Python, TypeScript, Go", "PostgreSQL, Redis", "Kubernetes", "Data pipelines (Airflow)", "System design", "Architecture reviews"];

describe("item runs (item_runs.ts, SPEC docs/engine.md 'A run of capitalised items')", () => {
  it("breaks after each line of a CV sidebar's skills, most of them within a word of the edge", () => {
    const blocks = buildBlocks(lines(SKILLS), STATS, undefined, 72, PAGE_RIGHT);
    expect(blocks.map(withLineBreaks)).toEqual([SKILLS.join("\\ | ")]);
  });

  it("marks the run's pairs, and only where one pair leaves room (ITEM_RUN_LINES_MIN lines, one x, capitals)", () => {
    const fitsAt = (k: number) => k === 2;
    const column = lines(SKILLS);
    expect(itemRunPairs(column, SKILLS, () => false, fitsAt)).toEqual([false, true, true, true, true, true]);
    expect(itemRunPairs(column, SKILLS, () => false, () => false)).toBeNull();
  });

  it("guard: wrapped prose (lines going on in small letters), a run of three, a line ending in a joining word or a comma", () => {
    const fits = () => true;
    const prose = ["Fell running, community", "radio, restoring old", "Bicycles and maps", "Sea kayaking"];
    expect(itemRunPairs(lines(prose), prose, () => false, fits)).toBeNull();
    const three = SKILLS.slice(0, 3);
    expect(itemRunPairs(lines(three), three, () => false, fits)).toBeNull();
    const joined = ["Python, TypeScript and", "Go Redis", "Kubernetes", "Data pipelines"];
    expect(itemRunPairs(lines(joined), joined, () => false, fits)).toBeNull();
    const comma = ["Python, TypeScript,", "Go Redis", "Kubernetes", "Data pipelines"];
    expect(itemRunPairs(lines(comma), comma, () => false, fits)).toBeNull();
  });

  it("guard: a line in a heading's style parts the run, and the parts are too short", () => {
    expect(itemRunPairs(lines(SKILLS), SKILLS, (k) => k === 3, () => true)).toBeNull();
  });
});
