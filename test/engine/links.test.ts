// extract/links.ts: the link lookup extraction and inline rendering share (issue 9: speed; a
// page of 32,768 link annotations in pdf.js's corpus cost each span a scan of all of them).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LINKS_PER_PAGE_MAX, linkLocator, linkMayMeet, linkUri } from "../../src/engine/extract/links.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { corpus } from "../support/corpus.js";
import type { PageLink } from "../../src/engine/model.js";

/** The lookup it replaced: the first link, in the page's order, whose grown area holds the point. */
function scan(links: readonly PageLink[], slop: number, x: number, y: number): number {
  return links.findIndex((l) => x >= l.x0 - slop && x <= l.x1 + slop && y >= l.y0 - slop && y <= l.y1 + slop);
}

const link = fc.record({ x: fc.integer({ min: 0, max: 600 }), y: fc.integer({ min: 0, max: 800 }), w: fc.integer({ min: 1, max: 200 }), h: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 700, max: 900 })) }).map(({ x, y, w, h }) => ({ x0: x, y0: y, x1: x + w, y1: y + h, uri: `https://example.com/${x}/${y}` }));

describe("linkUri (issue 9: a relative URI that is an e-mail address, resolved by MuPDF against file://)", () => {
  it("reads file://name@host.org as mailto:name@host.org (URbeamer's, gsemthesis' and tuprints' \\href{name@host}{…})", () => {
    expect(linkUri("file://TeX@mareipeischl.de")).toBe("mailto:TeX@mareipeischl.de");
    expect(linkUri("file://tuprints@ulb.tu-darmstadt.de")).toBe("mailto:tuprints@ulb.tu-darmstadt.de");
  });

  it("leaves file paths, other schemes and addresses with paths alone", () => {
    for (const uri of ["file:///home/a/report.pdf", "file://server/share/a.pdf", "https://example.com/a@b.org", "mailto:a@b.org", "file://a@b/c.pdf"]) expect(linkUri(uri)).toBe(uri);
  });
});

describe("linkLocator", () => {
  it("finds what a scan of every link finds, for few links and for many, overlapping and page-tall ones included", () => {
    fc.assert(
      fc.property(fc.array(link, { minLength: 0, maxLength: 120 }), fc.array(fc.tuple(fc.double({ min: -10, max: 620, noNaN: true }), fc.double({ min: -10, max: 920, noNaN: true })), { maxLength: 40 }), fc.constantFrom(0, 0.5), (links, points, slop) => {
        const locate = linkLocator(links, slop);
        for (const [x, y] of points) expect(locate(x, y)).toBe(scan(links, slop, x, y));
      }),
    );
  });

  it("finds what the scan finds for points asked line by line, their y repeated (the lookup keeps the links level with the last y)", () => {
    // A line's characters share their centre's y: the few-links lookup reuses the links level
    // with it until the y changes, a NaN y included.
    const lineOfPoints = fc.tuple(fc.oneof(fc.double({ min: -10, max: 920, noNaN: true }), fc.constant(Number.NaN)), fc.array(fc.double({ min: -10, max: 620, noNaN: true }), { minLength: 1, maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(link, { minLength: 1, maxLength: 16 }), fc.array(lineOfPoints, { maxLength: 12 }), fc.constantFrom(0, 0.5), (links, lines, slop) => {
        const locate = linkLocator(links, slop);
        for (const [y, xs] of lines) for (const x of xs) expect(locate(x, y)).toBe(scan(links, slop, x, y));
      }),
    );
  });

  it("linkMayMeet: a box it says no link meets holds no point the lookup finds a link at (the reader skips the lookup on such a line)", () => {
    const box = fc.tuple(fc.double({ min: -10, max: 620, noNaN: true }), fc.double({ min: -10, max: 920, noNaN: true }), fc.double({ min: 0, max: 300, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true }));
    fc.assert(
      fc.property(fc.array(link, { minLength: 0, maxLength: 20 }), box, fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 20 }), (links, [x0, y0, w, h], points) => {
        if (linkMayMeet(links, x0, y0, x0 + w, y0 + h)) return;
        const locate = linkLocator(links);
        for (const [fx, fy] of points) expect(locate(x0 + fx * w, y0 + fy * h)).toBe(-1);
        expect(locate(x0, y0)).toBe(-1);
        expect(locate(x0 + w, y0 + h)).toBe(-1);
      }),
    );
    const one = [{ x0: 100, y0: 100, x1: 200, y1: 112, uri: "https://example.com" }];
    // Boxes that touch the link's edge meet it; a box beside it, or above, does not.
    expect(linkMayMeet(one, 200, 112, 250, 130)).toBe(true);
    expect(linkMayMeet(one, 10, 100, 99, 112)).toBe(false);
    expect(linkMayMeet(one, 100, 80, 200, 99.5)).toBe(false);
    expect(linkMayMeet(one, Number.NaN, Number.NaN, Number.NaN, Number.NaN)).toBe(true);
  });

  it("answers -1 on a page without links, and keeps 5,000 links a page", () => {
    expect(linkLocator([])(10, 10)).toBe(-1);
    expect(LINKS_PER_PAGE_MAX).toBe(5_000);
  });
});

describe.skipIf(!corpus.available)("MuPDF's reader on a page of 32,768 links (pdf.js bug1978317.pdf)", () => {
  it("keeps the first 5,000, as pdf.js's reader does", () => {
    const { doc } = openDocument(new Uint8Array(corpus.pdf("pdf.js/bug1978317.pdf")));
    try {
      expect(extractPageMupdf(doc, 0).links).toHaveLength(LINKS_PER_PAGE_MAX);
    } finally {
      doc.destroy();
    }
  });
});
