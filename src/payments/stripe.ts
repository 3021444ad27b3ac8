// The Stripe adapter: Checkout Sessions for the hosted page, webhooks verified against the
// raw body with a timestamp tolerance (stripe.webhooks.constructEvent), refunds through the
// PaymentIntent. What Stripe sends maps to the processor-neutral events:
//   checkout.session.completed / .async_payment_succeeded, payment_status "paid" → settled
//     (a completed session still awaiting an async payment is ignored; its
//     async_payment_succeeded follows)
//   charge.dispute.created → disputed (a chargeback is Stripe's reversal of a card payment;
//     the dispute's later events describe the same money and change nothing here)
//   radar.early_fraud_warning.created → fraud_warning
//   anything else, charge.refunded included (our own refunds cause it) → recorded, ignored.
// Sessions not made by this service (no svc metadata) are ignored as well.
//
// Disputes and fraud warnings name the PaymentIntent or Charge, not the session, so
// checkoutRefForPayment looks the session up; the settlement itself needs no lookup.
import Stripe from "stripe";
import { limits } from "../config/limits.js";
import { packByUsd, packCredits } from "../config/rate_card.js";
import { WebhookRejected, type CheckoutRequest, type CheckoutSession, type PaymentEvent, type PaymentProcessor } from "./processor.js";

export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests inject a fake transport; production uses the SDK's Node client. */
  httpClient?: Stripe.HttpClient;
}

export class StripeProcessor implements PaymentProcessor {
  readonly name = "stripe" as const;
  readonly signatureHeader = STRIPE_SIGNATURE_HEADER;
  readonly client: Stripe;
  private readonly webhookSecret: string;

  constructor(opts: StripeOptions) {
    this.webhookSecret = opts.webhookSecret;
    this.client = new Stripe(opts.secretKey, {
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: limits.stripeNetworkRetriesMax,
      timeout: limits.stripeApiTimeoutMs,
      telemetry: false,
      ...(opts.httpClient ? { httpClient: opts.httpClient } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const pack = packByUsd(request.packUsd);
    if (pack === undefined) throw new RangeError(`no pack of ${request.packUsd} USD`);
    const credits = packCredits(pack);
    const metadata = { org_id: request.orgId, purchase_id: request.purchaseId, pack_usd: String(pack.usd) };
    const session = await this.client.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [{
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: pack.usd * 100,
            product_data: { name: `svc-md credits: ${credits.total.toLocaleString("en-US")} (${pack.usd} USD pack)` },
          },
        }],
        client_reference_id: request.purchaseId,
        customer_email: request.customerEmail,
        metadata,
        // Copied onto the PaymentIntent too, so the payment is ours in Stripe's dashboard.
        payment_intent_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      // One session per purchase, however often the SDK retries the call.
      { idempotencyKey: `svc_checkout_${request.purchaseId}` },
    );
    if (session.url === null) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { processorRef: session.id, url: session.url };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, nowMs: number): PaymentEvent {
    const header = headers[STRIPE_SIGNATURE_HEADER];
    if (typeof header !== "string" || header === "") throw new WebhookRejected("bad_signature", `The ${STRIPE_SIGNATURE_HEADER} header is missing.`);
    const tolerance = limits.webhookSignatureAgeMsMax / 1000;
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(rawBody, header, this.webhookSecret, tolerance, undefined, nowMs);
    } catch (err) {
      if (err instanceof SyntaxError) throw new WebhookRejected("malformed_json", "The notification body is not JSON.");
      // Tolerance 0 checks the signature alone: if that passes, only the timestamp failed.
      if (this.signatureMatches(rawBody, header)) {
        throw new WebhookRejected("stale_timestamp", `The notification was signed more than ${tolerance} s ago. Stripe retries with a fresh signature.`);
      }
      throw new WebhookRejected("bad_signature", `No signature in ${STRIPE_SIGNATURE_HEADER} matches the body for this endpoint's signing secret.`);
    }
    if (typeof event !== "object" || event === null || typeof event.id !== "string" || typeof event.type !== "string") {
      throw new WebhookRejected("malformed", "The notification is not a Stripe event.");
    }
    return toPaymentEvent(event);
  }

  private signatureMatches(rawBody: Buffer, header: string): boolean {
    try {
      return this.client.webhooks.signature?.verifyHeader(rawBody, header, this.webhookSecret, 0) === true;
    } catch {
      return false;
    }
  }

  async refund(processorRef: string, amountCents: number): Promise<void> {
    const session = await this.client.checkout.sessions.retrieve(processorRef);
    const paymentIntent = idOf(session.payment_intent);
    if (paymentIntent === null) throw new Error(`checkout session ${processorRef} has no payment to refund`);
    const full = session.amount_total === null || amountCents >= session.amount_total;
    await this.client.refunds.create(
      { payment_intent: paymentIntent, ...(full ? {} : { amount: amountCents }), metadata: { processor_ref: processorRef } },
      // A purchase is refunded at most once (store/payments.ts), so one key per payment:
      // a redelivered notification or a retried call cannot refund twice.
      { idempotencyKey: `svc_refund_${processorRef}` },
    );
  }

  async checkoutRefForPayment(paymentId: string): Promise<string | null> {
    let paymentIntent: string | null = paymentId;
    if (paymentId.startsWith("ch_")) paymentIntent = idOf((await this.client.charges.retrieve(paymentId)).payment_intent);
    if (paymentIntent === null) return null;
    const sessions = await this.client.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    return sessions.data[0]?.id ?? null;
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : value.id;
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const ignored: PaymentEvent = { id: event.id, type: "unknown", rawType: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const s = event.data.object;
      const orgId = s.metadata?.org_id;
      const packUsd = Number(s.metadata?.pack_usd);
      if (s.payment_status !== "paid" || orgId === undefined || packByUsd(packUsd) === undefined) return ignored;
      return { id: event.id, type: "payment.settled", processorRef: s.id, orgId, packUsd, currency: (s.currency ?? "").toLowerCase(), amountCents: s.amount_total ?? 0 };
    }
    case "charge.dispute.created": {
      const d = event.data.object;
      const paymentId = idOf(d.payment_intent) ?? idOf(d.charge);
      return paymentId === null ? ignored : { id: event.id, type: "payment.disputed", payment: { paymentId } };
    }
    case "radar.early_fraud_warning.created": {
      const w = event.data.object;
      const paymentId = idOf(w.payment_intent) ?? idOf(w.charge);
      return paymentId === null ? ignored : { id: event.id, type: "payment.fraud_warning", payment: { paymentId } };
    }
    default:
      return ignored;
  }
}
