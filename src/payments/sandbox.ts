// The `sandbox` processor (DECISIONS.md §Console and payments): the default, so a fresh
// install can buy credits with no processor account. It behaves as a real processor does:
// it hosts its own checkout page (sandbox_pages.ts), and on Pay it sends a signed
// settlement notification to our webhook; credits come only from that notification.
//
// It keeps no state of its own. A checkout session travels in the page's URL as a sealed
// token (HMAC, like the fragment of a Stripe Checkout URL), so any instance, or one that
// restarted, can serve the page; the path keeps only the short payment reference, because
// Fastify caps a path parameter at 100 characters.
//
// Notifications are signed as Stripe signs its webhooks: header `svc-sandbox-signature:
// t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, refused when the signature
// does not match or t is more than limits.webhookSignatureAgeMsMax away from now.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { limits } from "../config/limits.js";
import { packByUsd } from "../config/rate_card.js";
import { WebhookRejected, type CheckoutRequest, type CheckoutSession, type PaymentEvent, type PaymentProcessor } from "./processor.js";

export const SANDBOX_SIGNATURE_HEADER = "svc-sandbox-signature";
/** The path of the sandbox's hosted checkout; the page routes are in sandbox_pages.ts. */
export const SANDBOX_CHECKOUT_PATH = "/sandbox/checkout";
/** Currencies the sandbox page offers: USD, and two others to exercise the refund path. */
export const SANDBOX_CURRENCIES = ["usd", "eur", "gbp"] as const;
export type SandboxCurrency = (typeof SANDBOX_CURRENCIES)[number];

export interface PaymentsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: PaymentsLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What the sandbox's checkout page shows and what Pay needs: the sealed session. */
export interface SandboxSession {
  ref: string;
  purchaseId: string;
  orgId: string;
  packUsd: number;
  email: string;
  successUrl: string;
  cancelUrl: string;
  expiresAtMs: number;
}

const sessionSchema = z.object({
  ref: z.string(), purchaseId: z.string(), orgId: z.string(), packUsd: z.number().int(), email: z.string(),
  successUrl: z.string(), cancelUrl: z.string(), expiresAtMs: z.number().int(),
});

/** A notification the sandbox sends, as it goes over the wire. */
export interface SignedNotification {
  rawBody: Buffer;
  headers: Record<string, string>;
  eventId: string;
}

type NotificationInput =
  | { type: "payment.settled"; eventId?: string; processorRef: string; orgId: string; packUsd: number; currency: string }
  | { type: "payment.reversed" | "payment.disputed" | "payment.fraud_warning"; eventId?: string; processorRef: string }
  | { type: string; eventId?: string; processorRef: string };

// The wire form of a sandbox event; zod checks it after the signature did.
const wireEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.object({ payment: z.string().min(1).max(255) }).passthrough(),
});
const settledData = z.object({
  payment: z.string(), org_id: z.string().min(1), pack_usd: z.number().int(), currency: z.string().regex(/^[a-z]{3}$/), amount_cents: z.number().int().min(0),
});

export class SandboxProcessor implements PaymentProcessor {
  readonly name = "sandbox" as const;
  readonly signatureHeader = SANDBOX_SIGNATURE_HEADER;
  private readonly sessionKey: Buffer;
  /** Refunds asked of the sandbox, once per payment (no money moves; kept for the operator and tests). */
  readonly refunds = new Map<string, number>();

  constructor(
    private readonly secret: string,
    private readonly opts: { baseUrl: string; now?: () => number; log?: PaymentsLog },
  ) {
    // Session tokens and webhook signatures never share a key: a sealed session can never
    // pass as a signed notification, nor the reverse.
    this.sessionKey = createHmac("sha256", secret).update("svc sandbox checkout sessions").digest();
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const ref = `pay_sbx_${randomBytes(12).toString("base64url")}`;
    const session: SandboxSession = {
      ref, purchaseId: request.purchaseId, orgId: request.orgId, packUsd: request.packUsd, email: request.customerEmail,
      successUrl: request.successUrl, cancelUrl: request.cancelUrl, expiresAtMs: this.now() + limits.sandboxCheckoutLifetimeMs,
    };
    const url = `${this.opts.baseUrl}${SANDBOX_CHECKOUT_PATH}/${ref}?session=${this.seal(session)}`;
    return { processorRef: ref, url };
  }

  private seal(session: SandboxSession): string {
    const body = Buffer.from(JSON.stringify(session)).toString("base64url");
    return `${body}.${createHmac("sha256", this.sessionKey).update(body).digest("base64url")}`;
  }

  /** The session a page URL or form carries; null when forged, for another ref, or expired. */
  openSession(ref: string, token: string | undefined): SandboxSession | null {
    if (token === undefined) return null;
    const dot = token.indexOf(".");
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    const expected = createHmac("sha256", this.sessionKey).update(body).digest();
    if (!sameBytes(expected, Buffer.from(token.slice(dot + 1), "base64url"))) return null;
    const parsed = sessionSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    if (!parsed.success || parsed.data.ref !== ref || parsed.data.expiresAtMs <= this.now()) return null;
    return parsed.data;
  }

