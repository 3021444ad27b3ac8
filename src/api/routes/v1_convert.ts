// POST /v1/convert (SPEC.md §Endpoints): the request's whole path, in order —
// admission → body and options → idempotency → cache → open, select, hold → convert in the
// pool → settle → response and usage record. Every failure after admission releases what
// the request took and bills 0 (settlement.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { limits } from "../../config/limits.js";
import { convertDocument, openWithPool } from "../../engine/convert.js";
import { isDocumentError } from "../../engine/errors.js";
import { boundedCount, isBounded, type ParsedSelection } from "../../engine/page_select.js";
import { createWarning } from "../../engine/warnings.js";
import { toWireWarning } from "../../errors/warnings.js";
import { docsUrlOf } from "../plugins/error_handler.js";
import { storeConversion } from "../../store/conversions.js";
import { newId } from "../../store/ids.js";
import { cacheKey, lookupCache, storeCache } from "../../store/result_cache.js";
import { runConversionRequest, type ConversionRequest, type WorkResult } from "../conversion_request.js";
import { conversionHeaders, conversionView, warningSummary, type ConversionView } from "../conversion_view.js";
import type { Metrics } from "../metrics.js";
import { cacheOptions, type ParsedOptions } from "../options.js";
import type { RequestSettlement, StoredResponse } from "../settlement.js";
import type { ApiDeps } from "../types.js";

export const ENDPOINT = "POST /v1/convert";

export function registerConvertRoute(app: FastifyInstance, deps: ApiDeps, metrics: Metrics): void {
  app.post("/v1/convert", async (request, reply) => {
    const started = performance.now();
    try {
      const view = await handleConvert(deps, request, reply);
      if (view) {
        metrics.addPages(request.caller?.env ?? "live", view.usage.pages_processed);
        metrics.addCredits(view.usage.credits_charged);
      }
      metrics.observeConversion((performance.now() - started) / 1000, "ok");
    } catch (err) {
      metrics.observeConversion((performance.now() - started) / 1000, "error");
      throw err;
    }
  });
}

/** Answers the request; returns the conversion it served, or null for a replay. */
function handleConvert(deps: ApiDeps, request: FastifyRequest, reply: FastifyReply): Promise<ConversionView | null> {
  return runConversionRequest(deps, request, reply, { endpoint: ENDPOINT, kind: "convert" }, (r) => convertWork(deps, request, r));
}

/**
 * The work of one POST /v1/convert once admitted: cache, or open, hold, convert, settle and
 * store. The console's Try it page runs the same work (src/console/playground_routes.ts).
 */
export async function convertWork(deps: ApiDeps, request: FastifyRequest, r: ConversionRequest): Promise<WorkResult<ConversionView>> {
    const { caller, settlement, body, options, pdfSha256 } = r;
    const key = options.debug ? null : cacheKey({ orgId: caller.org.id, env: caller.env, pdfSha256, canonicalOptions: cacheOptions(options), pinnedEngine: options.engine, passwordGiven: body.password !== undefined });
    const cached = key ? await lookupCache(deps.store, { orgId: caller.org.id, env: caller.env, cacheKey: key }) : { hit: false as const };
    const { view, response } = cached.hit
      ? await serveFromCache(settlement, JSON.parse(cached.body) as ConversionView, options, request, r.accept)
      : await convertFresh(deps, settlement, request, r.signal, body.pdf, body.password, options, r.deadlineMs, key, r.accept);
    return {
      response,
      pagesBilled: view.usage.pages_billed,
      credits: view.usage.credits_charged,
      cache: view.usage.cache,
      producedNothing: false,
      value: view,
    };
}

