// URI link areas of a page: how many are kept, and which one holds a point. Extraction asks
// of every character where a link starts and ends; inline rendering asks of every span which
// link it sits in.
import type { PageLink } from "../model.js";

/** MuPDF resolves a relative URI against "file://": one that is an e-mail address alone (a
 * writer's `\href{name@host.org}{…}`, URbeamer's title page) was meant for "mailto:". */
const FILE_EMAIL = /^file:\/\/([^/\s@]+@[^/\s@]+\.[a-z]{2,})$/i;

/** The address a link annotation's URI, as MuPDF gives it, was meant to be. */
export function linkUri(uri: string): string {
  const email = FILE_EMAIL.exec(uri);
  return email === null ? uri : "mailto:" + email[1];
}

/** Link annotations kept per page: pdf.js's own corpus has a page with 32,768 of them. */
export const LINKS_PER_PAGE_MAX = 5_000;
/** Up to this many links a page's links are searched in order; more are found by rows ... */
const LINKS_SCANNED_MAX = 16;
/** ... of this height, in points ... */
const ROW_PT = 12;
/** ... and a link taller than this many rows is searched wherever a point falls. */
const LINK_ROWS_MAX = 64;

/**
 * Whether a link's area may hold a point of the box (x0, y0)-(x1, y1): false only when none
 * of the page's links meets it. The reader asks it of each line's box (the union of its
 * glyphs' boxes, so every glyph's centre lies in it): most lines of a page with links meet
 * none, and their glyphs need not be looked up one by one. A page of many links answers true
 * (their rows index, pointLinkLocator, looks among a row's few).
 */
export function linkMayMeet(links: readonly PageLink[], x0: number, y0: number, x1: number, y1: number): boolean {
  if (links.length > LINKS_SCANNED_MAX) return true;
  for (let i = 0; i < links.length; i++) {
    const l = links[i];
    // Asked as "not apart", so that a NaN anywhere keeps the link a candidate.
    if (!(l.x0 > x1 || l.x1 < x0 || l.y0 > y1 || l.y1 < y0)) return true;
  }
  return false;
}

/**
 * A lookup from a point to the index of the first link (in the page's order) whose area,
 * grown by `slop` points, holds it, or -1. A page of thousands of links (bug1978317) costs
 * each character a row's few links, not all of them.
 */
// A function of the module, not a closure made per page: a closure made per call loses its
// optimised code at each full garbage collection, and was compiled again every few passes.
function holds(l: PageLink, slop: number, x: number, y: number): boolean {
  return x >= l.x0 - slop && x <= l.x1 + slop && y >= l.y0 - slop && y <= l.y1 + slop;
}

export function linkLocator(links: readonly PageLink[], slop = 0): (x: number, y: number) => number {
  const locate = pointLinkLocator(links, slop);
  const point = new Float64Array(2);
  return (x, y) => {
    point[0] = x;
    point[1] = y;
    return locate(point);
  };
}

/**
 * linkLocator for a point handed over in a typed array's two slots (x, y): extraction asks the
 * link of every character of a page with links, from a loop that does not inline the lookup,
 * and two numbers handed to a call are two heap numbers made (a fifth of the reader's garbage).
 */
export function pointLinkLocator(links: readonly PageLink[], slop = 0): (point: Float64Array) => number {
  if (links.length <= LINKS_SCANNED_MAX) {
    // The links whose height holds the last point's y, in the page's order: the characters of
    // a line share their centre's y, and most lie level with no link, so each is then looked
    // for among a row's few links by its x alone, where every link was asked of every character.
    const level = new Int32Array(links.length);
    let levelCount = 0;
    let levelY = NaN;
    return (point) => {
      const x = point[0];
      const y = point[1];
      // A NaN y is unequal to itself: asked anew, it is level with no link (holds' answer).
      if (y !== levelY) {
        levelY = y;
        levelCount = 0;
        for (let i = 0; i < links.length; i++) if (y >= links[i].y0 - slop && y <= links[i].y1 + slop) level[levelCount++] = i;
      }
      for (let k = 0; k < levelCount; k++) {
        const l = links[level[k]];
        if (x >= l.x0 - slop && x <= l.x1 + slop) return level[k];
      }
      return -1;
    };
  }
  // Indices go into the rows in ascending order, so each row's list is in the page's order.
  const rows = new Map<number, number[]>();
  const tall: number[] = [];
  links.forEach((l, i) => {
    const r0 = Math.floor((l.y0 - slop) / ROW_PT);
    const r1 = Math.floor((l.y1 + slop) / ROW_PT);
    if (!(r1 - r0 <= LINK_ROWS_MAX)) {
      tall.push(i);
      return;
    }
    for (let r = r0; r <= r1; r++) {
      const row = rows.get(r);
      if (row) row.push(i);
      else rows.set(r, [i]);
    }
  });
  return (point) => {
    const x = point[0];
    const y = point[1];
    let found = -1;
    for (const i of rows.get(Math.floor(y / ROW_PT)) ?? []) {
      if (holds(links[i], slop, x, y)) {
        found = i;
        break;
      }
    }
    for (const i of tall) {
      if (found !== -1 && i > found) break;
      if (holds(links[i], slop, x, y)) return i;
    }
    return found;
  };
}
