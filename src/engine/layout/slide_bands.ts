// What on a slide does not vote for the body's size. A beamer slide sets its footline
// (author | title | date | slide number) and often its navigation bar in small type across
// its bottom and top edges, and on a slide converted alone those strips can carry more
// characters than its text: the footline's 82 characters at 6 pt against "Example Content."
// at 11 pt (BFH's demo deck, p. 5), and the body measured at 6 pt made every line of the
// slide's text a heading and kept the navigation bar ("The section | The subsection",
// Verona) that furniture.ts strips only under a larger body. What stands in those bands is
// furniture or a frame's title, never the slide's running text. Nor is the frame's title
// under them, whose box may end a hair below the band (BFH's 14.5 pt "Frame with a subtitle"
// ends at 10.005 % of the slide) and whose 18 characters outnumber a short slide's text, nor
// a title slide's title and subtitle over its author's line.
// None of them votes for the body (document_stats.ts headingStyles), though each keeps its
// style's place as a heading; a slide with no other text counts them all.
import type { Line, PageModel } from "../model.js";
import { SLIDE_ASPECT_MIN, sideBarLines } from "./side_bars.js";

/** The top and bottom bands, as a share of the slide's height (furniture.ts's margin band). */
const SLIDE_BAND_SHARE = 0.1;
/** A size set in one line outside the bands, this many times the next smaller size there at
 *  least (a heading's size over the body, document_stats.ts HEADING_SIZE_RATIO_MIN), is a
 *  title's: the frame's title, or a title slide's title and subtitle over its author's line. */
const TITLE_SIZE_RATIO_MIN = 1.12;

/**
 * For each line, whether it abstains from the body's vote: it stands wholly in the slide's top
 * or bottom band, or it is a title outside them: from the largest size down, a size set in a
 * single line a heading's size over the next (TITLE_SIZE_RATIO_MIN) and above every smaller
 * line, while a smaller size remains to vote. A slide whose only line outside the bands is one line (a section's
 * title slide) lets every line vote. `sizeOf` gives a line's heading style's size
 * (document_stats.ts headingStyleOf), rounded. Empty
 * for a page that is not landscape (a portrait page's first and last lines are its text as
 * often as not).
 */
export function slideNonVoters(page: PageModel, lines: readonly Line[], sizeOf: (index: number) => number): SlideVote {
  const abstains: boolean[] = [];
  const none: SlideVote = { abstains: [], frameTitle: -1 };
  if (page.width < SLIDE_ASPECT_MIN * page.height) return none;
  const top = SLIDE_BAND_SHARE * page.height;
  const bottom = page.height - top;
  const inside: number[] = [];
  const sizes = new Map<number, number>();
  // A sidebar's outline (side_bars.ts) is furniture too: BFH's sidebar deck sets it at 6 pt
  // beside a block's 10 pt title and text, which had been measured as the page's headings.
  const inBand = (line: Line) => line.y1 <= top || line.y0 >= bottom;
  const sidebar = new Set(sideBarLines(page, lines, inBand));
  for (let i = 0; i < lines.length; i++) {
    const band = inBand(lines[i]) || sidebar.has(lines[i]);
    abstains.push(band);
    if (band) continue;
    const size = sizeOf(i);
    if (size > 0) {
      inside.push(i);
      sizes.set(i, size);
    }
  }
  if (inside.length < 2) return none;
  const bySize = new Map<number, number[]>();
  // Pushed, not copied: a copy of the size's list per line was quadratic in the lines of one
  // size (a landscape table page's hundreds of cells at 8 pt). Keys keep their first order.
  for (const i of inside) {
    const size = sizes.get(i)!;
    const members = bySize.get(size);
    if (members === undefined) bySize.set(size, [i]);
    else members.push(i);
  }
  const descending = [...bySize.keys()].sort((a, b) => b - a);
  for (let k = 0; k + 1 < descending.length; k++) {
    const members = bySize.get(descending[k])!;
    if (members.length !== 1 || descending[k] < TITLE_SIZE_RATIO_MIN * descending[k + 1]) break;
    // Titles stand over the smaller lines: a line of text over a caption or a subtitle
    // above it is the slide's text.
    const title = lines[members[0]];
    if (inside.some((i) => sizes.get(i)! < descending[k] && lines[i].y0 < title.y0)) break;
    abstains[members[0]] = true;
  }
  // One line left to vote, in display type, is no running text either: a closing slide's
  // "Q & A" at 24.8 pt under "Thanks for your attention!" (thubeamer) stays a heading.
  let voters = 0;
  let voter = -1;
  for (const i of inside) {
    if (abstains[i]) continue;
    voters++;
    voter = i;
  }
  if (voters === 1 && sizes.get(voter)! >= DISPLAY_SIZE_PAGE_SHARE_MIN * page.height) abstains[voter] = true;
  else for (const i of displayPair(page, lines, inside, abstains, sizes)) abstains[i] = true;
  return { abstains, frameTitle: frameTitleOf(lines, inside, sizes) };
}

/** A line is display type when its size is this share of the slide's height at least
 *  (thubeamer's 24.8 pt "Q & A": 9 % of 272 pt; BFH's 11 pt text: 4 % of 255). */
