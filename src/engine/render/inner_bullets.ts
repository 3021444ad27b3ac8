// Step 5, each page: an ordered item whose text opens with a bullet holds a bulleted list.
// ReportLab's ListFlowable nests a list as an item of its own (its user guide, p. 97: "viii"
// then "■ sublist item 1", and under it "■ sublist item 2" at the inner bullet's x): the
// item's first line carries both markers. Written "8. ■ sublist item 1" the first inner item
// was text of item 8 and its sibling "- sublist item 2" a list under it; written
// "8. - sublist item 1" (GFM: an ordered item whose content starts with a bullet list) the
// two are one inner list, the second item's line indented to item 8's content as before.
import { lineMarker, stripLeadingChars } from "../layout/blocks.js";
import { lineText } from "../layout/lines.js";
import type { Line } from "../model.js";

/** Characters that are a bullet only as typed text ("– 5 units", "* note"): an ordered
 *  item's text may start with a dash or an asterisk and be no list. */
const TYPED_BULLETS = "-–—*";

/**
 * The item's lines with the bullet its first line opens with taken off, or null: the first
 * line starts with a bullet (a glyph, a symbol font's or a drawn one, lineMarker), not a
 * dash, an asterisk or a check box, and text follows it. Asked of ordered items alone.
 */
export function innerBulletLines(lines: readonly Line[]): Line[] | null {
  const first = lines[0];
  if (first === undefined) return null;
  const text = lineText(first);
  const lead = text.trimStart();
  if (lead.length === 0 || TYPED_BULLETS.includes(lead[0])) return null;
  const marker = lineMarker(first, text);
  if (marker === null || marker.ordered || marker.task !== undefined) return null;
  const rest = [stripLeadingChars(first, marker.length)];
  for (let i = 1; i < lines.length; i++) rest.push(lines[i]);
  return rest;
}
