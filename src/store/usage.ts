// Usage records: one per request that reached the converter or was refused for billing or
// limits (DECISIONS.md §Ledger and usage). They are the reporting copy behind
// GET /v1/usage/records and GET /v1/usage; the ledger stays the authoritative record of
// credits, so these may lag it and are never used to compute a balance.
import { limits } from "../config/limits.js";
import type { StoreContext } from "./context.js";
import { newId } from "./ids.js";
import { assertKeyEnv, type KeyEnv } from "./key_format.js";
import { refuse, type Refusal } from "./refusal.js";

export interface UsageInput {
  orgId: string;
  env: KeyEnv;
  /** `req_<id>` of the request. */
  requestId: string;
  /** The operation as `METHOD /path` (`POST /v1/convert`), the value group_by=endpoint shows. */
  endpoint: string;
  status: number;
  errorCode?: string | null;
  pagesProcessed: number;
  pagesBilled: number;
  creditsCharged: number;
  keyId?: string | null;
  keyHint?: string | null;
  cache?: "hit" | "miss" | null;
  /** Worker CPU the request used; feeds the unbilled-work meter, not shown to clients. */
  computeMs: number;
  /** The request's client metadata option (string to string), echoed on the record. */
  metadata?: Record<string, string> | null;
  /** Where the request came from: `api` (a key, the default) or `console` (the Try it page). */
  source?: "api" | "console";
}

/** The wire shape of one record (GET /v1/usage/records). */
export interface UsageRecord {
  object: "usage_record";
  id: string;
  request_id: string;
  created_at: string;
  env: KeyEnv;
  endpoint: string;
  status: number;
  error_code: string | null;
  pages_processed: number;
  pages_billed: number;
  credits_charged: number;
  key_hint: string | null;
  cache: "hit" | "miss" | null;
  metadata: Record<string, string> | null;
}

export interface UsageRecordList {
  object: "list";
  data: UsageRecord[];
  has_more: boolean;
  /** The id to pass as `starting_after` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** A query parameter the caller got wrong: 400 invalid_parameter_type with this param. */
type UsageParam = "limit" | "starting_after" | "from" | "to" | "group_by";
export type UsageRefusal = Refusal<`${UsageParam}_invalid`>;

const ENDPOINT_CHARS_MAX = 200;

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`recordUsage: ${name} must be a non-negative integer, got ${value}`);
}

export async function recordUsage(ctx: StoreContext, input: UsageInput): Promise<{ id: string }> {
  assertKeyEnv(input.env);
  assertCount("pagesProcessed", input.pagesProcessed);
  assertCount("pagesBilled", input.pagesBilled);
  assertCount("creditsCharged", input.creditsCharged);
  assertCount("computeMs", input.computeMs);
  if (!Number.isInteger(input.status) || input.status < 100 || input.status > 599) throw new RangeError(`recordUsage: status ${input.status}`);
  // SPEC.md §Errors: every 4xx and 5xx bills 0. A record saying otherwise is a bug upstream.
  if (input.status >= 400 && input.creditsCharged !== 0) throw new RangeError("recordUsage: an error response cannot charge credits");
  if (input.endpoint.length === 0 || input.endpoint.length > ENDPOINT_CHARS_MAX) throw new RangeError("recordUsage: endpoint");
  const now = ctx.now();
  const id = newId("use", now);
  await ctx.db.query(
    `INSERT INTO usage_records (id, org_id, env, request_id, endpoint, status, error_code, pages_processed,
       pages_billed, credits_charged, key_id, key_hint, cache, compute_ms, metadata, created_at, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::timestamptz, $17)`,
    [
      id, input.orgId, input.env, input.requestId, input.endpoint, input.status, input.errorCode ?? null,
      input.pagesProcessed, input.pagesBilled, input.creditsCharged, input.keyId ?? null, input.keyHint ?? null,
      input.cache ?? null, input.computeMs, input.metadata ? JSON.stringify(input.metadata) : null,
      new Date(now).toISOString(), input.source ?? "api",
    ],
  );
  return { id };
}

