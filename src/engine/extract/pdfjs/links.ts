// Annotations to links: URI link annotations with the page area each one covers.
import type { PageViewport } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PageLink } from "../../model.js";
import { LINKS_PER_PAGE_MAX } from "../links.js";
import { clampToPage, type Bounds } from "./geometry.js";

export function collectLinks(annotations: unknown[], viewport: PageViewport, bounds: Bounds): PageLink[] {
  const links: PageLink[] = [];
  for (const raw of annotations) {
    if (links.length >= LINKS_PER_PAGE_MAX) break;
    const a = raw as { subtype?: unknown; url?: unknown; rect?: unknown };
    // pdf.js fills `url` only for absolute http, https, ftp, mailto and tel targets, so
    // javascript: and relative URIs never reach the Markdown.
    if (a.subtype !== "Link" || typeof a.url !== "string" || a.url === "") continue;
    const rect = a.rect;
    if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((v) => Number.isFinite(v))) continue;
    const [ax, ay, bx, by] = viewport.convertToViewportRectangle(rect) as number[];
    const x0 = Math.min(ax, bx);
    const x1 = Math.max(ax, bx);
    const y0 = Math.min(ay, by);
    const y1 = Math.max(ay, by);
    const box = clampToPage(x0, y0, x1, y1, bounds);
    if (box !== null) links.push({ ...box, uri: a.url });
  }
  return links;
}
