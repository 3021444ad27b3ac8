// Page images of the console's Try it page (src/console/playground_routes.ts): one PNG per
// converted page, stored with the conversion and kept exactly as long (24 h,
// limits.conversionRetentionMs), in the database so that any instance can serve them.
import { limits } from "../config/limits.js";
import type { StoreContext } from "./context.js";
import { deleteInBatches } from "./purge.js";

export interface PageImage {
  page: number;
  png: Buffer;
  width: number;
  height: number;
}

export async function storePageImages(ctx: StoreContext, conversionId: string, orgId: string, images: readonly PageImage[]): Promise<void> {
  const expires = new Date(ctx.now() + limits.conversionRetentionMs).toISOString();
  for (const image of images) {
    await ctx.db.query(
      `INSERT INTO page_images (conversion_id, org_id, page, png, width, height, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz)`,
      [conversionId, orgId, image.page, image.png, image.width, image.height, expires],
    );
  }
}

/** The page's PNG when it is this organization's and its 24 hours have not passed; else null. */
export async function getPageImage(ctx: StoreContext, ref: { conversionId: string; orgId: string; page: number }): Promise<Buffer | null> {
  const r = await ctx.db.query<{ png: Uint8Array }>(
    `SELECT png FROM page_images WHERE conversion_id = $1 AND org_id = $2 AND page = $3 AND expires_at > $4::timestamptz`,
    [ref.conversionId, ref.orgId, ref.page, new Date(ctx.now()).toISOString()],
  );
  const row = r.rows[0];
  return row ? Buffer.from(row.png) : null;
}

/** Deletes expired images in bounded batches (the background sweep). */
export function purgePageImages(ctx: StoreContext): Promise<{ deleted: number; more: boolean }> {
  return deleteInBatches(
    ctx,
    `DELETE FROM page_images WHERE (conversion_id, page) IN (
       SELECT conversion_id, page FROM page_images WHERE expires_at <= $1::timestamptz LIMIT $2)`,
  );
}
