// Step 3, extract: the images both extractors keep with their place in paint order among the
// rules (PageModel.images), so that a rule painted under a picture is hidden where the picture
// covers it (tables/rulings.ts).
import type { PaintedImage } from "../model.js";
import { MARK_SIZE_MAX_PT } from "./marks.js";

/** Images kept per page: a page of thumbnails holds dozens; a tiled scan or a page drawn as
 *  thousands of image strips is artwork whose rules make no table anyway. */
export const IMAGES_PER_PAGE_MAX = 500;

/** Adds the image's box, painted after `rulesBefore` rules, unless the list is full or the
 *  box is glyph-sized (a bullet, kept as a mark). */
export function pushImage(images: PaintedImage[], x0: number, y0: number, x1: number, y1: number, rulesBefore: number): void {
  if (images.length >= IMAGES_PER_PAGE_MAX) return;
  const w = x1 - x0;
  const h = y1 - y0;
  if (!(w >= 0 && h >= 0) || (w <= MARK_SIZE_MAX_PT && h <= MARK_SIZE_MAX_PT)) return;
  images.push({ x0, y0, x1, y1, rulesBefore });
}