/** A usage_records row as read: the wire record's facts, with the time in ms and metadata maybe still JSON text. */
type RecordRow = Omit<UsageRecord, "object" | "created_at" | "metadata"> & {
  created_ms: number;
  metadata: Record<string, string> | string | null;
};

function toWire(row: RecordRow): UsageRecord {
  return {
    object: "usage_record",
    id: row.id,
    request_id: row.request_id,
    created_at: new Date(row.created_ms).toISOString(),
    env: row.env,
    endpoint: row.endpoint,
    status: row.status,
    error_code: row.error_code,
    pages_processed: row.pages_processed,
    pages_billed: row.pages_billed,
    credits_charged: row.credits_charged,
    key_hint: row.key_hint,
    cache: row.cache,
    metadata: typeof row.metadata === "string" ? (JSON.parse(row.metadata) as Record<string, string>) : row.metadata,
  };
}

export interface ListPage {
  /** 1..usageListLimitMax; absent means usageListLimitDefault. */
  limit?: number;
  /** A record id from a previous page: the list continues after it. */
  startingAfter?: string | null;
}

/**
 * The organization's records, oldest first (the ledger's order), after `startingAfter`.
 * `env` narrows to one environment; absent lists both. A cursor that is not one of this
 * organization's records (in this environment) is refused rather than read as "from the
 * start", which would silently repeat pages.
 */
export async function listUsageRecords(
  ctx: StoreContext,
  orgId: string,
  env: KeyEnv | undefined,
  page: ListPage = {},
): Promise<{ ok: true; list: UsageRecordList } | UsageRefusal> {
  const limit = page.limit ?? limits.usageListLimitDefault;
  if (!Number.isInteger(limit) || limit < 1 || limit > limits.usageListLimitMax) {
    return refuseParam("limit", `limit must be an integer from 1 to ${limits.usageListLimitMax}.`);
  }
  const envFilter = env ?? null;
  let after: { created_at: string; id: string } | null = null;
  if (page.startingAfter != null) {
    const c = await ctx.db.query<{ created_at: string; id: string }>(
      `SELECT created_at::text AS created_at, id FROM usage_records
        WHERE id = $1 AND org_id = $2 AND ($3::text IS NULL OR env = $3)`,
      [page.startingAfter, orgId, envFilter],
    );
    after = c.rows[0] ?? null;
    if (!after) return refuseParam("starting_after", "starting_after is not a usage record id of this account. Pass next_cursor from the previous page.");
  }
  // One more row than asked says whether another page exists. Ids compare in byte order
  // ("C"), the order newId's base62 sorts in, on both databases whatever their collation.
  const r = await ctx.db.query<RecordRow>(
    `SELECT id, request_id, floor(extract(epoch FROM created_at) * 1000)::bigint AS created_ms, env, endpoint,
            status, error_code, pages_processed, pages_billed, credits_charged, key_hint, cache, metadata
       FROM usage_records
      WHERE org_id = $1 AND ($2::text IS NULL OR env = $2)
        AND ($3::timestamptz IS NULL OR (created_at, id COLLATE "C") > ($3::timestamptz, $4::text))
      ORDER BY created_at, id COLLATE "C"
      LIMIT $5`,
    [orgId, envFilter, after?.created_at ?? null, after?.id ?? null, limit + 1],
  );
  const hasMore = r.rows.length > limit;
  const data = r.rows.slice(0, limit).map(toWire);
  return {
    ok: true,
    list: { object: "list", data, has_more: hasMore, next_cursor: hasMore ? data[data.length - 1].id : null },
  };
}

function refuseParam(param: UsageParam, message: string): UsageRefusal {
  return refuse(`${param}_invalid`, "invalid_parameter_type", param, message);
}

export type UsageGroupBy = "endpoint" | "day";

export interface SummaryQuery {
  /** Inclusive start: `YYYY-MM-DD` (UTC midnight) or an RFC 3339 timestamp. */
  from: string;
  /** Exclusive end, same forms; after `from`, at most usageSummaryRangeDaysMax days later. */
  to: string;
  groupBy: string;
  env?: KeyEnv;
}