const DISPLAY_SIZE_PAGE_SHARE_MIN = 0.08;

/** A closing slide's display lines may be two (hitszbeamer's "That’s all. Thank you!" over
 *  "Q&A" at 20.7 pt, \huge: 7.6 % of the 272 pt slide) ... */
const DISPLAY_LINES_MAX = 2;
/** ... set this share of the slide's height at least (\huge on a 4:3 beamer slide: 7.6 %;
 *  Impress's 28 pt bullets: 6.3 % of 446 pt) ... */
const DISPLAY_PAIR_PAGE_SHARE_MIN = 0.07;
/** ... this many times the size of every other line left to vote (the title bar's 12 pt
 *  "Q&A" beside them: 1.7; Impress's 32 pt bullets over 24 pt ones: 1.33) ... */
const DISPLAY_OVER_VOTERS_RATIO_MIN = 1.5;
/** ... and centred on one axis, their centres this many of their ems apart at most (a
 *  list's items start at one edge). */
const DISPLAY_AXIS_EMS = 1;

/**
 * The voters that are a slide's display lines, though more than one: the largest size left to
 * vote, set in DISPLAY_LINES_MAX lines at most, DISPLAY_PAIR_PAGE_SHARE_MIN of the slide's height
 * at least, DISPLAY_OVER_VOTERS_RATIO_MIN times every other voter's size, their centres on one
 * axis (DISPLAY_AXIS_EMS), with a smaller voter left. hitszbeamer's closing slide had measured
 * its body at its two display lines, which read as one paragraph; its twin thubeamer's single
 * "Q & A" is a heading by the one-line rule above.
 */
function displayPair(page: PageModel, lines: readonly Line[], inside: readonly number[], abstains: readonly boolean[], sizes: ReadonlyMap<number, number>): number[] {
  const voters = inside.filter((i) => !abstains[i]);
  let largest = 0;
  for (const i of voters) largest = Math.max(largest, sizes.get(i)!);
  const display = voters.filter((i) => sizes.get(i) === largest);
  if (display.length > DISPLAY_LINES_MAX || display.length === voters.length || largest < DISPLAY_PAIR_PAGE_SHARE_MIN * page.height) return [];
  for (const i of voters) if (sizes.get(i)! < largest && largest < DISPLAY_OVER_VOTERS_RATIO_MIN * sizes.get(i)!) return [];
  const centres = display.map((i) => (lines[i].x0 + lines[i].x1) / 2);
  if (Math.max(...centres) - Math.min(...centres) > DISPLAY_AXIS_EMS * largest) return [];
  return display;
}

/** What slideNonVoters says of a slide's lines, by index. */
export interface SlideVote {
  /** Whether each line abstains from the body's vote; empty for none. */
  abstains: boolean[];
  /** The frame's title (frameTitleOf), or -1. */
  frameTitle: number;
}

/** A frame's title has this many lines of text under it outside the bands at least ... */
const FRAME_TITLE_LINES_UNDER_MIN = 2;
/** ... is set this many of its sizes above the next line at least (thubeamer's: 3.8) ... */
const FRAME_TITLE_GAP_EMS_MIN = 1;
/** ... and its size sets this many lines outside the bands at most (itself and the blocks'
 *  titles: thubeamer's "问题与解决方案" over "问题" and "对应解决方案"). */
const FRAME_TITLE_STYLE_LINES_MAX = 3;

/**
 * The frame's title: the slide's top line outside the bands, set larger than most lines
 * there (their median size), over FRAME_TITLE_LINES_UNDER_MIN lines at least; or -1. Beamer
 * sets it \large over the body, 12 pt over 11 (thubeamer's "已完成的研究工作及成果" over its
 * block's items): a heading by its place, though a size step too small for a heading by size
 * alone (document_stats.ts headingStyles).
 */
function frameTitleOf(lines: readonly Line[], inside: readonly number[], sizes: ReadonlyMap<number, number>): number {
  if (inside.length < FRAME_TITLE_LINES_UNDER_MIN + 1) return -1;
  let top = inside[0];
  for (const i of inside) if (lines[i].y0 < lines[top].y0) top = i;
  const size = sizes.get(top)!;
  // Made by push, not map: map's array is packed from the built-in and holey from its
  // optimised inlined form, and sort met the other kind once this was optimised.
  const sorted: number[] = [];
  for (const i of inside) sorted.push(sizes.get(i)!);
  sorted.sort((a, b) => a - b);
  if (size <= sorted[sorted.length >> 1]) return -1;
  // Set apart from the text under it, in a size few lines share (the block titles beside
  // it): a landscape page's prose over its listings (gzt's code documentation) and a
  // warning's first line over its sentences are no frame's titles.
  let next = Infinity;
  let sameSize = 0;
  for (const i of inside) {
    if (sizes.get(i) === size) sameSize++;
    if (i !== top && lines[i].y0 >= lines[top].y1 - 1) next = Math.min(next, lines[i].y0);
  }
  if (sameSize > FRAME_TITLE_STYLE_LINES_MAX || next - lines[top].y1 < FRAME_TITLE_GAP_EMS_MIN * size) return -1;
  return top;
}
