// Processor notifications: POST /webhooks/<processor> reads the raw body (signatures are
// over the exact bytes, so nothing may parse it first), the adapter verifies it and turns
// it into a processor-neutral PaymentEvent, and dispatchPaymentEvent applies it. The HTTP
// route, the sandbox's in-process fallback and `svc admin payment settle|reverse` all go
// through receiveWebhook, so there is one verify + dispatch path.
//
// Every effect records the event id in its own transaction (store/payments.ts,
// store/payment_refs.ts): a redelivered or replayed notification changes nothing and is
// answered 200 like the first, so the processor stops sending it. Unknown event types are
// recorded and ignored with 200 too. Refused notifications (bad signature, stale timestamp,
// a body that is not an event) answer 400 with the error envelope: `invalid_parameter_type`
// (`param` names the signature header or `body`, `details.reason` the exact fault), or
// `malformed_json` when the body does not parse. A failure of ours answers 500 and the
// processor redelivers later.
import type { FastifyInstance } from "fastify";
import { limits } from "../config/limits.js";
import { ApiError } from "../errors/catalogue.js";
import type { RouteDeps } from "../http/route_deps.js";
import type { StoreContext } from "../store/context.js";
import { findPurchase, recordIgnoredEvent, type ProcessorEventKey } from "../store/payment_refs.js";
import { recordFraudWarning, reversePurchase, settlePurchase, type ReverseResult, type SettlePurchaseResult } from "../store/payments.js";
import { WebhookRejected, type PaymentEvent, type PaymentPointer, type PaymentProcessor } from "./processor.js";
import { readSmallBody } from "./raw_body.js";
import { SandboxProcessor, silentLog, type PaymentsLog } from "./sandbox.js";
import { registerSandboxPages } from "./sandbox_pages.js";

export interface WebhookDeps {
  store: StoreContext;
  log?: PaymentsLog;
}

/** What a notification did; the route answers 200 whatever it is, the admin command prints it. */
export type WebhookOutcome =
  | { kind: "settlement"; eventId: string; duplicate: boolean; settlement: SettlePurchaseResult }
  | { kind: "reversal"; eventId: string; duplicate: boolean; reversal: ReverseResult }
  | { kind: "fraud_warning"; eventId: string; duplicate: boolean; purchaseId: string }
  | { kind: "ignored"; eventId: string; duplicate: boolean; why: IgnoredWhy };

/** Why a verified notification changed nothing: a type we do not act on, a payment that is
 * not one of our checkouts, or a reversal of a purchase that granted no credits. */
type IgnoredWhy = "unknown_type" | "unknown_payment" | "nothing_granted";

/** Registers POST /webhooks/<processor>, and the sandbox's checkout pages when it is the processor. */
export function registerPaymentRoutes(app: FastifyInstance, deps: RouteDeps, processor: PaymentProcessor): void {
  // Only the configured processor's endpoint exists: a deployment on Stripe must not accept
  // sandbox notifications (or serve the sandbox's free checkout), nor the reverse.
  app.post(`/webhooks/${processor.name}`, async (request, reply) => {
    const rawBody = await readSmallBody(request, limits.webhookBodyBytesMax);
    try {
      await receiveWebhook({ store: deps.store, log: request.log }, processor, rawBody, request.headers);
    } catch (err) {
      if (err instanceof WebhookRejected) throw rejection(processor, err);
      throw err;
    }
    return reply.code(200).send({ received: true });
  });
  if (processor instanceof SandboxProcessor) {
    registerSandboxPages(app, deps, processor, (rawBody, headers) =>
      receiveWebhook({ store: deps.store, log: app.log }, processor, rawBody, headers));
  }
}

