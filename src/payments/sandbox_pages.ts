// The sandbox processor's hosted checkout (sandbox.ts): GET /sandbox/checkout/:ref shows the
// pack, its price in USD and a currency selector; Pay sends the signed settlement
// notification to our webhook and returns the browser to the checkout's success URL;
// Cancel returns it to the cancel URL. These are the processor's pages, not the console's:
// they share nothing with src/console (their own look and escaping), as a real processor's
// checkout would not.
//
// Pay delivers the notification over HTTP to {base_url}/webhooks/sandbox, as a processor
// does; only when that address cannot be reached at all (a base URL this process cannot
// connect to, as in tests) does it fall back to the same verify + dispatch in-process, and
// logs it. The browser's return grants nothing: the console's return page waits for the
// notification's grant (SPEC.md §Credit purchase rule 4).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { limits } from "../config/limits.js";
import { packByUsd, packCredits } from "../config/rate_card.js";
import { ApiError } from "../errors/catalogue.js";
import type { RouteDeps } from "../http/route_deps.js";
import { readSmallBody } from "./raw_body.js";
import { SANDBOX_CHECKOUT_PATH, SANDBOX_CURRENCIES, type SandboxProcessor, type SandboxSession, type SignedNotification } from "./sandbox.js";

/** Verify + dispatch in this process: webhooks.ts's receiveWebhook, bound to the store. */
export type InProcessDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<unknown>;

// Failures of fetch that mean "nothing is listening there": no byte reached a webhook, so
// in-process delivery cannot apply a notification twice.
const cannotConnectCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

export function registerSandboxPages(app: FastifyInstance, deps: RouteDeps, sandbox: SandboxProcessor, inProcess: InProcessDelivery): void {
  app.get<{ Params: { ref: string }; Querystring: Record<string, unknown> }>(`${SANDBOX_CHECKOUT_PATH}/:ref`, async (request, reply) => {
    const token = typeof request.query.session === "string" ? request.query.session : undefined;
    const session = openOrRefuse(sandbox, request.params.ref, token);
    return sendPage(reply, checkoutPage(session, token as string));
  });

  app.post<{ Params: { ref: string } }>(`${SANDBOX_CHECKOUT_PATH}/:ref/pay`, async (request, reply) => {
    const form = await readForm(request);
    const session = openOrRefuse(sandbox, request.params.ref, form.get("session") ?? undefined);
    const currency = form.get("currency") ?? "usd";
    if (!(SANDBOX_CURRENCIES as readonly string[]).includes(currency)) {
      throw new ApiError("invalid_parameter_type", { param: "currency", message: `The sandbox takes ${SANDBOX_CURRENCIES.join(", ")}; choose one of them.` });
    }
    const note = sandbox.notification({ type: "payment.settled", processorRef: session.ref, orgId: session.orgId, packUsd: session.packUsd, currency });
    await deliver(deps, note, inProcess, request);
    return reply.code(303).header("location", session.successUrl).header("cache-control", "no-store").send();
  });

  app.post<{ Params: { ref: string } }>(`${SANDBOX_CHECKOUT_PATH}/:ref/cancel`, async (request, reply) => {
    const form = await readForm(request);
    const session = openOrRefuse(sandbox, request.params.ref, form.get("session") ?? undefined);
    return reply.code(303).header("location", session.cancelUrl).header("cache-control", "no-store").send();
  });
}

function openOrRefuse(sandbox: SandboxProcessor, ref: string, token: string | undefined): SandboxSession {
  const session = sandbox.openSession(ref, token);
  if (session === null) {
    throw new ApiError("resource_not_found", {
      message: `No open sandbox checkout has this address: it expired (checkouts last ${limits.sandboxCheckoutLifetimeMs / 3_600_000} h) or the link is incomplete. Start a new purchase from the console.`,
    });
  }
  return session;
}

async function readForm(request: FastifyRequest): Promise<URLSearchParams> {
  const type = String(request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new ApiError("unsupported_content_type", { message: "The checkout form is sent as application/x-www-form-urlencoded." });
  }
  return new URLSearchParams((await readSmallBody(request, limits.sandboxFormBytesMax)).toString("utf8"));
}

