// Starting a purchase (SPEC.md §Credit purchase, §Purchase limits by trust tier): the limits
// are checked before any checkout exists, the purchase is recorded as pending, then the
// processor makes its hosted checkout. Credits come later, only from the processor's
// settlement notification (webhooks.ts); the browser's return grants nothing.
import type { StoreContext } from "../store/context.js";
import { attachProcessorRef } from "../store/payment_refs.js";
import { checkPurchaseAllowed, openPurchase, type PurchaseRefusalCode } from "../store/payments.js";
import type { Refusal } from "../store/refusal.js";
import type { PaymentProcessor } from "./processor.js";

export interface CheckoutDeps {
  store: StoreContext;
  /** {base_url}: the default return addresses are under {base_url}/console. */
  baseUrl: string;
  processor: PaymentProcessor;
}

export interface CheckoutInput {
  orgId: string;
  /** The customer's address, prefilled on the processor's page and on its receipt. */
  email: string;
  packUsd: number;
  /** Where the processor returns the browser after paying; defaults below. */
  successUrl?: string;
  cancelUrl?: string;
}

export type CheckoutResult =
  | { ok: true; url: string; purchaseId: string; processorRef: string; tier: number }
  | Refusal<PurchaseRefusalCode>;

/** The console's return page polls the purchase until the grant lands; cancel goes back to buying. */
export function defaultReturnUrls(baseUrl: string, purchaseId: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${baseUrl}/console/credits/return?purchase=${encodeURIComponent(purchaseId)}`,
    cancelUrl: `${baseUrl}/console/credits?checkout=cancelled`,
  };
}

/**
 * checkPurchaseAllowed → openPurchase (pending) → processor.createCheckout. A refusal is
 * returned as data: its message names the limit and by how much the purchase passes it
 * (a top-up smaller than the debt names the pack required). A processor failure throws;
 * the pending purchase then stays pending and is never settled (nothing counts it).
 */
export async function startCheckout(deps: CheckoutDeps, input: CheckoutInput): Promise<CheckoutResult> {
  const allowed = await checkPurchaseAllowed(deps.store, input.orgId, input.packUsd);
  if (!allowed.ok) return allowed;
  const purchaseId = await openPurchase(deps.store, {
    orgId: input.orgId, packUsd: input.packUsd, currency: "usd", processor: deps.processor.name, processorRef: null,
  });
  const urls = defaultReturnUrls(deps.baseUrl, purchaseId);
  const session = await deps.processor.createCheckout({
    orgId: input.orgId, purchaseId, packUsd: input.packUsd, currency: "usd", customerEmail: input.email,
    successUrl: input.successUrl ?? urls.successUrl, cancelUrl: input.cancelUrl ?? urls.cancelUrl,
  });
  // Before the URL leaves: a notification for this checkout must find its purchase.
  await attachProcessorRef(deps.store, purchaseId, session.processorRef);
  return { ok: true, url: session.url, purchaseId, processorRef: session.processorRef, tier: allowed.tier };
}
