// The document sets the engine is scored on, and how one converted document is scored:
// shared by the real-pages gate (test/fidelity/real_pages.test.ts) and the peer comparison
// (bench/compare_peers.ts), so both measure the same thing. Pure file reading and scoring:
// no engine import here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extractStructure, furnitureRemoved, readingOrder, scoreMarkdown, scoreTables } from "./score.js";

export type SetName = "generated" | "real" | "tables";

export interface SetDoc {
  set: SetName;
  id: string;
  /** Absolute path of the PDF. */
  pdf: string;
  /** 1-based page to convert; undefined converts every page. */
  page?: number;
  password?: string;
  category: string;
  /** Expected Markdown (generated and real sets). */
  expected?: string;
  /** Furniture lines that must not be in the output (real set). */
  furniture?: string[];
  /** Truth table grids, pooled for the page (tables set). */
  truthTables?: string[][][];
  /** False when the truth covers only part of a table: precision is not scored. */
  complete?: boolean;
  /** The generated fixtures' normalize.dehyphenate option; absent, the API's default. */
  dehyphenate?: boolean;
}

/** The repository root (this file is test/fidelity/sets.ts, or dist/test/fidelity/sets.js). */
export function repoRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error("package.json not found above " + import.meta.dirname);
    dir = up;
  }
  return dir;
}

/** shared/ beside the work tree (SVC_SHARED overrides); null when absent. */
export function sharedDir(root = repoRoot()): string | null {
  const dir = process.env.SVC_SHARED ?? path.resolve(root, "../shared");
  return existsSync(dir) ? dir : null;
}

interface ManifestEntry {
  id: string;
  file: string;
  password?: string;
  expect: string;
  expected_markdown?: string;
  options: { normalize?: { dehyphenate?: boolean } };
}

/** (a) The generated fixtures that convert to Markdown. */
export function loadGeneratedSet(root = repoRoot()): SetDoc[] {
  const dir = path.join(root, "fixtures");
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as ManifestEntry[];
  return manifest
    .filter((e) => e.expect === "markdown" && e.expected_markdown)
    .map((e) => ({
      set: "generated" as const,
      id: e.id,
      pdf: path.join(dir, e.file),
      password: e.password,
      category: "generated",
      expected: readFileSync(path.join(dir, e.expected_markdown!), "utf8"),
      dehyphenate: e.options.normalize?.dehyphenate,
    }));
}

export interface RealSource {
  id: string;
  category: string;
  source: string;
  page: string;
  licence: string;
  note: string;
}

export function readRealSources(root = repoRoot()): RealSource[] {
  const file = path.join(root, "fixtures", "real", "SOURCES.tsv");
  if (!existsSync(file)) return [];
  const [header, ...rows] = readFileSync(file, "utf8").split("\n").filter((l) => l.trim());
  const cols = header.split("\t");
  return rows.map((r) => {
    const f = r.split("\t");
    return Object.fromEntries(cols.map((c, i) => [c, f[i] ?? ""])) as unknown as RealSource;
  });
}

/** (b) The real pages of fixtures/real: one single-page PDF each, truth written by hand. */
export function loadRealSet(root = repoRoot()): SetDoc[] {
  const dir = path.join(root, "fixtures", "real");
  const categories = new Map(readRealSources(root).map((s) => [s.id, s.category]));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".pdf"))
    .sort()
    .map((f) => {
      const id = f.slice(0, -4);
      const md = path.join(dir, `${id}.md`);
      const furn = path.join(dir, `${id}.furniture.txt`);
      return {
        set: "real" as const,
        id,
        pdf: path.join(dir, f),
        category: categories.get(id) ?? "?",
        expected: existsSync(md) ? readFileSync(md, "utf8") : undefined,
        furniture: existsSync(furn) ? readFileSync(furn, "utf8").split("\n").filter((l) => l.trim()) : [],
      };
    })
    .filter((d) => d.expected !== undefined);
}

interface TableTruth {
  page: number;
  kind: string;
  rows: string[][];
  pdf: string;
  complete?: boolean;
}

/** (c) The table truth set of shared/truth/tables, one doc per PDF page (tables pooled);
 * null when shared/ is absent. */
