// The credits page (position, purchase limits, the four packs) and the checkout return page.
import { limits } from "../../config/limits.js";
import { effectivePricePer1000Usd, packCredits, packs, type Pack } from "../../config/rate_card.js";
import { tierPurchaseLimits } from "../../store/payments.js";
import { formatInt, html, type SafeHtml } from "../html.js";
import type { PurchaseView } from "../purchases.js";
import { creditStats, debtNotice, type CreditPosition } from "./dashboard.js";
import { csrfField, notice, renderPage, type SignedIn } from "./layout.js";

function limitsCard(tier: number): SafeHtml {
  if (tier === 4) return html`<p data-testid="tier-limits">Trust tier 4: no self-serve purchase limit.</p>`;
  const shown = Math.max(tier, 1) as 1 | 2 | 3;
  const lim = tierPurchaseLimits[shown];
  const note = tier === 0 ? html` <span class="hint">(no settled payment yet: tier 1's limits apply)</span>` : "";
  return html`<p data-testid="tier-limits">Trust tier ${shown} limits${note}: top-ups of at most <strong>${formatInt(lim.topUpUsdMax)} USD</strong>,
    at most <strong>${formatInt(lim.usdPerDayMax)} USD</strong> per 24 hours, and a balance of at most <strong>${formatInt(lim.balanceCreditsMax)} credits</strong>.
    Limits rise with time and settled payments.</p>`;
}

function packRow(pack: Pack, csrf: string): SafeHtml {
  const c = packCredits(pack);
  const bonus = pack.bonusPercent === 0 ? "none" : `+${pack.bonusPercent}% (${formatInt(c.bonus)})`;
  return html`<tr data-testid="pack-${pack.usd}">
    <td class="num" data-testid="pack-price">${formatInt(pack.usd)} USD</td>
    <td class="num">${formatInt(c.base)}</td>
    <td data-testid="pack-bonus">${bonus}</td>
    <td class="num" data-testid="pack-total">${formatInt(c.total)}</td>
    <td class="num" data-testid="pack-effective">${effectivePricePer1000Usd(pack)} USD</td>
    <td><form method="post" action="/console/credits/checkout">${csrfField(csrf)}<input type="hidden" name="pack_usd" value="${pack.usd}"><button type="submit" data-testid="buy-${pack.usd}">Buy</button></form></td>
  </tr>`;
}

export function creditsPage(options: { who: SignedIn; position: CreditPosition; error?: string; flash?: string }): string {
  return renderPage({
    title: "Credits",
    active: "credits",
    who: options.who,
    body: html`<h1>Credits</h1>
      ${options.flash ? notice("ok", options.flash, "credits-flash") : ""}
      ${options.error ? notice("error", options.error, "checkout-error") : ""}
      ${debtNotice(options.position.org)}
      ${creditStats(options.position)}
      <h2>Buy credits</h2>
      <p>1 credit converts 1 page. Paid and bonus credits never expire. Checkout is hosted by the payment processor; card details never reach us.</p>
      ${limitsCard(options.position.tier)}
      <table data-testid="packs-table">
        <thead><tr><th class="num">Price</th><th class="num">Base credits</th><th>Bonus</th><th class="num">Total credits</th><th class="num">Per 1,000 pages</th><th></th></tr></thead>
        <tbody>${packs.map((p) => packRow(p, options.who.csrf))}</tbody>
      </table>
      <p class="hint">Above ${formatInt(limits.purchaseUsdSelfServeMax)} USD, credits are bought by contract invoice: contact support.</p>`,
  });
}

/** Without script the whole page reloads: every 2 s, gentler than the script's 1 s status call. */
const NOSCRIPT_REFRESH_S = 2;

/**
 * Where the processor sends the browser back. It shows the purchase's state and, while the
 * settlement has not landed, asks for it every second (console.js) or, without script,
 * reloads itself (the <noscript> refresh) and offers a refresh link.
 */
export function returnPage(options: { who: SignedIn; purchase: PurchaseView }): string {
  const p = options.purchase;
  const pending = p.status === "pending";
  const head = pending ? html`<noscript><meta http-equiv="refresh" content="${NOSCRIPT_REFRESH_S}"></noscript>` : undefined;
  const poll = pending
    ? html` data-poll-url="/console/credits/purchase/${p.id}/status" data-poll-interval-ms="${limits.consolePurchasePollIntervalMs}" data-poll-max-ms="${limits.consolePurchasePollMsMax}"`
    : "";
  return renderPage({
    title: "Purchase",
    active: "credits",
    who: options.who,
    head,
    body: html`<h1>Purchase of ${formatInt(p.pack_usd)} USD</h1>
      <div class="card" data-testid="purchase-status" data-state="${p.status}"${poll}>
        <p data-field="status" role="status" aria-live="polite">${p.message}</p>
        <p>Credit balance: <strong data-field="balance" data-testid="balance">${formatInt(p.credit_balance)}</strong></p>
        ${pending ? html`<p class="hint">Credits are added when the payment processor confirms the payment, usually within seconds. <a href="/console/credits/return?purchase=${p.id}" data-testid="refresh">Refresh</a></p>` : ""}
      </div>
      <p><a href="/console/credits">Back to credits</a> · <a href="/console/ledger">Ledger</a></p>`,
  });
}
