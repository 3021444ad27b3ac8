// How a processor's notification finds its purchase, and is applied once: the purchase by
// the processor's reference, and the (processor, event id) record that every notification's
// effect writes in its own transaction (payments.ts), so a redelivered or replayed
// notification changes nothing.
import type { StoreContext } from "./context.js";
import type { Queryable } from "./db.js";
import { assert } from "./assert.js";

const iso = (ms: number) => new Date(ms).toISOString();

export type PurchaseStatus = "pending" | "settled" | "refunded" | "reversed" | "rejected_currency";

/** Sets a pending purchase's processor reference, once (see openPurchase). */
export async function attachProcessorRef(ctx: StoreContext, purchaseId: string, processorRef: string): Promise<void> {
  const r = await ctx.db.query(
    "UPDATE purchases SET processor_ref = $2 WHERE id = $1 AND status = 'pending' AND processor_ref IS NULL",
    [purchaseId, processorRef],
  );
  assert(r.rowCount === 1, `purchase ${purchaseId} is not a pending purchase without a processor reference`);
}

export interface PurchaseRef {
  id: string;
  orgId: string;
  processor: string;
  processorRef: string | null;
  status: PurchaseStatus;
}

/** A purchase by id, or by a processor's reference (webhooks, support commands). */
export async function findPurchase(ctx: StoreContext, by: { id: string } | { processor: string; processorRef: string }): Promise<PurchaseRef | null> {
  const [where, params] = "id" in by ? ["id = $1", [by.id]] : ["processor = $1 AND processor_ref = $2", [by.processor, by.processorRef]];
  const row = (await ctx.db.query<{ id: string; org_id: string; processor: string; processor_ref: string | null; status: PurchaseStatus }>(
    `SELECT id, org_id, processor, processor_ref, status FROM purchases WHERE ${where}`,
    params,
  )).rows[0];
  return row === undefined ? null : { id: row.id, orgId: row.org_id, processor: row.processor, processorRef: row.processor_ref, status: row.status };
}

/** A processor notification's identity: recorded with its effect, so a redelivery changes nothing. */
export interface ProcessorEventKey {
  processor: string;
  eventId: string;
}

/** Records the event as processed; false when it already was (the caller then does nothing). */
export async function claimEvent(q: Queryable, e: ProcessorEventKey, kind: string, reference: string | null, nowMs: number): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO payment_events (processor, event_id, kind, reference, processed_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (processor, event_id) DO NOTHING RETURNING event_id`,
    [e.processor, e.eventId, kind, reference, iso(nowMs)],
  );
  return r.rows.length === 1;
}

/** A notification that asks nothing of us (an unknown type, an unknown payment): recorded, ignored. */
export async function recordIgnoredEvent(ctx: StoreContext, e: ProcessorEventKey, reference: string | null): Promise<{ duplicate: boolean }> {
  return { duplicate: !(await claimEvent(ctx.db, e, "ignored", reference, ctx.now())) };
}
