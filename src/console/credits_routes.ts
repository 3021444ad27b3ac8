// Credits in the console (SPEC.md §Credit purchase, §Purchase limits by trust tier):
//   GET  /console/credits                          position, limits, the four packs
//   POST /console/credits/checkout                 {pack_usd} → 303 to the processor's checkout,
//                                                  or the refusal on the page
//   GET  /console/credits/return?purchase=pur_…    the return page (polls)
//   GET  /console/credits/purchase/:id/status      the small JSON it polls
//
// Purchase limits are enforced before any checkout exists: startCheckout
// (src/payments/checkout.ts) runs checkPurchaseAllowed first, whose refusal names the limit
// and by how much (a top-up smaller than the debt names the pack required); the page shows
// that message as it is.
import type { FastifyInstance, FastifyReply } from "fastify";
import { packByUsd } from "../config/rate_card.js";
import { trustTier } from "../store/payments.js";
import { getOrg } from "../store/orgs.js";
import { currentSession, privateHeaders, readPost, redirect, requireSession, sendHtml, sessionBinding, type Authed, type ConsoleDeps } from "./context.js";
import { field } from "./form.js";
import { creditsPage, returnPage } from "./pages/credits.js";
import type { CreditPosition } from "./pages/dashboard.js";
import { errorPage } from "./pages/layout.js";
import { purchaseView } from "./purchases.js";

/** The organization re-read (balances move between requests) with its trust tier. */
export async function creditPosition(deps: ConsoleDeps, authed: Authed): Promise<CreditPosition> {
  const org = (await getOrg(deps.store, authed.session.org.id)) ?? authed.session.org;
  return { org, tier: await trustTier(deps.store, org.id) };
}

/** Only a web address may be a redirect target: never `javascript:` or a scheme-relative path. */
function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return privateHeaders(reply).code(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
}

export function registerCreditRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get("/console/credits", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    // checkout.ts's cancel address: {base_url}/console/credits?checkout=cancelled
    const canceled = (request.query as Record<string, unknown>).checkout === "cancelled";
    const flash = canceled ? "Checkout was canceled. Nothing was charged." : undefined;
    return sendHtml(reply, 200, creditsPage({ who: authed.who, position: await creditPosition(deps, authed), flash }));
  });

  app.post("/console/credits/checkout", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const fields = await readPost(request, reply, sessionBinding(authed), deps, authed.who);
    if (fields === null) return reply;
    const refuse = async (status: number, message: string) =>
      sendHtml(reply, status, creditsPage({ who: authed.who, position: await creditPosition(deps, authed), error: message }));
    const text = field(fields, "pack_usd");
    const packUsd = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    const pack = packByUsd(packUsd);
    if (pack === undefined) return refuse(400, "Choose one of the four packs: 25, 100, 500 or 2,500 USD.");
    const org = authed.session.org;
    const checkout = await deps.checkout({ orgId: org.id, email: org.email, packUsd: pack.usd });
    if (!checkout.ok) return refuse(409, checkout.message);
    if (!isWebUrl(checkout.url)) throw new Error(`checkout returned a URL that is not http(s): ${checkout.url.slice(0, 40)}`);
    return redirect(reply, checkout.url);
  });

  app.get("/console/credits/return", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const id = (request.query as Record<string, unknown>).purchase;
    const purchase = typeof id === "string" ? await purchaseView(deps.store, authed.session.org.id, id) : null;
    if (purchase === null) {
      const page = errorPage({ title: "Purchase not found", message: "This organization has no purchase with that id.", who: authed.who, next: { href: "/console/credits", label: "Back to credits" } });
      return sendHtml(reply, 404, page);
    }
    return sendHtml(reply, 200, returnPage({ who: authed.who, purchase }));
  });

  app.get<{ Params: { id: string } }>("/console/credits/purchase/:id/status", async (request, reply) => {
    // JSON for the page's script: no redirect to sign-in, a status the script can read.
    const authed = await currentSession(request, deps);
    if (authed === null) return sendJson(reply, 401, { error: { code: "signed_out", message: "The console session ended. Sign in again." } });
    const purchase = await purchaseView(deps.store, authed.session.org.id, request.params.id);
    if (purchase === null) return sendJson(reply, 404, { error: { code: "purchase_not_found", message: "This organization has no purchase with that id." } });
    return sendJson(reply, 200, purchase);
  });
}
