// Payment processing behind one interface (DECISIONS.md §Console and payments): the
// `sandbox` adapter (the default; a hosted checkout of its own that sends a signed
// settlement notification to our webhook, as a real processor does) and Stripe. Credits
// are granted only from a verified settlement notification, never from the browser.

/** A checkout the customer is sent to. */
export interface CheckoutSession {
  /** The processor's payment reference; the purchase row is found by it at settlement. */
  processorRef: string;
  /** The hosted checkout page. */
  url: string;
}

export interface CheckoutRequest {
  orgId: string;
  purchaseId: string;
  packUsd: number;
  currency: "usd";
  /** Where the processor returns the browser; the page polls until the grant lands. */
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
}

/** What a verified webhook notification says, in the processor-neutral form. */
export type PaymentEvent =
  | { id: string; type: "payment.settled"; processorRef: string; orgId: string; packUsd: number; currency: string; amountCents: number }
  | { id: string; type: "payment.reversed" | "payment.disputed" | "payment.fraud_warning"; payment: PaymentPointer }
  | { id: string; type: "unknown"; rawType: string };

/**
 * Which payment a later notification (reversal, dispute, fraud warning) is about: our
 * checkout's processor reference when the notification carries it (sandbox), or the
 * processor's payment id, which `checkoutRefForPayment` turns into one (Stripe's disputes
 * name the PaymentIntent or Charge, not the Checkout Session).
 */
export type PaymentPointer = { processorRef: string } | { paymentId: string };

export class WebhookRejected extends Error {
  constructor(
    readonly reason: "bad_signature" | "stale_timestamp" | "malformed_json" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentProcessor {
  readonly name: "sandbox" | "stripe";
  /** The request header carrying the notification's signature (named in refusals). */
  readonly signatureHeader: string;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies a notification against the raw body bytes and its signature header (with a
   * timestamp tolerance) and returns the event; throws WebhookRejected otherwise.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, nowMs: number): PaymentEvent;
  /**
   * Refunds a payment in full (non-USD settlements) or in part (support refunds). Must be
   * safe to call again for the same payment: a notification whose refund failed is
   * redelivered and refunds again (Stripe: an idempotency key per payment).
   */
  refund(processorRef: string, amountCents: number): Promise<void>;
  /** The checkout reference of a processor payment id; null when no checkout of ours made it. */
  checkoutRefForPayment?(paymentId: string): Promise<string | null>;
}