/** Verifies a notification against its raw bytes and applies it; throws WebhookRejected. */
export async function receiveWebhook(
  deps: WebhookDeps,
  processor: PaymentProcessor,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookOutcome> {
  const event = processor.verifyWebhook(rawBody, headers, deps.store.now());
  return dispatchPaymentEvent(deps, processor, event);
}

/** Applies a verified event, idempotently by (processor, event id). */
export async function dispatchPaymentEvent(deps: WebhookDeps, processor: PaymentProcessor, event: PaymentEvent): Promise<WebhookOutcome> {
  const log = deps.log ?? silentLog;
  const key: ProcessorEventKey = { processor: processor.name, eventId: event.id };
  switch (event.type) {
    case "payment.settled": {
      const pack = event.packUsd * 100;
      if (event.currency === "usd" && event.amountCents !== pack) {
        // Money taken is granted (store/payments.ts); a mismatch means a checkout we did not build.
        log.error({ event_id: event.id, amount_cents: event.amountCents, pack_cents: pack }, "settlement amount differs from its pack's price");
      }
      const settlement = await settlePurchase(deps.store, {
        orgId: event.orgId, packUsd: event.packUsd, currency: event.currency,
        processor: processor.name, processorRef: event.processorRef, eventId: event.id,
      });
      // SPEC.md §Credit purchase rule 5. Also on a duplicate: if the first delivery's refund
      // failed, its 500 made the processor redeliver, and refunds are idempotent per payment.
      if (settlement.refund) {
        await processor.refund(event.processorRef, event.amountCents);
        if (!settlement.duplicate) log.warn({ event_id: event.id, purchase_id: settlement.purchaseId, currency: event.currency }, "settlement in a currency other than USD refunded; no credits granted");
      }
      return { kind: "settlement", eventId: event.id, duplicate: settlement.duplicate, settlement };
    }
    case "payment.reversed":
    case "payment.disputed": {
      const purchase = await purchaseOf(deps, processor, event.payment);
      if (purchase === null) return ignored(deps, key, "unknown_payment", event.payment);
      const reversal = await reversePurchase(deps.store, purchase.id, event.type === "payment.reversed" ? "reversal" : "dispute", key);
      if (!reversal.ok) {
        // Nothing was granted (pending, or refused as non-USD): nothing to claw back.
        log.warn({ event_id: event.id, purchase_id: purchase.id, reason: reversal.reason }, "reversal of a purchase that granted nothing");
        return ignored(deps, key, "nothing_granted", event.payment);
      }
      return { kind: "reversal", eventId: event.id, duplicate: reversal.duplicate, reversal };
    }
    case "payment.fraud_warning": {
      const purchase = await purchaseOf(deps, processor, event.payment);
      if (purchase === null) return ignored(deps, key, "unknown_payment", event.payment);
      const r = await recordFraudWarning(deps.store, purchase.orgId, purchase.id, key);
      return { kind: "fraud_warning", eventId: event.id, duplicate: r.duplicate, purchaseId: purchase.id };
    }
    case "unknown":
      return ignored(deps, key, "unknown_type", null);
  }
}

async function purchaseOf(deps: WebhookDeps, processor: PaymentProcessor, pointer: PaymentPointer) {
  let processorRef: string | null;
  if ("processorRef" in pointer) processorRef = pointer.processorRef;
  else processorRef = (await processor.checkoutRefForPayment?.(pointer.paymentId)) ?? null;
  if (processorRef === null) return null;
  return findPurchase(deps.store, { processor: processor.name, processorRef });
}

async function ignored(deps: WebhookDeps, key: ProcessorEventKey, why: IgnoredWhy, pointer: PaymentPointer | null): Promise<WebhookOutcome> {
  const ref = pointer === null ? null : "processorRef" in pointer ? pointer.processorRef : pointer.paymentId;
  const r = await recordIgnoredEvent(deps.store, key, ref);
  if (!r.duplicate) (deps.log ?? silentLog).info({ processor: key.processor, event_id: key.eventId, why }, "payment notification ignored");
  return { kind: "ignored", eventId: key.eventId, duplicate: r.duplicate, why };
}

function rejection(processor: PaymentProcessor, err: WebhookRejected): ApiError {
  if (err.reason === "malformed_json") {
    return new ApiError("malformed_json", { message: `${err.message} Send the processor's event exactly as signed.`, details: { reason: err.reason } });
  }
  const param = err.reason === "malformed" ? "body" : `headers.${processor.signatureHeader}`;
  return new ApiError("invalid_parameter_type", { message: err.message, param, details: { reason: err.reason } });
}
