// POST /v1/toc (SPEC.md, DECISIONS.md §POST /v1/toc): the document's outline. Same
// encodings and password handling as /v1/convert; 1 credit (`toc_outline`) when an outline
// is returned, 0 and an `outline_missing` warning when the document has none.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TocEntry } from "../../engine/result.js";
import { ENGINE_VERSION } from "../../engine/version.js";
import { createWarning } from "../../engine/warnings.js";
import { toWireWarning } from "../../errors/warnings.js";
import { docsUrlOf } from "../plugins/error_handler.js";
import { newId } from "../../store/ids.js";
import { runConversionRequest } from "../conversion_request.js";
import { warningSummary } from "../conversion_view.js";
import type { StoredResponse } from "../settlement.js";
import type { ApiDeps } from "../types.js";

const ENDPOINT = "POST /v1/toc";
const TOC_HOLD_CREDITS = 1;

export function registerTocRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.post("/v1/toc", (request, reply) => handleToc(deps, request, reply));
}

function handleToc(deps: ApiDeps, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  return runConversionRequest(deps, request, reply, { endpoint: ENDPOINT, kind: "toc" }, async ({ caller, settlement, body, options, accept, signal, deadlineMs }) => {
    await settlement.reserve(TOC_HOLD_CREDITS, 0);
    const started = performance.now();
    const shared = new SharedArrayBuffer(body.pdf.byteLength);
    new Uint8Array(shared).set(body.pdf);
    const info = await deps.pool.open(randomUUID(), shared, body.password, { withOutline: true, signal, deadlineMs });
    settlement.computeMs = performance.now() - started;
    const entries: TocEntry[] = info.outline ?? [];
    const id = newId("toc");
    const charge = entries.length > 0 && caller.env === "live" ? TOC_HOLD_CREDITS : 0;
    // One transaction: the charge with the usage and idempotency records (settlement.ts).
    const done = await settlement.commit(charge, id, async (_store, billing) => {
      const warnings = [createWarning("metadata_unavailable"), ...(entries.length === 0 ? [createWarning("outline_missing")] : [])].map((w) => toWireWarning(w, docsUrlOf(request.server)));
      const view = {
        object: "toc",
        id,
        engine: ENGINE_VERSION,
        created_at: new Date().toISOString(),
        document: { page_count: info.pageCount },
        entries,
        warnings,
        warning_summary: warningSummary(warnings),
        usage: {
          pages_processed: 0,
          pages_billed: 0,
          pages_not_billed: [],
          credits_charged: billing.charged,
          credit_balance_after: billing.balanceAfter,
          line_items: [{ kind: "toc_outline", quantity: entries.length > 0 ? 1 : 0, credits: billing.charged }],
          cache: "miss",
        },
        ...(options.metadata ? { metadata: options.metadata } : {}),
      };
      const headers = { "x-svc-engine": ENGINE_VERSION, "x-credits-charged": String(billing.charged), "x-credits-balance": String(billing.balanceAfter), "x-credits-unit": "page" };
      const response: StoredResponse =
        accept === "markdown"
          ? { status: 200, headers: { ...headers, "content-type": "text/markdown; charset=utf-8" }, body: outlineMarkdown(entries) }
          : { status: 200, headers: { ...headers, "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(view) };
      return { value: view, response, pagesBilled: 0, cache: "miss" as const };
    });
    return { response: done.response, pagesBilled: 0, credits: done.billing.charged, cache: "miss", producedNothing: entries.length === 0, value: done.value };
  });
}

/** The outline as a nested Markdown list, for Accept: text/markdown. */
function outlineMarkdown(entries: readonly TocEntry[]): string {
  return entries.map((e) => `${"  ".repeat(e.level - 1)}- ${e.title.replace(/[\\`*_[\]<>]/g, (m) => "\\" + m)}${e.page ? ` (p. ${e.page})` : ""}`).join("\n") + (entries.length > 0 ? "\n" : "");
}
