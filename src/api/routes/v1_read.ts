// The free read endpoints (SPEC.md: GET /v1/account, /v1/credits/ledger, /v1/usage,
// /v1/usage/records, /v1/conversions/{id}). Each is admitted — authenticated, scoped and
// counted on the requests meter (DECISIONS.md) — and answers only for the caller's own
// organization and environment.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { limits } from "../../config/limits.js";
import { ApiError, sanitizeCallerString } from "../../errors/catalogue.js";
import { getConversion } from "../../store/conversions.js";
import { listLedger } from "../../store/ledger.js";
import { accountViewOf } from "../../store/orgs.js";
import { trustTier } from "../../store/payments.js";
import { testPagesUsed } from "../../store/credits.js";
import { listUsageRecords, usageSummary } from "../../store/usage.js";
import { admit } from "../admission.js";
import { refusalError } from "../refusal.js";
import type { ApiDeps } from "../types.js";

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw new ApiError("invalid_parameter_type", { param: name, message: `The query parameter ${name} was given more than once. Give it once.` });
  return v;
}

/** DECISIONS.md: out-of-range `limit` on list endpoints is 400 invalid_parameter_type, param `limit`. */
function listLimit(query: Query, fallback: number, max: number): number {
  const raw = single(query, "limit");
  if (raw === undefined) return fallback;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new ApiError("invalid_parameter_type", { param: "limit", message: `limit must be a whole number from 1 to ${max}. Send a smaller page size and follow next_cursor.` });
  }
  return Number(raw);
}

function rejectUnknown(query: Query, known: readonly string[]): void {
  for (const name of Object.keys(query)) {
    if (!known.includes(name)) {
      throw new ApiError("unknown_parameter", { param: name, message: `The query parameter ${sanitizeCallerString(name)} is not recognised here. Known parameters: ${known.join(", ") || "none"}.` });
    }
  }
}

export function registerReadRoutes(app: FastifyInstance, deps: ApiDeps): void {
  app.get("/v1/account", async (request) => {
    const { caller } = await admit(deps, request, "account:read", "read");
    rejectUnknown(request.query as Query, []);
    const [tier, used] = await Promise.all([trustTier(deps.store, caller.org.id), testPagesUsed(deps.store, caller.org.id)]);
    const view = accountViewOf(caller.org, caller.env, { trust_tier: tier, test_pages_used: used });
    return { ...view, test_pages_limit: limits.testKeyPagesPerMonthMax };
  });

  app.get("/v1/credits/ledger", async (request) => {
    const query = request.query as Query;
    const { caller } = await admit(deps, request, "usage:read", "read");
    rejectUnknown(query, ["limit", "starting_after"]);
    const list = await listLedger(deps.store.db, caller.org.id, {
      limit: listLimit(query, limits.ledgerListLimitDefault, limits.ledgerListLimitMax),
      starting_after: single(query, "starting_after") ?? null,
    });
    if (!list.ok) throw refusalError(list);
    return list.list;
  });

  app.get("/v1/usage", async (request) => {
    const query = request.query as Query;
    const { caller } = await admit(deps, request, "usage:read", "read");
    rejectUnknown(query, ["from", "to", "group_by"]);
    const now = Date.now();
    const summary = await usageSummary(deps.store, caller.org.id, {
      from: single(query, "from") ?? new Date(now - 30 * 86_400_000).toISOString().slice(0, 10),
      to: single(query, "to") ?? new Date(now + 86_400_000).toISOString().slice(0, 10),
      groupBy: single(query, "group_by") ?? "day",
      env: caller.env,
    });
    if (!summary.ok) throw refusalError(summary);
    return summary.summary;
  });

  app.get("/v1/usage/records", async (request) => {
    const query = request.query as Query;
    const { caller } = await admit(deps, request, "usage:read", "read");
    rejectUnknown(query, ["limit", "starting_after"]);
    const list = await listUsageRecords(deps.store, caller.org.id, caller.env, {
      limit: listLimit(query, limits.usageListLimitDefault, limits.usageListLimitMax),
      startingAfter: single(query, "starting_after"),
    });
    if (!list.ok) throw refusalError(list);
    return list.list;
  });

  app.get("/v1/conversions/:id", async (request, reply) => {
    const { caller } = await admit(deps, request, "convert:write", "read");
    rejectUnknown(request.query as Query, []);
    const id = (request.params as { id: string }).id;
    const found = await getConversion(deps.store, { id, orgId: caller.org.id, env: caller.env });
    if (found.ok) return reply.type("application/json; charset=utf-8").send(found.body);
    if (found.code === "result_expired") {
      throw new ApiError("result_expired", { message: "This conversion's 24-hour retention has passed. Convert the document again." });
    }
    // Another organization's or environment's id is indistinguishable from none (SPEC rule 8).
    throw new ApiError("resource_not_found", { param: "id", message: "No conversion with this id exists for this key's organization and environment. Check the id; conversions are kept 24 hours." });
  });
}

export type { FastifyRequest };