export function loadTableSet(root = repoRoot()): SetDoc[] | null {
  const shared = sharedDir(root);
  const dir = shared && path.join(shared, "truth", "tables");
  if (!dir || !existsSync(path.join(dir, "expected"))) return null;
  const byPage = new Map<string, SetDoc>();
  for (const f of readdirSync(path.join(dir, "expected")).sort()) {
    if (!f.endsWith(".json")) continue;
    const t = JSON.parse(readFileSync(path.join(dir, "expected", f), "utf8")) as TableTruth;
    const key = `${t.pdf}#${t.page}`;
    let doc = byPage.get(key);
    if (!doc) {
      doc = {
        set: "tables",
        id: `${path.basename(t.pdf, ".pdf")}.p${t.page}`,
        pdf: path.join(dir, t.pdf),
        page: t.page,
        category: t.kind,
        truthTables: [],
        complete: true,
      };
      byPage.set(key, doc);
    }
    doc.truthTables!.push(t.rows);
    if (t.complete === false) doc.complete = false;
    if (doc.category !== t.kind) doc.category = "mixed";
  }
  return [...byPage.values()];
}

export interface DocScore {
  set: SetName;
  id: string;
  category: string;
  text_similarity: number | null;
  reading_order: number | null;
  /** Same text and level. */
  heading_recall: number | null;
  /** Same text at any level. */
  heading_text_recall: number | null;
  list_recall: number | null;
  cell_recall: number | null;
  cell_precision: number | null;
  adjacency: number | null;
  furniture_lines: number;
  furniture_removed: number;
  /** Furniture lines still in the output. */
  furniture_present: string[];
  overall: number | null;
}

/** Scores one converted document of any set. */
export function scoreDoc(doc: SetDoc, markdown: string): DocScore {
  const base = { set: doc.set, id: doc.id, category: doc.category };
  if (doc.truthTables) {
    const t = scoreTables(doc.truthTables, extractStructure(markdown).tables, { complete: doc.complete });
    return {
      ...base,
      text_similarity: null,
      reading_order: null,
      heading_recall: null,
      heading_text_recall: null,
      list_recall: null,
      cell_recall: t.recall,
      cell_precision: t.precision,
      adjacency: t.adjacency,
      furniture_lines: 0,
      furniture_removed: 0,
      furniture_present: [],
      overall: null,
    };
  }
  const expected = doc.expected ?? "";
  const s = scoreMarkdown(markdown, expected);
  const order = readingOrder(extractStructure(markdown).plainText, extractStructure(expected).plainText);
  const truthTables = extractStructure(expected).tables;
  const t = truthTables.length > 0 ? scoreTables(truthTables, extractStructure(markdown).tables) : null;
  const f = furnitureRemoved(markdown, expected, doc.furniture ?? []);
  return {
    ...base,
    text_similarity: s.text_similarity,
    reading_order: order.reading_order,
    heading_recall: s.heading_recall,
    heading_text_recall: s.heading_text_recall,
    list_recall: s.list_recall,
    cell_recall: t ? t.recall : null,
    cell_precision: t ? t.precision : null,
    adjacency: t ? t.adjacency : null,
    furniture_lines: f.lines,
    furniture_removed: f.removed,
    furniture_present: f.present,
    overall: s.overall,
  };
}

export const METRICS = [
  "text_similarity",
  "reading_order",
  "heading_recall",
  "heading_text_recall",
  "list_recall",
  "cell_recall",
  "cell_precision",
  "adjacency",
  "overall",
] as const;
export type Metric = (typeof METRICS)[number];

export interface SetSummary {
  docs: number;
  /** Mean over the docs where the metric applies (null where none does). */
  means: Record<Metric, number | null>;
  /** How many docs each mean is over. */
  counts: Record<Metric, number>;
  /** Share of all furniture lines of the set that were removed (pooled); null if none. */
  furniture_removed: number | null;
  furniture_lines: number;
}

export function summarise(scores: DocScore[]): SetSummary {
  const means = {} as Record<Metric, number | null>;
  const counts = {} as Record<Metric, number>;
  for (const m of METRICS) {
    const v = scores.map((s) => s[m]).filter((x): x is number => typeof x === "number");
    counts[m] = v.length;
    means[m] = v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
  }
  const lines = scores.reduce((a, s) => a + s.furniture_lines, 0);
  const removed = scores.reduce((a, s) => a + s.furniture_removed, 0);
  return { docs: scores.length, means, counts, furniture_removed: lines ? removed / lines : null, furniture_lines: lines };
}
