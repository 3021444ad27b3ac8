// A nested list the page break cuts (a manual's contents, an outline of steps): the next page's
// items nest where the page set their markers, under the last page's items, instead of
// starting the list again at its first depth. Each page is rendered alone (in whichever worker
// holds it), so its items' depths there count from its own first item; the page says where its
// leading items' markers stand and the last page where its last item's chain of parents stood,
// and the assembly (document.ts) nests the one under the other, as layout/blocks.ts
// nestListItems does on one page.

import { NEST_INDENT_EMS } from "../layout/blocks.js";

/** One list item as the page set it: its marker's left edge, its size, its kind and its
 *  Markdown indentation. */
export interface ListItemFact {
  /** The marker's left edge (points). */
  x: number;
  /** Its first line's em (points). */
  em: number;
  ordered: boolean;
  /** Its marker as written ("-", "3."): its content is indented past it. */
  marker: string;
  /** The spaces before its marker in the page's Markdown. */
  indent: string;
  /** The Markdown line it starts on. */
  line: number;
}

/** The list a page's Markdown starts with. */
export interface ListHead {
  items: ListItemFact[];
  /** The Markdown line after the list's last item and the blocks set under it. */
  end: number;
}

/** The list a page's Markdown ends with. */
export interface ListTail {
  /** Its last item and that item's parents, by depth (index 0 the outermost). */
  items: ListItemFact[];
  /** Where the list set its markers at each depth (the last seen there), deeper than the last item's too. */
  xs: number[];
}

/** The next page's first marker stands within this many ems of the last page's marker at a
 *  depth to go on at that depth: the same list's markers stand at the same place on every
 *  page (a browser's print, LaTeX's itemize), while a book's mirrored margins move a page's
 *  text by several ems. */
const SAME_DEPTH_EMS = 0.25;

/** A page's text with its leading list nested under the last page's, and the items it ends
 *  with as now nested (for the page after it). */
export interface NestedHead {
  text: string;
  tail: ListTail | undefined;
}

/**
 * `text` with its leading list nested under `lastTail`, the last page's items, when its first
 * item goes on the last page's list deeper than its first depth (expat's contents:
 * "XML_GetBuffer" at the third depth ends a page, "XML_StopParser" at the third starts the
 * next, and the "Handler Setting Functions" after it is at the second); null when it does not.
 * `tail` is the page's own: when its list is the one nested, it comes back nested too.
 */
export function nestUnderLastPage(lastTail: ListTail, head: ListHead, tail: ListTail | undefined, text: string): NestedHead | null {
  const [first] = head.items;
  const { items } = lastTail;
  if (first === undefined || first.line !== 0) return null;
  // At a depth of the last item's chain, or one deeper: a child of the last item, where the
  // list set such children before.
  const depth = lastTail.xs.findIndex((x) => Math.abs(x - first.x) <= SAME_DEPTH_EMS * first.em);
  if (depth < 1 || depth > items.length || (depth < items.length && items[depth].ordered !== first.ordered)) return null;
  const lines = text.split("\n", head.end);
  // The nesting of layout/blocks.ts nestListItems, its stack of marker edges starting with the
  // last page's items, and the indentation of render/page.ts renderBlocks, starting with theirs.
  const chain = items.slice();
  const xs = lastTail.xs.slice();
  const indents = items.map((item) => item.indent);
  const last = items[items.length - 1];
  indents.push(last.indent + " ".repeat(last.marker.length + 1));
  head.items.forEach((item, i) => {
    const em = item.em;
    while (chain.length > 0 && item.x < chain[chain.length - 1].x - NEST_INDENT_EMS * em * 0.5) chain.pop();
    if (chain.length === 0 || item.x > chain[chain.length - 1].x + NEST_INDENT_EMS * em) chain.push(item);
    const at = chain.length - 1;
    const indent = at === 0 ? "" : (indents[at] ?? indents[indents.length - 1] ?? "");
    indents.length = at + 1;
    indents[at] = indent;
    indents[at + 1] = indent + " ".repeat(item.marker.length + 1);
    chain[at] = indent === item.indent ? item : { ...item, indent };
    xs[at] = item.x;
    if (indent === item.indent) return;
    // The item's line and the lines of the blocks under it, all set in from its indentation.
    const end = head.items[i + 1]?.line ?? head.end;
    for (let l = item.line; l < end && l < lines.length; l++) {
      if (lines[l] !== "" && lines[l].startsWith(item.indent)) lines[l] = indent + lines[l].slice(item.indent.length);
    }
  });
  const nested = lines.join("\n") + text.slice(lengthOfLines(text, head.end));
  if (nested === text) return null;
  // The page ends with the list it starts with: the next page goes on under its items as nested here.
  const endsWithHead = tail !== undefined && tail.items[tail.items.length - 1].line === head.items[head.items.length - 1].line;
  return { text: nested, tail: endsWithHead ? { items: chain, xs } : tail };
}
/** UTF-16 units of `text`'s first `count` lines, without the line break after them. */
function lengthOfLines(text: string, count: number): number {
  let at = -1;
  for (let n = 0; n < count; n++) {
    at = text.indexOf("\n", at + 1);
    if (at < 0) return text.length;
  }
  return at;
}
