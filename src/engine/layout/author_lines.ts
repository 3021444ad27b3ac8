// Step 4, layout: a title block's author line ("Chapter Authorᵃ, Noam Chimpskyᵇ & Jane Wilsonᶜ")
// is set larger than the body, often in the heading's size, but names people, not a section.
import type { Line } from "../model.js";
import { superscripts } from "./superscripts.js";

/** Names marked with a raised note mark that make an author line, at least. A title carries
 * one or two marks, after a word of it ("AIAA∗ LATEX Package Users Manual†"). */
const MARKED_NAMES_MIN = 2;
/** A name is this many words, at least and at most ("Jane Wilson", "Sir J.K. Krishnan Jr"). */
const NAME_WORDS_MIN = 2;
const NAME_WORDS_MAX = 5;
/** A word of a name: capitalised, or an initial ("J.", "J.K."), hyphens and a digit allowed
 *  ("Jin-Hwan", a template's "Author1"). */
const NAME_WORD = /^(?:\p{Lu}[\p{L}'’.-]*\d?|(?:\p{Lu}\.)+)$/u;
/** What separates one name from the next: a comma, "and", "&". */
const NAME_SEPARATOR = /,|&|\band\b/u;
/** A bracketed role after a name ("(Researcher)"): no word of the name. */
const BRACKETED = /\([^)]*\)/gu;

/** Whether the lines name MARKED_NAMES_MIN people or more, each followed by a raised mark. */
export function isAuthorLine(lines: readonly Line[]): boolean {
  let marked = 0;
  for (const line of lines) {
    if (line.spans.length < 2) continue;
    const raised = superscripts(line);
    if (raised === null) continue;
    let run = "";
    for (let k = 0; k < line.spans.length; k++) {
      if (!raised[k]) {
        run += line.spans[k].text;
        continue;
      }
      if (isName(lastPart(run))) marked++;
      run = "";
    }
  }
  return marked >= MARKED_NAMES_MIN;
}

/** The text after the run's last separator. */
function lastPart(run: string): string {
  const parts = run.replace(BRACKETED, " ").split(NAME_SEPARATOR);
  return parts[parts.length - 1];
}

function isName(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  return words.length >= NAME_WORDS_MIN && words.length <= NAME_WORDS_MAX && words.every((word) => NAME_WORD.test(word));
}
