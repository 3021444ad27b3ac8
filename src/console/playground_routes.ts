// The console's Try it page (issue 13): a signed-in customer drops a PDF and sees each page
// beside its Markdown. The conversion is POST /v1/convert's own path (admission, hold,
// settlement, ledger, usage record: src/api/conversion_request.ts and the convert route's
// work), admitted for the session's organization instead of a key, in one of two modes:
//   credits: live, billed from the organization's credits like any live request;
//   free:    as a test key (DECISIONS.md §Test keys): at most limits.testKeySelectedPagesMax
//            pages a request and limits.testKeyPagesPerMonthMax a month, billed nothing.
// Its usage record says source = console. Page images are rendered by MuPDF
// (page_render.ts) and kept in the database for the conversion's 24 hours.
//
//   GET  /console/try                                  the page (session)
//   POST /console/try/convert/free|credits             multipart as /v1/convert (session +
//                                                      X-CSRF-Token header); JSON answer
//   GET  /console/try/conversions/:id/pages/:page.png  a page image (session, own org only)
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { limits } from "../config/limits.js";
import { ApiError, isApiError } from "../errors/catalogue.js";
import { runConversionRequest } from "../api/conversion_request.js";
import type { ConversionView } from "../api/conversion_view.js";
import { sendError } from "../api/plugins/error_handler.js";
import { convertWork, ENDPOINT } from "../api/routes/v1_convert.js";
import type { ApiDeps, Caller } from "../api/types.js";
import { orgLimits } from "../store/account_limits.js";
import { keyLimits, type ApiKey } from "../store/keys.js";
import { getOrg, type Org } from "../store/orgs.js";
import { getPageImage, storePageImages } from "../store/page_images.js";
import { privateHeaders, requireSession, sendHtml, sessionBinding, type Authed, type ConsoleDeps } from "./context.js";
import { renderMarkdown } from "./markdown.js";
import { playgroundPage } from "./pages/playground.js";
import { renderPages, type RenderedPages } from "./page_render.js";

export type PlaygroundMode = "free" | "credits";

/** What the page's script receives for one conversion. */
export interface PlaygroundResult {
  object: "playground_result";
  mode: PlaygroundMode;
  conversion_id: string;
  markdown: string;
  pages: Array<{
    page: number;
    image_url: string | null;
    /** Why there is no image: "render_failed" or "image_limit". */
    image_note: "render_failed" | "image_limit" | null;
    markdown: string;
    html: string;
    warnings: Array<{ code: string; severity: string; message: string }>;
  }>;
  /** Warnings about the whole document or no page in particular. */
  document_warnings: Array<{ code: string; severity: string; message: string }>;
  billing: { pages_processed: number; pages_billed: number; pages_not_billed: number[]; credits_charged: number; credit_balance_after: number };
  curl: string;
}

/** The console acts through no stored key: this stands for one, with the org's own limits. */
function consoleKey(org: Org, env: "live" | "test"): ApiKey {
  return {
    key_id: "console",
    org_id: org.id,
    name: "Console (Try it)",
    env,
    hint: "console",
    scopes: ["convert:write"],
    ip_allow: [],
    sub_limits: {},
    created_at: org.created_at,
    last_used_at: null,
    expires_at: null,
    revoked_at: null,
  };
}

