// The Try it page's page images: each converted page rendered by MuPDF to a PNG, scaled to at
// most limits.playgroundImageWidthMax pixels wide and limits.playgroundImagePixelsMax pixels
// in all, for at most limits.playgroundImagePagesMax pages of one conversion. A page MuPDF
// cannot render is left out: the page shows a "render failed" note instead of an image.
import { limits } from "../config/limits.js";
import { mupdf } from "../engine/extract/mupdf_runtime.js";
import type { PageImage } from "../store/page_images.js";

export interface RenderedPages {
  images: PageImage[];
  /** Pages MuPDF could not render. */
  failed: number[];
  /** Pages past playgroundImagePagesMax, left without an image. */
  skipped: number[];
}

/** The scale that fits a `width`×`height` pt page inside both image limits (never above 2×). */
export function imageScale(width: number, height: number): number {
  const byWidth = limits.playgroundImageWidthMax / width;
  const byPixels = Math.sqrt(limits.playgroundImagePixelsMax / (width * height));
  return Math.min(2, byWidth, byPixels);
}

export function renderPages(pdf: Uint8Array, password: string | undefined, pages: readonly number[]): RenderedPages {
  const out: RenderedPages = { images: [], failed: [], skipped: pages.slice(limits.playgroundImagePagesMax) };
  // A picture's colours are what a reader compares: ICC colour management on while rendering
  // (the engine turns it off for extraction, mupdf_runtime.ts). Nothing else runs on this
  // thread's MuPDF until the synchronous render ends.
  mupdf.enableICC();
  try {
    renderInto(out, pdf, password, pages);
  } finally {
    mupdf.disableICC();
  }
  return out;
}

function renderInto(out: RenderedPages, pdf: Uint8Array, password: string | undefined, pages: readonly number[]): void {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  try {
    if (doc.needsPassword() && !doc.authenticatePassword(password ?? "")) {
      out.failed.push(...pages.slice(0, limits.playgroundImagePagesMax));
      return;
    }
    for (const n of pages.slice(0, limits.playgroundImagePagesMax)) {
      try {
        const page = doc.loadPage(n - 1);
        try {
          const [x0, y0, x1, y1] = page.getBounds();
          const scale = imageScale(Math.max(1, x1 - x0), Math.max(1, y1 - y0));
          const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
          try {
            out.images.push({ page: n, png: Buffer.from(pixmap.asPNG()), width: pixmap.getWidth(), height: pixmap.getHeight() });
          } finally {
            pixmap.destroy();
          }
        } finally {
          page.destroy();
        }
      } catch {
        out.failed.push(n);
      }
    }
  } finally {
    doc.destroy();
  }
}