export interface UsageTotals {
  requests: number;
  pages_processed: number;
  pages_billed: number;
  credits_charged: number;
}

export type UsageGroup = UsageTotals & ({ endpoint: string } | { day: string });

export interface UsageSummary {
  object: "usage_summary";
  from: string;
  to: string;
  group_by: UsageGroupBy;
  data: UsageGroup[];
  totals: UsageTotals;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Totals over [from, to), grouped by endpoint (sorted by code point) or by UTC day
 * (ascending, days without requests left out).
 */
export async function usageSummary(
  ctx: StoreContext,
  orgId: string,
  query: SummaryQuery,
): Promise<{ ok: true; summary: UsageSummary } | UsageRefusal> {
  const fromMs = parseInstant(query.from);
  if (fromMs === null) return refuseParam("from", "from must be a date (YYYY-MM-DD, UTC) or an RFC 3339 timestamp.");
  const toMs = parseInstant(query.to);
  if (toMs === null) return refuseParam("to", "to must be a date (YYYY-MM-DD, UTC) or an RFC 3339 timestamp.");
  if (toMs <= fromMs) return refuseParam("to", "to must be later than from.");
  if (toMs - fromMs > limits.usageSummaryRangeDaysMax * DAY_MS) {
    return refuseParam("to", `from and to may be at most ${limits.usageSummaryRangeDaysMax} days apart.`);
  }
  if (query.groupBy !== "endpoint" && query.groupBy !== "day") return refuseParam("group_by", "group_by must be endpoint or day.");
  const groupBy: UsageGroupBy = query.groupBy;
  // Days are cut in UTC whatever the session time zone; endpoints sort by byte order so both
  // databases (and every locale) answer in the same order.
  const groupExpr = groupBy === "day" ? `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `endpoint`;
  const r = await ctx.db.query<UsageTotals & { grp: string }>(
    `SELECT (${groupExpr}) COLLATE "C" AS grp, count(*)::bigint AS requests,
            sum(pages_processed)::bigint AS pages_processed, sum(pages_billed)::bigint AS pages_billed,
            sum(credits_charged)::bigint AS credits_charged
       FROM usage_records
      WHERE org_id = $1 AND ($2::text IS NULL OR env = $2)
        AND created_at >= $3::timestamptz AND created_at < $4::timestamptz
      GROUP BY 1 ORDER BY 1`,
    [orgId, query.env ?? null, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  const totals: UsageTotals = { requests: 0, pages_processed: 0, pages_billed: 0, credits_charged: 0 };
  const data: UsageGroup[] = r.rows.map((row) => {
    const t = { requests: row.requests, pages_processed: row.pages_processed, pages_billed: row.pages_billed, credits_charged: row.credits_charged };
    totals.requests += t.requests;
    totals.pages_processed += t.pages_processed;
    totals.pages_billed += t.pages_billed;
    totals.credits_charged += t.credits_charged;
    return groupBy === "day" ? { day: row.grp, ...t } : { endpoint: row.grp, ...t };
  });
  return {
    ok: true,
    summary: {
      object: "usage_summary",
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      group_by: groupBy,
      data,
      totals,
    },
  };
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2}))?$/;
const OFFSET_HOURS_MAX = 23;

/**
 * Epoch ms of `YYYY-MM-DD` (UTC midnight) or an RFC 3339 timestamp; null when it is not one
 * or names no real instant (Date.parse would roll 2026-02-30 over to March).
 */
export function parseInstant(s: string): number | null {
  const m = INSTANT.exec(s);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (new Date(local).getUTCDate() !== day) return null;
  let offsetMin = 0;
  const zone = m[8];
  if (zone && zone !== "Z") {
    const [oh, om] = [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))];
    if (oh > OFFSET_HOURS_MAX || om > 59) return null;
    offsetMin = (zone[0] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  return local - offsetMin * 60_000;
}