async function convertFresh(
  deps: ApiDeps,
  settlement: RequestSettlement,
  request: FastifyRequest,
  signal: AbortSignal,
  pdf: Buffer,
  password: string | undefined,
  options: ParsedOptions,
  deadlineMs: number,
  cacheKeyValue: string | null,
  accept: "json" | "markdown",
): Promise<{ view: ConversionView; response: StoredResponse }> {
  const { caller } = request as FastifyRequest & { caller: NonNullable<FastifyRequest["caller"]> };
  const started = performance.now();
  let result;
  let pagesDone = 0;
  try {
    result = await convertDocument(openWithPool(deps.pool, signal, deadlineMs), {
      bytes: pdf,
      password,
      pages: options.pages,
      options: options.render,
      deadlineMs,
      maxSelectedPages: caller.env === "test" ? limits.testKeySelectedPagesMax : caller.limits.max_selected_pages,
      onSelected: async ({ selected, parsed }) => {
        await settlement.reserve(holdCredits(parsed), selected.length);
      },
      onProgress: (done) => {
        pagesDone = Math.max(pagesDone, done);
      },
    });
  } catch (err) {
    settlement.computeMs = performance.now() - started;
    // SPEC rate-limit mechanics rule 5: the page meter moves by the pages the converter
    // worked on whatever the outcome, so a 422 raised after extraction (no text layer on
    // any selected page) counts its pages too.
    settlement.pagesProcessed = isDocumentError(err) && err.code === "conversion_timeout" ? Number(err.details.pages_completed ?? 0) : pagesDone;
    throw err;
  }
  settlement.computeMs = performance.now() - started;
  settlement.pagesProcessed = result.pages_processed;
  const id = newId("conv");
  const charge = caller.env === "live" ? result.pages_billed : 0;
  // One transaction: the charge, the stored conversion, the cached result, the usage and
  // idempotency records (settlement.ts commit).
  const done = await settlement.commit(charge, id, async (store, billing) => {
    const encodeStart = performance.now();
    const view = conversionView(result, { creditsCharged: billing.charged, balanceAfter: billing.balanceAfter, cache: "miss" }, {
      id,
      createdAtMs: Date.now(),
      engineFloating: options.engineFloating,
      shortestForm: options.shortestForm,
      metadata: options.metadata,
      debug: options.debug,
      docsUrl: docsUrlOf(request.server),
    });
    view.timings_ms = { ...result.timings_ms, encode: Math.round(performance.now() - encodeStart), total: Math.round(Date.now() - request.receivedAtMs) };
    const bodyText = JSON.stringify(view);
    await storeConversion(store, { id, orgId: caller.org.id, env: caller.env, body: bodyText });
    store.faults?.("conversion");
    if (cacheKeyValue) await storeCache(store, { orgId: caller.org.id, env: caller.env, cacheKey: cacheKeyValue, conversionId: id });
    store.faults?.("cache");
    return { value: view, response: responseFor(view, accept, bodyText), pagesBilled: view.usage.pages_billed, cache: "miss" };
  });
  return { view: done.value, response: done.response };
}

/**
 * SPEC §Credit hold: a bounded expression holds exactly its count (capped at the 200-credit
 * ceiling), an omitted or unbounded one the ceiling; test keys count pages instead.
 */
function holdCredits(parsed: ParsedSelection | null): number {
  const hold = parsed && isBounded(parsed) ? Math.min(boundedCount(parsed), limits.holdCreditsMax) : limits.holdCreditsMax;
  return Math.max(1, hold);
}

/** A cache hit bills at full rate (SPEC §Cost function) and is a conversion of its own. */
async function serveFromCache(settlement: RequestSettlement, cached: ConversionView, options: ParsedOptions, request: FastifyRequest, accept: "json" | "markdown"): Promise<{ view: ConversionView; response: StoredResponse }> {
  const { caller } = request as FastifyRequest & { caller: NonNullable<FastifyRequest["caller"]> };
  const billed = cached.usage.pages_billed;
  // The hold follows the request's shape (SPEC §Credit hold), hit or miss: a hit that held
  // only its known cost would succeed where the same request as a miss is refused 402.
  await settlement.reserve(holdCredits(options.selection), cached.document.pages_selected_count);
  settlement.pagesProcessed = cached.usage.pages_processed;
  const id = newId("conv");
  const done = await settlement.commit(caller.env === "live" ? billed : 0, id, async (store, billing) => {
    const warnings = cached.warnings.filter((w) => w.code !== "engine_alias_floating");
    const { metadata: _cachedMetadata, ...rest } = cached;
    const view: ConversionView = {
      ...rest,
      ...(options.metadata ? { metadata: options.metadata } : {}),
      id,
      created_at: new Date().toISOString(),
      warnings,
      usage: { ...cached.usage, credits_charged: billing.charged, credit_balance_after: billing.balanceAfter, line_items: [{ kind: "page_convert", quantity: billed, credits: billing.charged }], cache: "hit" },
      timings_ms: { parse: 0, convert: 0, encode: 0, total: Math.round(Date.now() - request.receivedAtMs) },
    };
    if (options.engineFloating) view.warnings = [toWireWarning(createWarning("engine_alias_floating"), docsUrlOf(request.server)), ...warnings];
    view.warning_summary = warningSummary(view.warnings);
    const bodyText = JSON.stringify(view);
    await storeConversion(store, { id, orgId: caller.org.id, env: caller.env, body: bodyText });
    store.faults?.("conversion");
    return { value: view, response: responseFor(view, accept, bodyText), pagesBilled: view.usage.pages_billed, cache: "hit" };
  });
  return { view: done.value, response: done.response };
}

/** `json` is the view as stored: the JSON answer is those bytes, not a second serialisation
 * (on a 200-page result that is the largest object the request builds). */
function responseFor(view: ConversionView, accept: "json" | "markdown", json: string): StoredResponse {
  const headers = conversionHeaders(view);
  if (accept === "markdown") return { status: 200, headers: { ...headers, "content-type": "text/markdown; charset=utf-8" }, body: view.markdown };
  return { status: 200, headers: { ...headers, "content-type": "application/json; charset=utf-8" }, body: json };
}


