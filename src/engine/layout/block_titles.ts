// Step 5, each page: a slide's block title (beamer's \begin{block}{Title}) set at the body's
// size in a coloured band, the block's body in a box of its own under it. Its style makes it
// no heading (the body's size, often the body's weight: BFH's "Block with a title" in
// UnitRoundedPro over "Content." in its Light face, TU Darmstadt's "Standardblock mit Titel"
// over "Blockinhalt" in one face), so it had run into the block's first line or stood as a
// line of its paragraph. The band says what it is: a heading under the frame's title.
import type { Line, PageModel, Rule } from "../model.js";
import { SLIDE_ASPECT_MIN } from "./side_bars.js";
import type { Box } from "./box.js";
import { HEADING_LEVELS_MAX } from "./document_stats.js";
import { lineSize, lineText } from "./lines.js";

/** The band holds the title's one line: at most this many of its heights tall. */
const BAND_HEIGHT_LINES_MAX = 2.5;
/** A block runs across a column of the slide at least: this share of the slide's width (a
 *  table's coloured cells, a swatch's, are narrower). */
const BAND_WIDTH_SHARE_MIN = 0.3;
/** The title starts at the band's left, within this many ems (a label centred in a box is no
 *  block's title). */
const TITLE_INSET_EMS_MAX = 2;
/** The block's first line starts under the band within this many of its ems (BFH's 0.2,
 *  thubeamer's 0.4). */
const BODY_GAP_EMS_MAX = 1;
/** Lines within this many points of a box are inside it. */
const INSIDE_SLACK_PT = 1;
/** A title is a few words. */
const TITLE_CHARS_MAX = 80;

/**
 * The lines of a slide (a landscape page, SLIDE_ASPECT_MIN) that are block titles: the only
 * line inside a filled band (a fill rule or a drawn shape: BFH and TU Darmstadt fill
 * rectangles, thubeamer draws rounded ones), BAND_HEIGHT_LINES_MAX of the line's height at
 * most and BAND_WIDTH_SHARE_MIN of the slide's width at least, the line starting within
 * TITLE_INSET_EMS_MAX of its left edge; and the first line under the band, the block's body,
 * starts within BODY_GAP_EMS_MAX of its bottom, inside its width. `lines`: the page's text but
 * its furniture.
 */
export function slideBlockTitles(lines: readonly Line[], rules: readonly Rule[], page: PageModel): Set<Line> {
  const titles = new Set<Line>();
  if (page.width < SLIDE_ASPECT_MIN * page.height) return titles;
  const wide = (box: Box) => box.x1 - box.x0 >= BAND_WIDTH_SHARE_MIN * page.width;
  const bands: Box[] = [];
  for (const rule of rules) if (rule.kind === "fill" && wide(rule)) bands.push(rule);
  for (const drawing of page.drawings ?? []) if (wide(drawing)) bands.push(drawing);
  for (const line of edgeTitles(lines, page)) titles.add(line);
  if (bands.length === 0) return titles;
  for (const line of lines) {
    // A line in the code face is a listing's in its box (Verona's "\usetheme[…]{Verona}").
    if (line.wmode !== 0 || line.spans.some((span) => span.monospace) || lineText(line).trim().length > TITLE_CHARS_MAX) continue;
    const em = lineSize(line);
    const band = smallestAround(bands, line, (box) => box.y1 - box.y0 <= BAND_HEIGHT_LINES_MAX * (line.y1 - line.y0) && line.x0 - box.x0 <= TITLE_INSET_EMS_MAX * em);
    if (band === null || lines.some((other) => other !== line && inside(other, band))) continue;
    let next: Line | null = null;
    for (const other of lines) if (other.y0 >= band.y1 - INSIDE_SLACK_PT && (next === null || other.y0 < next.y0)) next = other;
    if (next === null || next.y0 - band.y1 > BODY_GAP_EMS_MAX * lineSize(next)) continue;
    if (next.x0 < band.x0 - INSIDE_SLACK_PT || next.x1 > band.x1 + INSIDE_SLACK_PT) continue;
    titles.add(line);
  }
  return titles;
}

/** A box's top edge drawn as a picture (Verona's shadowed block: a 3.9 pt strip) is this
 *  many of the title's heights tall at most. */
const EDGE_HEIGHT_LINES_MAX = 0.5;

