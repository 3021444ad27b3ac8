// Step 5, each page: table detection, before reading order. Two detectors share one output shape:
//  - ruled: a grid built from ruling lines, stroked rectangle outlines and filled rectangles;
//  - aligned: rows of short text pieces whose columns line up without any ruling.
// Ruled grids go first because their rulings are explicit; the aligned detector only sees
// the lines they left. Both are conservative: a missed table still reads as text, while a
// false one scrambles prose.
import type { Line, Rule } from "../model.js";
import { detectAligned } from "./aligned_detector.js";
import type { Table } from "./model.js";
import { detectRuled } from "./ruled_detector.js";
import { collectRulings } from "./rulings.js";

export type { Table, TableCell } from "./model.js";

export function detectTables(
  lines: Line[],
  rules: Rule[],
  page: { width: number; height: number },
): { tables: Table[]; rest: Line[] } {
  const rulings = collectRulings(rules, page);
  const taken = new Set<Line>();
  // Lines inside drawn diagrams: their labels line up in columns but are no table.
  const inDiagrams = new Set<Line>();
  const tables: Table[] = [];
  detectRuled(lines, rulings, taken, inDiagrams, tables);
  detectAligned(lines, rulings, taken, inDiagrams, tables);
  if (tables.length === 0) return { tables, rest: lines.slice() };
  tables.sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  return { tables, rest: lines.filter((l) => !taken.has(l)) };
}