/** Sends the notification to the service's webhook as a processor would; see the file comment. */
async function deliver(deps: RouteDeps, note: SignedNotification, inProcess: InProcessDelivery, request: FastifyRequest): Promise<void> {
  const url = `${deps.baseUrl}/webhooks/sandbox`;
  try {
    const res = await fetch(url, { method: "POST", headers: note.headers, body: note.rawBody, redirect: "manual", signal: AbortSignal.timeout(limits.sandboxDeliveryMsMax) });
    await res.body?.cancel();
    // A processor would retry a refused notification later; the sandbox logs it instead.
    if (res.status !== 200) request.log.error({ event_id: note.eventId, status: res.status }, "sandbox notification refused by the webhook");
  } catch (err) {
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code !== "string" || !cannotConnectCodes.has(code)) {
      request.log.error({ err, event_id: note.eventId }, "sandbox notification delivery failed");
      return;
    }
    request.log.warn({ event_id: note.eventId, code }, "sandbox cannot reach the webhook at the base URL; delivering in-process");
    await inProcess(note.rawBody, note.headers);
  }
}

function sendPage(reply: FastifyReply, body: string): FastifyReply {
  return reply
    .code(200)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    // No scripts, no external assets, not framed: a checkout page clickjacked would pay.
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
    .header("x-frame-options", "DENY")
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .send(body);
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (value: string | number): string => String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
const int = (n: number) => n.toLocaleString("en-US");

function checkoutPage(s: SandboxSession, token: string): string {
  const pack = packByUsd(s.packUsd);
  const credits = pack ? packCredits(pack) : { base: 0, bonus: 0, total: 0 };
  const bonus = credits.bonus > 0 ? ` (${int(credits.base)} + ${int(credits.bonus)} bonus)` : "";
  const amount = `${int(s.packUsd)}.00`;
  const options = SANDBOX_CURRENCIES.map((c) => `<option value="${c}"${c === "usd" ? " selected" : ""}>${c.toUpperCase()}</option>`).join("");
  const base = `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(s.ref)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payments — checkout</title>
<style>
body{margin:0;font:15px/1.5 Georgia,serif;background:#f3efe6;color:#222}
header{background:#1d3b2a;color:#f3efe6;padding:14px 24px;font:600 18px/1 system-ui,sans-serif;letter-spacing:.04em}
header small{margin-left:12px;padding:2px 8px;border:1px solid #f3efe6;border-radius:3px;font-size:11px;text-transform:uppercase}
main{max-width:460px;margin:32px auto;background:#fff;border:1px solid #d8d0bd;padding:24px 28px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:30px;margin:12px 0}.muted{color:#6b6457;font-size:13px}
label{display:block;margin:16px 0 6px}select{font:inherit;padding:4px}
.actions{display:flex;gap:12px;margin-top:22px}button{font:600 15px system-ui,sans-serif;padding:10px 18px;border-radius:3px;cursor:pointer}
.pay{background:#1d3b2a;color:#fff;border:1px solid #1d3b2a}.cancel{background:#fff;color:#1d3b2a;border:1px solid #1d3b2a}
</style></head>
<body><header>Sandbox payments<small>test mode</small></header>
<main>
<p class="muted">Pay svc-md · ${esc(s.email)}</p>
<h1>${esc(int(s.packUsd))} USD credit pack</h1>
<p>${esc(int(credits.total))} credits${esc(bonus)}</p>
<p class="amount">${esc(amount)} USD</p>
<form method="post" action="${esc(base)}/pay">
<input type="hidden" name="session" value="${esc(token)}">
<label for="currency">Pay in</label>
<select id="currency" name="currency">${options}</select>
<p class="muted">No card and no money: Pay sends the processor's signed settlement notification to the service, as a real processor does. A currency other than USD is refunded automatically and grants nothing.</p>
<div class="actions"><button class="pay" type="submit">Pay ${esc(amount)}</button>
<button class="cancel" type="submit" formaction="${esc(base)}/cancel">Cancel</button></div>
</form>
<p class="muted">Reference ${esc(s.ref)} · purchase ${esc(s.purchaseId)}</p>
</main></body></html>
`;
}
