// Colour management (docs/benchmarks.md, 2026-11-28): the engine extracts with MuPDF's ICC
// colour management off (it reads only whether a fill is white and whether text is drawn, and
// building ICC links was a seventh of MuPDF's time on a cold paper), while the console's page
// images, which a reader looks at, are rendered with it on, and it is off again afterwards.
import { describe, expect, it } from "vitest";
import { renderPages } from "../../src/console/page_render.js";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { pdfOfObjects } from "../support/documents.js";

/** A 100×100 pt page filled with pure CMYK magenta (0 1 0 0). */
function magentaPdf(): Uint8Array {
  const content = "0 1 0 0 k 0 0 100 100 re f";
  return new Uint8Array(
    pdfOfObjects([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ]),
  );
}

/** The RGB of the page's centre pixel rendered straight through MuPDF (the engine's settings). */
function engineRgb(pdf: Uint8Array): number[] {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false, true);
  const pixels = pixmap.getPixels();
  const at = (50 * pixmap.getWidth() + 50) * pixmap.getNumberOfComponents();
  const rgb = [pixels[at], pixels[at + 1], pixels[at + 2]];
  pixmap.destroy();
  page.destroy();
  doc.destroy();
  return rgb;
}

/** The RGB of a PNG's centre pixel, decoded by MuPDF (no colour conversion: the PNG is RGB). */
function centreOfPng(png: Uint8Array): number[] {
  const image = new mupdf.Image(png);
  const pixmap = image.toPixmap();
  const pixels = pixmap.getPixels();
  const at = (Math.floor(pixmap.getHeight() / 2) * pixmap.getWidth() + Math.floor(pixmap.getWidth() / 2)) * pixmap.getNumberOfComponents();
  const rgb = [pixels[at], pixels[at + 1], pixels[at + 2]];
  pixmap.destroy();
  image.destroy();
  return rgb;
}

describe("MuPDF colour management: off for extraction, on for the console's page images", () => {
  it("renders CMYK magenta through an ICC link for the page image, and the device formula (255, 0, 255) stays the engine's", () => {
    const pdf = magentaPdf();
    expect(engineRgb(pdf)).toEqual([255, 0, 255]);
    const { images, failed } = renderPages(pdf, undefined, [1]);
    expect(failed).toEqual([]);
    const imageRgb = centreOfPng(images[0].png);
    // An ICC CMYK → sRGB link does not give the device formula's pure magenta.
    expect(imageRgb).not.toEqual([255, 0, 255]);
    expect(imageRgb[1]).toBeLessThan(100);
    // Back off for the engine once the images are made.
    expect(engineRgb(pdf)).toEqual([255, 0, 255]);
  });
});
