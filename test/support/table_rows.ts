// Builders for the table detectors' guard tests (table_speed_paths, table_speed_gates): spans of
// Helvetica half an em a character wide and 1.2 of their size high, and a line boxing its spans.
import { type Line, newLine, newSpan, type Span } from "../../src/engine/model.js";

export function span(text: string, x0: number, y0: number, size = 10): Span {
  return newSpan(text, x0, y0, x0 + text.length * size * 0.5, y0 + size * 1.2, "Helvetica", size, false, false, false);
}

export function line(spans: Span[]): Line {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const s of spans) (x0 = Math.min(x0, s.x0)), (y0 = Math.min(y0, s.y0)), (x1 = Math.max(x1, s.x1)), (y1 = Math.max(y1, s.y1));
  return newLine(spans, x0, y0, x1, y1, 0);
}