function consoleCaller(deps: ConsoleDeps, orgId: string, mode: PlaygroundMode): () => Promise<Caller> {
  return async () => {
    const org = await getOrg(deps.store, orgId);
    if (org === null) throw new ApiError("internal_error", { message: "The signed-in organization was not found. Sign in again." });
    if (org.status === "suspended") throw new ApiError("account_suspended", { message: "This organization is suspended. Contact support to restore access." });
    const env = mode === "free" ? "test" : "live";
    const key = consoleKey(org, env);
    return { org, key, env, limits: keyLimits(org, key), orgLimits: orgLimits(org.limits), source: "console" };
  };
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The same request from a terminal: a key in place of the session. */
export function curlCommand(baseUrl: string, mode: PlaygroundMode, fileName: string, options: unknown, withPassword: boolean): string {
  const keyVar = mode === "free" ? "$SVC_TEST_KEY" : "$SVC_API_KEY";
  const lines = [
    `curl -sS ${baseUrl}/v1/convert`,
    `  -H "Authorization: Bearer ${keyVar}"`,
    `  -F ${shellQuote(`file=@${fileName || "document.pdf"};type=application/pdf`)}`,
  ];
  if (options !== undefined) lines.push(`  -F ${shellQuote(`options=${JSON.stringify(options)};type=application/json`)}`);
  if (withPassword) lines.push(`  -F "password=$PDF_PASSWORD"`);
  return lines.join(" \\\n");
}

function wireWarning(w: { code: string; severity: string; message: string }) {
  return { code: w.code, severity: w.severity, message: w.message };
}

export function playgroundResult(view: ConversionView, mode: PlaygroundMode, rendered: RenderedPages, curl: string): PlaygroundResult {
  const facts = view.pages ?? [];
  const pageWarnings = (page: number) => view.warnings.filter((w) => w.pages.includes(page)).map(wireWarning);
  const known = new Set(facts.map((p) => p.page));
  const imaged = new Set(rendered.images.map((i) => i.page));
  const failed = new Set(rendered.failed);
  return {
    object: "playground_result",
    mode,
    conversion_id: view.id,
    markdown: view.markdown,
    pages: facts.map((p) => {
      const markdown = view.markdown.slice(p.markdown_offset, p.markdown_offset + p.markdown_length);
      return {
        page: p.page,
        image_url: imaged.has(p.page) ? `/console/try/conversions/${view.id}/pages/${p.page}.png` : null,
        image_note: imaged.has(p.page) ? null : failed.has(p.page) ? "render_failed" : "image_limit",
        markdown,
        html: renderMarkdown(markdown),
        warnings: pageWarnings(p.page),
      };
    }),
    document_warnings: view.warnings.filter((w) => !w.pages.some((n) => known.has(n))).map(wireWarning),
    billing: {
      pages_processed: view.usage.pages_processed,
      pages_billed: view.usage.pages_billed,
      pages_not_billed: view.usage.pages_not_billed,
      credits_charged: view.usage.credits_charged,
      credit_balance_after: view.usage.credit_balance_after,
    },
    curl,
  };
}

function modeOf(request: FastifyRequest): PlaygroundMode | null {
  // In the path: the body reader refuses query parameters beside a multipart body (SPEC.md).
  const mode = (request.params as Record<string, unknown> | undefined)?.mode;
  return mode === "free" || mode === "credits" ? mode : null;
}

function fileNameOf(request: FastifyRequest): string {
  const name = request.headers["x-file-name"];
  return typeof name === "string" ? decodeURIComponent(name).replace(/[^\w.() -]/g, "_").slice(0, 120) : "document.pdf";
}

export function registerPlaygroundRoutes(scope: FastifyInstance, deps: ConsoleDeps, api: ApiDeps): void {
  scope.get("/console/try", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (!authed) return reply;
    const org = orgLimits(authed.session.org.limits);
    return sendHtml(reply, 200, playgroundPage({ who: authed.who, csrf: authed.csrf, maxUploadBytes: org.max_upload_bytes, balance: authed.session.org.credit_balance }));
  });

  scope.post("/console/try/convert/:mode", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (!authed) return reply;
    privateHeaders(reply);
    const refuse = (status: number, code: string, message: string) => {
      reply.header("connection", "close");
      return reply.code(status).type("application/json; charset=utf-8").send(JSON.stringify({ error: { type: "console_error", code, message } }));
    };
    if (!deps.csrf.verify(sessionBinding(authed), request.headers["x-csrf-token"])) {
      return refuse(403, "form_expired", "This page could not be verified: it may be from an older session or another site. Reload the page and try again.");
    }
    const mode = modeOf(request);
    if (mode === null) return refuse(400, "invalid_mode", "Choose the free mode or the credits mode, then convert again.");
    return convertForConsole(request, reply, deps, api, authed, mode);
  });

  scope.get("/console/try/conversions/:id/pages/:file", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (!authed) return reply;
    const { id, file } = request.params as { id: string; file: string };
    const match = /^([1-9][0-9]{0,5})\.png$/.exec(file);
    const png = match ? await getPageImage(deps.store, { conversionId: id, orgId: authed.session.org.id, page: Number(match[1]) }) : null;
    privateHeaders(reply);
    if (png === null) return reply.code(404).type("text/plain; charset=utf-8").send("No such page image: it belongs to another organization or its 24 hours have passed.");
    // Private to the session, but unchanging: the browser may keep it while the page is open.
    return reply.header("cache-control", "private, max-age=86400").type("image/png").send(png);
  });
}

async function convertForConsole(request: FastifyRequest, reply: FastifyReply, deps: ConsoleDeps, api: ApiDeps, authed: Authed, mode: PlaygroundMode): Promise<FastifyReply> {
  try {
    await runConversionRequest(api, request, reply, { endpoint: ENDPOINT, kind: "convert", authenticate: consoleCaller(deps, authed.session.org.id, mode) }, async (r) => {
      const done = await convertWork(api, request, r);
      const view = done.value;
      // The conversion is billed and stored by now: a page image that cannot be made or kept
      // shows as "render failed" on its page, never as an error for the whole request.
      const numbers = (view.pages ?? []).map((p) => p.page);
      let rendered: RenderedPages;
      try {
        rendered = renderPages(r.body.pdf, r.body.password, numbers);
        await storePageImages(api.store, view.id, r.caller.org.id, rendered.images);
      } catch (err) {
        request.log.warn({ err }, "try it: page images failed");
        rendered = { images: [], failed: numbers, skipped: [] };
      }
      const options = r.body.options;
      const curl = curlCommand(api.baseUrl, mode, fileNameOf(request), options, r.body.password !== undefined);
      const result = playgroundResult(view, mode, rendered, curl);
      return { ...done, response: { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(result) } };
    });
    return reply;
  } catch (err) {
    const apiErr = isApiError(err) ? err : new ApiError("internal_error", { message: "The service failed while converting this document. Nothing was billed; try again.", cause: err });
    return sendError(reply, request, apiErr);
  }
}

export const playgroundLimits = { freePagesMax: limits.testKeySelectedPagesMax, freePagesPerMonthMax: limits.testKeyPagesPerMonthMax };
