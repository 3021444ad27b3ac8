// Addresses broken at a line end: LaTeX's \url and most typesetters break a long address after
// a slash, a colon or a dot, with no hyphen and no space. Joined with a space, the address is
// two broken words ("http: //project.ktug.or.kr/…"); read as a line of its own in the code face,
// its tail becomes a code block under the paragraph (dvipdfmx-special's footnote 5).

/** The end of a line that an address goes on from: a scheme ("http:"), or a path or host with
 * a slash in it, ending at a character an address breaks after. */
const ADDRESS_TAIL = /(?:^|\s)(?:(?:https?|ftp|file):\S*|www\.\S*|\S*\/\S*)$/i;
const BREAK_AFTER = /[/:.\-_~#?=&%]$/;
/** What an address goes on with: its next characters, up to the first space. */
const ADDRESS_HEAD = /^[\w/.~%#?=&+@:-]+/;
/** Characters of a line's end looked at for the address it breaks. */
export const ADDRESS_TAIL_CHARS_MAX = 256;

/** Whether a line ending in `before` and the next starting with `after` hold one address broken
 * between them. Both must be in the face the address is set in (the caller checks). */
export function addressGoesOn(before: string, after: string): boolean {
  const tail = before.length > ADDRESS_TAIL_CHARS_MAX ? before.slice(-ADDRESS_TAIL_CHARS_MAX) : before;
  if (!BREAK_AFTER.test(tail) || !ADDRESS_TAIL.test(tail)) return false;
  return ADDRESS_HEAD.test(after);
}

const HAS_SPACE = /\s/;

/** Whether `text` is one address's piece: no space inside. */
export function isOneToken(text: string): boolean {
  return !HAS_SPACE.test(text.trim());
}
