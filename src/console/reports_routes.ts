// Read-only pages over the store: the dashboard, the ledger and usage.
import type { FastifyInstance } from "fastify";
import { limits } from "../config/limits.js";
import { listKeys } from "../store/keys.js";
import { listLedger } from "../store/ledger.js";
import { listUsageRecords, usageSummary } from "../store/usage.js";
import { requireSession, sendHtml, type ConsoleDeps } from "./context.js";
import { creditPosition } from "./credits_routes.js";
import { dashboardPage } from "./pages/dashboard.js";
import { errorPage } from "./pages/layout.js";
import { ledgerPage, usagePage, type DayCredits } from "./pages/reports.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A cursor from the query string, or null. Its validity is the store's to judge. */
function cursorOf(query: unknown): string | null {
  const after = (query as Record<string, unknown>).after;
  return typeof after === "string" && after.length > 0 && after.length <= 64 ? after : null;
}

/** The chart's days, oldest first, today (UTC) last; days without requests are zero. */
export function dayRange(nowMs: number, days: number): string[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export function registerReportRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get("/console", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const [position, keys] = [await creditPosition(deps, authed), await listKeys(deps.store, authed.session.org.id)];
    const welcome = (request.query as Record<string, unknown>).welcome !== undefined;
    const activeKeys = keys.filter((k) => k.state === "active").length;
    return sendHtml(reply, 200, dashboardPage({ who: authed.who, position, activeKeys, welcome }));
  });

  app.get("/console/ledger", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const after = cursorOf(request.query);
    const r = await listLedger(deps.store.db, authed.session.org.id, { limit: limits.consoleLedgerPageRowsMax, starting_after: after });
    if (!r.ok) return sendHtml(reply, 400, errorPage({ title: "Page not found", message: r.message, who: authed.who, next: { href: "/console/ledger", label: "First page" } }));
    return sendHtml(reply, 200, ledgerPage({ who: authed.who, entries: r.list.data, after, next: r.list.next_cursor }));
  });

  app.get("/console/usage", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const orgId = authed.session.org.id;
    const range = dayRange(deps.store.now(), limits.consoleUsageChartDays);
    const to = new Date(Date.parse(`${range[range.length - 1]}T00:00:00Z`) + DAY_MS).toISOString();
    const summary = await usageSummary(deps.store, orgId, { from: range[0], to, groupBy: "day" });
    if (!summary.ok) throw new Error(`usage summary refused the console's own range: ${summary.message}`);
    const byDay = new Map(summary.summary.data.map((g) => ["day" in g ? g.day : "", g]));
    const days: DayCredits[] = range.map((day) => {
      const g = byDay.get(day);
      return { day, requests: g?.requests ?? 0, pages_billed: g?.pages_billed ?? 0, credits_charged: g?.credits_charged ?? 0 };
    });
    const after = cursorOf(request.query);
    const records = await listUsageRecords(deps.store, orgId, undefined, { limit: limits.consoleUsageRecordsPageRowsMax, startingAfter: after });
    if (!records.ok) return sendHtml(reply, 400, errorPage({ title: "Page not found", message: records.message, who: authed.who, next: { href: "/console/usage", label: "First page" } }));
    return sendHtml(reply, 200, usagePage({ who: authed.who, days, records: records.list.data, after, next: records.list.next_cursor }));
  });
}
