// Step 5, each column: a title page set in a typewriter face. A book whose display type is a
// monospaced face (Free Culture's title page, p. v: "FREE CULTURE" at 34 pt, then "HOW BIG
// MEDIA USES TECHNOLOGY AND" | "THE LAW TO LOCK DOWN CULTURE" | "AND CONTROL CREATIVITY" in
// its bold at the text's size, reversed out of a black band) sets its subtitle in the title's
// face at a size no larger than the body's. The title, larger than code is set, is display
// type (blocks.ts CODE_SIZE_OVER_BODY_MAX); the subtitle under it had come out as a code
// block. Lines of code under a typewriter heading hold code's signs, digits or lower-case
// letters; words in capitals alone, right under the title in its face, are its subtitle.
import type { Line } from "../model.js";
import { familyOf } from "./subtitle_pairs.js";

/** Capitals and the punctuation of a title, in two words or more ("THE LAW TO LOCK DOWN
 *  CULTURE", "AND CONTROL CREATIVITY"): no digit, no lower-case letter, no sign of code. */
const CAPITAL_WORDS = /^\s*\p{Lu}[\p{Lu}’'.,:;&-]*(?:\s+[\p{Lu}’'.,:;&-]+)+\s*$/u;
/** The subtitle's first line stands under the title within this many of its line heights. */
const TITLE_GAP_LINES_MAX = 1.5;

/**
 * Lines in the code face (`monos`) that are a title's subtitle, made text: a run of them in
 * capital words alone (CAPITAL_WORDS) right under a line in the code face that is display type
 * (`codeFaces` and not `monos`: blocks.ts isDisplayLine), in its family, within
 * TITLE_GAP_LINES_MAX of the run's line height; their spans are no longer in the code face. Only a column holding display type in the code
 * face is read past its first test.
 */
export function markTypewriterSubtitles(monos: boolean[], codeFaces: readonly boolean[], column: readonly Line[], texts: readonly string[]): void {
  for (let i = 1; i < column.length; i++) {
    if (!monos[i] || monos[i - 1] || !codeFaces[i - 1]) continue;
    const title = column[i - 1];
    const first = column[i];
    if (first.y0 - title.y1 > TITLE_GAP_LINES_MAX * (first.y1 - first.y0)) continue;
    const family = familyOf(title);
    if (family === "") continue;
    let end = i;
    while (end < column.length && monos[end]) end++;
    let all = true;
    for (let k = i; k < end && all; k++) all = CAPITAL_WORDS.test(texts[k]) && familyOf(column[k]) === family;
    if (!all) continue;
    // Display type, not code: the renderer writes no inline code of its words either.
    for (let k = i; k < end; k++) {
      monos[k] = false;
      for (const span of column[k].spans) span.monospace = false;
    }
    i = end;
  }
}
