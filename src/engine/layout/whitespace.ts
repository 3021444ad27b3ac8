// Step 4, document pass: white space as String.prototype.trim and the RegExp class \s read it
// (the same set), tested per UTF-16 unit so that layout's many "is this span blank?" and
// "how long is it trimmed?" questions allocate no trimmed copies (issue 9: layout must not
// cost throughput).

/** Whether a UTF-16 code unit is white space as \s and trim() read it. */
export function isSpaceCode(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** `text.trim() === ""`, without the copy. */
export function isBlankText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i))) return false;
  return true;
}

/** `text.trim().length`, without the copy. */
export function trimmedLength(text: string): number {
  let start = 0;
  let end = text.length;
  while (start < end && isSpaceCode(text.charCodeAt(start))) start++;
  while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end--;
  return end - start;
}

/** UTF-16 units of `text` that are not white space: `text.replace(/\s+/g, "").length`, without the copy. */
export function nonSpaceLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i))) n += 1;
  return n;
}

/** The text's last UTF-16 unit that is not white space (`text.trimEnd()`'s last), or -1. */
export function lastInkedUnit(text: string): number {
  for (let k = text.length - 1; k >= 0; k--) {
    const unit = text.charCodeAt(k);
    if (!isSpaceCode(unit)) return unit;
  }
  return -1;
}

/** The text's first UTF-16 unit that is not white space (`text.trimStart()`'s first), or -1. */
export function firstInkedUnit(text: string): number {
  for (let k = 0; k < text.length; k++) {
    const unit = text.charCodeAt(k);
    if (!isSpaceCode(unit)) return unit;
  }
  return -1;
}

/** Whether the text's first character that is no white space is a dot or an ellipsis
 *  (`/^\s*[.…]/` read by code, isSpaceCode being what `\s` matches): a contents entry's
 *  leader starts so (leaders.ts). The joiner asks it of fragments it compares, the contents
 *  passes and the column starts of every line. */
export function startsWithDot(text: string): boolean {
  const code = firstInkedUnit(text);
  return code === FULL_STOP || code === HORIZONTAL_ELLIPSIS;
}
const FULL_STOP = 0x2e;
const HORIZONTAL_ELLIPSIS = 0x2026;

/** The words of a text: its runs of characters that are no white space (isSpaceCode). */
export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpaceCode(text.charCodeAt(i));
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}
