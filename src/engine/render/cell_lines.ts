// Step 5, each page: a table cell's lines as the paragraphs they make. A cell holds wrapped
// text, but also lines its author broke on purpose ("English review;" | "Remove the UML
// model…") and bulleted points; GFM keeps those apart with <br>, HTML cells likewise.
import type { Line } from "../model.js";
import { stripLeadingChars } from "../layout/blocks.js";
import { leadingBulletLength } from "../layout/bullet_glyphs.js";
import { lineText } from "../layout/lines.js";

/** One paragraph of a cell: its lines, and whether a bullet started it (dropped from the lines). */
export interface CellParagraph {
  lines: Line[];
  bullet: boolean;
}

const SENTENCE_END = /[.;:!?]["”’)]?\s*$/u;
const SENTENCE_START = /^\s*[\p{Lu}\p{N}]/u;
const FIRST_WORD = /^\s*\S+/u;

/** Length of the bullet that starts a point on this line, or 0. A bullet starts a point only
 * with text after it: a cell may hold the glyph alone (amsfndoc's "·"). */
function pointBullet(line: Line): number {
  const glyph = leadingBulletLength(line);
  return glyph > 0 && lineText(line).slice(glyph).trim() !== "" ? glyph : 0;
}

/** Width of the line's first word, from its first span's advance per character. */
function firstWordWidth(line: Line): number {
  const span = line.spans.find((s) => s.text.trim() !== "");
  if (!span) return 0;
  const word = FIRST_WORD.exec(span.text)?.[0].trim() ?? "";
  return ((span.x1 - span.x0) / Math.max(1, span.text.length)) * (word.length + 1);
}

/** Whether the cell's lines are one paragraph with no bullet as they stand: one line that
 *  starts no point. Most cells hold one line: only its bullet is asked about, and the table's
 *  renderer writes such a cell's lines without making its paragraph (an array and an object a
 *  cell, most of the paragraphs' garbage). */
export function isOneParagraph(lines: readonly Line[]): boolean {
  return lines.length === 1 && pointBullet(lines[0]) === 0;
}

/**
 * The cell's paragraphs: a new one at each bulleted line, and after a line that ends a
 * sentence (or a clause, with ";" or ":") with room left for the next line's first word, a
 * break its author made, where the next starts a sentence.
 */
export function cellParagraphs(lines: readonly Line[]): CellParagraph[] {
  if (isOneParagraph(lines)) return [{ lines: [lines[0]], bullet: false }];
  let right = -Infinity;
  for (const line of lines) right = Math.max(right, line.x1);
  const out: CellParagraph[] = [];
  let current: CellParagraph | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const bullet = pointBullet(line);
    const prev = i > 0 ? lines[i - 1] : null;
    const text = bullet > 0 ? "" : lineText(line);
    const broken = prev !== null && bullet === 0 && SENTENCE_END.test(lineText(prev)) && SENTENCE_START.test(text) && prev.x1 + firstWordWidth(line) < right;
    if (!current || bullet > 0 || broken) {
      current = { lines: [bullet > 0 ? stripLeadingChars(line, bullet) : line], bullet: bullet > 0 };
      out.push(current);
    } else {
      current.lines.push(line);
    }
  }
  return out;
}
