// The console's home: the organization's credit position at a glance, and where to go next.
import { smallestPackCovering } from "../../config/rate_card.js";
import type { Org } from "../../store/orgs.js";
import { formatInt, html, type SafeHtml } from "../html.js";
import { notice, renderPage, type SignedIn } from "./layout.js";

export interface CreditPosition {
  org: Org;
  tier: number;
}

/** Balance, held, debt and tier as stat boxes: the dashboard and the credits page share them. */
export function creditStats(p: CreditPosition): SafeHtml {
  const stat = (label: string, value: string, testId: string) =>
    html`<div class="stat"><div class="label">${label}</div><div class="value" data-testid="${testId}">${value}</div></div>`;
  return html`<div class="stats">
    ${stat("Credit balance", formatInt(p.org.credit_balance), "balance")}
    ${stat("Held by requests in flight", formatInt(p.org.credits_held), "held")}
    ${stat("Debt", formatInt(p.org.debt_credits), "debt")}
    ${stat("Trust tier", String(p.tier), "trust-tier")}
  </div>`;
}

/** The notice shown while credits are owed: spending is frozen until a top-up clears it. */
export function debtNotice(org: Org): SafeHtml | "" {
  if (org.debt_credits === 0) return "";
  const pack = smallestPackCovering(org.debt_credits);
  const fix = pack
    ? `Buy the ${formatInt(pack.usd)} USD pack or a larger one to clear it.`
    : "No pack covers it: contact support for an invoice.";
  return notice("warn", `A reversed payment left the account owing ${formatInt(org.debt_credits)} credits, so API requests are refused until it is paid. ${fix}`, "debt-notice");
}

export function dashboardPage(options: { who: SignedIn; position: CreditPosition; activeKeys: number; welcome: boolean }): string {
  const { org } = options.position;
  const welcome = options.welcome
    ? notice("ok", "Welcome. Your account is ready: it has no credits and no API key yet. Create a key, then buy credits to convert live documents (test keys convert for free).", "welcome")
    : "";
  const suspended = org.status === "suspended" ? notice("error", "This organization is suspended: API requests are refused. Contact support.", "suspended") : "";
  return renderPage({
    title: "Dashboard",
    active: "dashboard",
    who: options.who,
    body: html`<h1>Dashboard</h1>
      ${welcome}${suspended}${debtNotice(org)}
      ${creditStats(options.position)}
      <div class="card">
        <h2>Next steps</h2>
        <ul>
          <li><a href="/console/keys" data-testid="link-keys">API keys</a>: <span data-testid="active-keys">${options.activeKeys}</span> active.</li>
          <li><a href="/console/credits" data-testid="link-credits">Buy credits</a>: packs from 25 USD; 1 credit converts 1 page.</li>
          <li><a href="/console/ledger">Ledger</a> and <a href="/console/usage">usage</a>: every credit movement and every request.</li>
        </ul>
        <p class="hint">Organization <code data-testid="org-id">${org.id}</code></p>
      </div>`,
  });
}
