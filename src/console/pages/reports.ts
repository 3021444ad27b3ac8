// The ledger and usage pages: tables, cursor paging, and the daily-credits chart (an inline
// SVG drawn here, so the page needs no script and no chart library).
import type { LedgerEntry } from "../../store/ledger.js";
import type { UsageRecord } from "../../store/usage.js";
import { formatInt, formatTime, html, type SafeHtml } from "../html.js";
import { renderPage, type SignedIn } from "./layout.js";

function pager(base: string, after: string | null, next: string | null): SafeHtml {
  const first = after !== null ? html`<a href="${base}" data-testid="page-first">First page</a>` : "";
  const more = next !== null ? html`<a href="${base}?after=${encodeURIComponent(next)}" data-testid="page-next">Next page →</a>` : "";
  return html`<div class="pager">${first}${more}</div>`;
}

const signed = (n: number) => (n > 0 ? `+${formatInt(n)}` : formatInt(n));

export function ledgerPage(options: { who: SignedIn; entries: LedgerEntry[]; after: string | null; next: string | null }): string {
  const rows = options.entries.map(
    (e) => html`<tr data-testid="ledger-row">
      <td class="num">${e.seq}</td><td>${formatTime(e.created_at)}</td><td>${e.kind}</td>
      <td class="num">${signed(e.credits)}</td><td class="num">${formatInt(e.balance_after)}</td><td class="num">${formatInt(e.debt_after)}</td>
      <td><code>${e.reference ?? "—"}</code></td><td><code title="${e.entry_hash}">${e.entry_hash.slice(0, 12)}…</code></td>
    </tr>`,
  );
  const table =
    options.entries.length === 0
      ? html`<p data-testid="ledger-empty">No credit movements yet.</p>`
      : html`<table data-testid="ledger-table"><thead><tr><th class="num">#</th><th>Time</th><th>Kind</th><th class="num">Credits</th><th class="num">Balance after</th><th class="num">Debt after</th><th>Reference</th><th>Entry hash</th></tr></thead><tbody>${rows}</tbody></table>`;
  return renderPage({
    title: "Ledger",
    active: "ledger",
    who: options.who,
    body: html`<h1>Ledger</h1>
      <p>Every credit movement, oldest first. The ledger is append-only and hash-chained: GET /v1/credits/ledger returns the same entries for verification.</p>
      ${table}
      ${pager("/console/ledger", options.after, options.next)}`,
  });
}

export interface DayCredits {
  /** YYYY-MM-DD, UTC. */
  day: string;
  requests: number;
  pages_billed: number;
  credits_charged: number;
}

// Chart geometry in SVG user units; the SVG scales to the page width.
const CHART_W = 720;
const CHART_H = 200;
const PLOT_LEFT = 56;
const PLOT_BOTTOM = 24;
const PLOT_TOP = 10;
const BAR_GAP = 2;

/** Bars of daily credits used; each bar has a <title> (tooltip, and text for screen readers). */
export function creditsChart(days: DayCredits[]): SafeHtml {
  const max = Math.max(1, ...days.map((d) => d.credits_charged));
  const plotW = CHART_W - PLOT_LEFT - 8;
  const plotH = CHART_H - PLOT_TOP - PLOT_BOTTOM;
  const slot = plotW / Math.max(1, days.length);
  const bars = days.map((d, i) => {
    const h = Math.round((d.credits_charged / max) * plotH * 10) / 10;
    const x = Math.round((PLOT_LEFT + i * slot) * 10) / 10;
    const w = Math.max(1, Math.round((slot - BAR_GAP) * 10) / 10);
    return html`<rect class="bar" x="${x}" y="${PLOT_TOP + plotH - h}" width="${w}" height="${h}"><title>${d.day}: ${formatInt(d.credits_charged)} credits</title></rect>`;
  });
  const label = (i: number) => {
    const d = days[i];
    return d ? html`<text x="${Math.round(PLOT_LEFT + i * slot)}" y="${CHART_H - 6}">${d.day.slice(5)}</text>` : "";
  };
  const xLabels = days.length > 0 ? [label(0), label(Math.floor(days.length / 2)), label(days.length - 1)] : [];
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  return html`<svg class="chart" viewBox="0 0 ${CHART_W} ${CHART_H}" role="img" aria-label="Credits used per day, ${first} to ${last}" data-testid="usage-chart">
    <line class="axis" x1="${PLOT_LEFT}" y1="${PLOT_TOP + plotH}" x2="${CHART_W - 8}" y2="${PLOT_TOP + plotH}"></line>
    <text x="4" y="${PLOT_TOP + 8}">${formatInt(max)}</text><text x="4" y="${PLOT_TOP + plotH}">0</text>
    ${bars}${xLabels}
  </svg>`;
}

export function usagePage(options: { who: SignedIn; days: DayCredits[]; records: UsageRecord[]; after: string | null; next: string | null }): string {
  const total = options.days.reduce((sum, d) => sum + d.credits_charged, 0);
  const dayRows = options.days
    .filter((d) => d.requests > 0)
    .reverse()
    .map((d) => html`<tr data-testid="usage-day"><td>${d.day}</td><td class="num">${formatInt(d.requests)}</td><td class="num">${formatInt(d.pages_billed)}</td><td class="num">${formatInt(d.credits_charged)}</td></tr>`);
  const recordRows = options.records.map(
    (r) => html`<tr data-testid="usage-record">
      <td>${formatTime(r.created_at)}</td><td><code>${r.request_id}</code></td><td>${r.endpoint}</td><td>${r.env}</td>
      <td class="num">${r.status}</td><td>${r.error_code ?? ""}</td><td class="num">${r.pages_processed}</td><td class="num">${r.pages_billed}</td>
      <td class="num">${formatInt(r.credits_charged)}</td><td><code>${r.key_hint ?? "—"}</code></td>
    </tr>`,
  );
  return renderPage({
    title: "Usage",
    active: "usage",
    who: options.who,
    body: html`<h1>Usage</h1>
      <h2>Credits used per day (last ${options.days.length} days, UTC)</h2>
      <p><span data-testid="usage-total">${formatInt(total)}</span> credits in the period.</p>
      ${creditsChart(options.days)}
      ${dayRows.length === 0
        ? html`<p data-testid="usage-empty">No requests in the period.</p>`
        : html`<table data-testid="usage-days"><thead><tr><th>Day</th><th class="num">Requests</th><th class="num">Pages billed</th><th class="num">Credits</th></tr></thead><tbody>${dayRows}</tbody></table>`}
      <h2>Requests</h2>
      <p class="hint">One record per request that reached the converter or was refused for billing or limits, oldest first (GET /v1/usage/records).</p>
      ${recordRows.length === 0
        ? html`<p>No records.</p>`
        : html`<table data-testid="usage-records"><thead><tr><th>Time</th><th>Request</th><th>Endpoint</th><th>Env</th><th class="num">Status</th><th>Error</th><th class="num">Pages</th><th class="num">Billed</th><th class="num">Credits</th><th>Key</th></tr></thead><tbody>${recordRows}</tbody></table>`}
      ${pager("/console/usage", options.after, options.next)}`,
  });
}