  /**
   * Builds and signs a notification. Settlement's event id is fixed per payment unless
   * given: a checkout is paid once, so a second Pay is a redelivery of the same event.
   */
  notification(input: NotificationInput, nowMs = this.now()): SignedNotification {
    const eventId = input.eventId ?? (input.type === "payment.settled" ? `evt_sbx_settled_${input.processorRef}` : `evt_sbx_${randomBytes(12).toString("base64url")}`);
    let data: Record<string, unknown> = { payment: input.processorRef };
    if (input.type === "payment.settled" && "orgId" in input) {
      const pack = packByUsd(input.packUsd);
      // No exchange: the sandbox charges the pack's number in whatever currency was chosen.
      data = { ...data, org_id: input.orgId, pack_usd: input.packUsd, currency: input.currency.toLowerCase(), amount_cents: (pack?.usd ?? input.packUsd) * 100 };
    }
    const rawBody = Buffer.from(JSON.stringify({ id: eventId, type: input.type, created: Math.floor(nowMs / 1000), data }));
    return { rawBody, eventId, headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: this.sign(rawBody, nowMs) } };
  }

  /** The signature header for `rawBody` sent at `nowMs`. */
  sign(rawBody: Buffer, nowMs: number): string {
    const t = Math.floor(nowMs / 1000);
    return `t=${t},v1=${this.mac(t, rawBody).toString("hex")}`;
  }

  private mac(t: number, rawBody: Buffer): Buffer {
    return createHmac("sha256", this.secret).update(`${t}.`).update(rawBody).digest();
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, nowMs: number): PaymentEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const parsed = typeof header === "string" ? parseSignatureHeader(header) : null;
    if (parsed === null) throw new WebhookRejected("bad_signature", `The ${SANDBOX_SIGNATURE_HEADER} header is missing or not of the form t=<seconds>,v1=<hex>.`);
    const expected = this.mac(parsed.t, rawBody);
    if (!parsed.v1.some((sig) => sameBytes(expected, sig))) {
      throw new WebhookRejected("bad_signature", `No v1 signature in ${SANDBOX_SIGNATURE_HEADER} matches the body. Sign the raw body as sent, with the sandbox's webhook secret.`);
    }
    // Checked after the signature, as Stripe does: the timestamp is only trusted once signed.
    const skewMs = Math.abs(nowMs - parsed.t * 1000);
    if (skewMs > limits.webhookSignatureAgeMsMax) {
      throw new WebhookRejected("stale_timestamp", `The notification was signed ${Math.round(skewMs / 1000)} s away from now; at most ${limits.webhookSignatureAgeMsMax / 1000} s is accepted. Send a freshly signed notification.`);
    }
    return toPaymentEvent(parseJson(rawBody));
  }

  async refund(processorRef: string, amountCents: number): Promise<void> {
    // No money moved, so none moves back; the record makes the refund visible and single.
    if (this.refunds.has(processorRef)) return;
    this.refunds.set(processorRef, amountCents);
    this.opts.log?.info({ processor: "sandbox", processor_ref: processorRef, amount_cents: amountCents }, "sandbox refund");
  }
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new WebhookRejected("malformed_json", "The notification body is not JSON.");
  }
}

function toPaymentEvent(body: unknown): PaymentEvent {
  const e = wireEvent.safeParse(body);
  if (!e.success) throw new WebhookRejected("malformed", "The notification is not a sandbox event: it needs id, type, created and data.payment.");
  const { id, type, data } = e.data;
  switch (type) {
    case "payment.settled": {
      const d = settledData.safeParse(data);
      if (!d.success || packByUsd(d.data.pack_usd) === undefined) throw new WebhookRejected("malformed", "A payment.settled event needs data.org_id, a pack's data.pack_usd, data.currency and data.amount_cents.");
      return { id, type, processorRef: d.data.payment, orgId: d.data.org_id, packUsd: d.data.pack_usd, currency: d.data.currency, amountCents: d.data.amount_cents };
    }
    case "payment.reversed":
    case "payment.disputed":
    case "payment.fraud_warning":
      return { id, type, payment: { processorRef: data.payment } };
    default:
      return { id, type: "unknown", rawType: type };
  }
}

function parseSignatureHeader(header: string): { t: number; v1: Buffer[] } | null {
  let t: number | null = null;
  const v1: Buffer[] = [];
  for (const part of header.split(",")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === "t" && /^\d{1,12}$/.test(v ?? "")) t = Number(v);
    else if (k === "v1" && /^[0-9a-f]{64}$/.test(v ?? "")) v1.push(Buffer.from(v, "hex"));
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