/**
 * The block titles set over their box with no band (beamer-verona's blocks without its
 * colorblocks option: "Block title" in the body's face and size, coloured, over the box its
 * theme draws as pictures with a shadow): a line alone on its row, in no code face,
 * TITLE_CHARS_MAX characters at most, and right under it a picture strip
 * (EDGE_HEIGHT_LINES_MAX of its height tall at most, BAND_WIDTH_SHARE_MIN of the slide's
 * width at least, the line starting within TITLE_INSET_EMS_MAX of the strip's left end) between
 * it and the next line, the block's body, which starts within BODY_GAP_EMS_MAX under the strip
 * and inside its width. Verona's "Block title" | "Cras viverra …" had come out as one
 * paragraph's two lines.
 */
function edgeTitles(lines: readonly Line[], page: PageModel): Line[] {
  const found: Line[] = [];
  const strips = (page.images ?? []).filter((image) => image.x1 - image.x0 >= BAND_WIDTH_SHARE_MIN * page.width);
  if (strips.length === 0) return found;
  for (const line of lines) {
    if (line.wmode !== 0 || line.spans.some((span) => span.monospace) || lineText(line).trim().length > TITLE_CHARS_MAX) continue;
    const height = line.y1 - line.y0;
    const em = lineSize(line);
    const strip = strips.find((box) => box.y1 - box.y0 <= EDGE_HEIGHT_LINES_MAX * height && box.y0 >= line.y1 - INSIDE_SLACK_PT && box.y0 - line.y1 <= BODY_GAP_EMS_MAX * em && line.x0 >= box.x0 - INSIDE_SLACK_PT && line.x0 - box.x0 <= TITLE_INSET_EMS_MAX * em);
    if (strip === undefined) continue;
    let next: Line | null = null;
    let beside = false;
    for (const other of lines) {
      if (other === line) continue;
      if (other.y0 < line.y1 && other.y1 > line.y0) beside = true;
      if (other.y0 >= line.y1 - INSIDE_SLACK_PT && (next === null || other.y0 < next.y0)) next = other;
    }
    if (beside || next === null || next.y0 < strip.y0 || next.y0 - strip.y1 > BODY_GAP_EMS_MAX * lineSize(next)) continue;
    if (next.x0 < strip.x0 - INSIDE_SLACK_PT || next.x1 > strip.x1 + INSIDE_SLACK_PT) continue;
    found.push(line);
  }
  return found;
}

function inside(line: Line, box: Box): boolean {
  const s = INSIDE_SLACK_PT;
  return line.x0 >= box.x0 - s && line.x1 <= box.x1 + s && line.y0 >= box.y0 - s && line.y1 <= box.y1 + s;
}

/** The smallest of `boxes` around `line` that `fits`, or null. */
function smallestAround(boxes: readonly Box[], line: Line, fits: (box: Box) => boolean): Box | null {
  let best: Box | null = null;
  for (const box of boxes) {
    if (!inside(line, box) || !fits(box)) continue;
    if (best === null || (box.x1 - box.x0) * (box.y1 - box.y0) < (best.x1 - best.x0) * (best.y1 - best.y0)) best = box;
  }
  return best;
}

/**
 * Sets each block title's heading (a heading block whose one line is in `titles`) one level
 * under the last heading before it on the page that is no block title (the frame's title,
 * which buildBlocks may have laid out in another run of lines); where there is none, it keeps
 * the level buildBlocks gave it.
 */
export function levelBlockTitles(blocks: readonly { kind: string; level?: number; lines?: Line[] }[], titles: ReadonlySet<Line>): void {
  if (titles.size === 0) return;
  let above = 0;
  let aboveText = "";
  for (let k = 0; k < blocks.length; k++) {
    const block = blocks[k];
    if (block.kind !== "heading" || block.lines === undefined || block.level === undefined) continue;
    if (block.lines.length === 1 && titles.has(block.lines[0])) {
      // A block titled as the frame is, right under it, stays at the frame's level: the
      // repeated title is dropped (repeated_titles.ts dropRepeatedSlideTitle).
      const repeats = k > 0 && blocks[k - 1].kind === "heading" && textOf(block.lines) === aboveText;
      if (above > 0) block.level = repeats ? above : Math.min(above + 1, HEADING_LEVELS_MAX);
    } else {
      above = block.level;
      aboveText = textOf(block.lines);
    }
  }
}

/** The lines' text, spaces collapsed. */
function textOf(lines: readonly Line[]): string {
  return lines.map(lineText).join(" ").replace(/\s+/g, " ").trim();
}
