// A purchase as the console's return page sees it. Credits come only from the processor's
// settlement notification (SPEC.md §Credit purchase rule 4); the browser coming back from
// checkout changes nothing, it only asks here until the settlement has landed.
import type { StoreContext } from "../store/context.js";
import type { PurchaseStatus } from "../store/payment_refs.js";
import { formatInt } from "./html.js";

export interface PurchaseView {
  object: "purchase_status";
  id: string;
  status: PurchaseStatus;
  pack_usd: number;
  /** Base + bonus once settled (what the settlement granted); 0 while pending or when refused. */
  credits_granted: number;
  credit_balance: number;
  /** The same, formatted as the page prints it, so the script inserts text and never markup. */
  credit_balance_text: string;
  message: string;
}

function statusMessage(status: PurchaseStatus, base: number, bonus: number, packUsd: number): string {
  switch (status) {
    case "pending":
      return "Waiting for the payment processor to confirm the payment…";
    case "settled": {
      const extra = bonus > 0 ? ` (${formatInt(base)} + ${formatInt(bonus)} bonus)` : "";
      return `Payment of ${formatInt(packUsd)} USD settled: ${formatInt(base + bonus)} credits were added${extra}.`;
    }
    case "rejected_currency":
      return "The payment was not made in USD, so it is being refunded automatically. No credits were added.";
    case "refunded":
      return "This purchase was refunded.";
    case "reversed":
      return "This payment was reversed by the payment processor.";
  }
}

/** The organization's purchase `purchaseId`, or null (unknown, or another organization's). */
export async function purchaseView(ctx: StoreContext, orgId: string, purchaseId: string): Promise<PurchaseView | null> {
  const r = await ctx.db.query<{ id: string; status: PurchaseStatus; pack_usd: number; base_credits: number; bonus_credits: number; credit_balance: number }>(
    `SELECT p.id, p.status, p.pack_usd, p.base_credits, p.bonus_credits, o.credit_balance
       FROM purchases p JOIN orgs o ON o.id = p.org_id
      WHERE p.id = $1 AND p.org_id = $2`,
    [purchaseId, orgId],
  );
  const row = r.rows[0];
  if (row === undefined) return null;
  const base = Number(row.base_credits);
  const bonus = Number(row.bonus_credits);
  const granted = row.status === "pending" || row.status === "rejected_currency" ? 0 : base + bonus;
  const balance = Number(row.credit_balance);
  return {
    object: "purchase_status",
    id: row.id,
    status: row.status,
    pack_usd: Number(row.pack_usd),
    credits_granted: granted,
    credit_balance: balance,
    credit_balance_text: formatInt(balance),
    message: statusMessage(row.status, base, bonus, Number(row.pack_usd)),
  };
}
