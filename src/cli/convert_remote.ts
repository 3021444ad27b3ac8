// `svc convert --api URL`: the batch runner (convert_batch.ts) with a remote service in place
// of the local engine. Each file goes through the official client (clients/typescript), so
// the run gets its retries with one Idempotency-Key per file, its pacing under the
// organization's limits and its concurrency limit; outputs and the summary are laid out as
// for a local run, and a failure's summary `code` is the API's error code.
import { SvcClient, SvcConnectionError, type Conversion, type ConvertCallOptions } from "@svc-md/client";
import type { ConversionResult, RenderOptions } from "../engine/result.js";
import type { ConvertFile } from "./convert_batch.js";
import { UsageError } from "./usage.js";

export const API_KEY_ENV = "SVC_API_KEY";

export interface RemoteSettings {
  api: string;
  pages: string | null;
  password: string | undefined;
  options: RenderOptions;
}

/** The local result's shape from a Conversion, so both runs write the same files. */
export function toConversionResult(c: Conversion): ConversionResult {
  const result: ConversionResult = {
    engine: c.engine,
    markdown: c.markdown,
    content_sha256: c.document.content_sha256,
    page_count: c.document.page_count,
    pages_selected: c.document.pages_selected,
    pages_selected_count: c.document.pages_selected_count,
    pages_processed: c.usage.pages_processed,
    pages_billed: c.usage.pages_billed,
    pages_not_billed: c.usage.pages_not_billed,
    text_layer_coverage: c.document.quality.text_layer_coverage,
    pages: c.pages ?? [],
    links: c.links ?? [],
    warnings: c.warnings.map(({ doc_url: _docUrl, ...w }) => w),
    timings_ms: c.timings_ms,
  };
  if (c.debug) result.debug = c.debug;
  return result;
}

function requestOptions(s: RemoteSettings): Omit<ConvertCallOptions, "accept"> {
  const o = s.options;
  return {
    ...(s.pages === null ? {} : { pages: s.pages }),
    page_markers: o.pageMarkers,
    headers_footers: o.headersFooters,
    normalize: { dehyphenate: o.dehyphenate, unicode: o.unicode },
    tables: o.tables,
    ...(o.debug ? { debug: true } : {}),
    ...(s.password === undefined ? {} : { password: s.password }),
  };
}

/** A client for `settings.api` with the key from SVC_API_KEY; a usage error without one. */
export function remoteClient(settings: RemoteSettings, env: NodeJS.ProcessEnv = process.env): SvcClient {
  const apiKey = env[API_KEY_ENV];
  if (!apiKey) throw new UsageError(`--api needs an API key in the ${API_KEY_ENV} environment variable`);
  if (!/^https?:\/\//.test(settings.api)) throw new UsageError(`--api must be an http(s) URL; got "${settings.api.slice(0, 64)}"`);
  return new SvcClient({ apiKey, baseUrl: settings.api });
}

/** The ConvertFile of a remote run: one POST /v1/convert per file. */
export function remoteConverter(client: SvcClient, settings: RemoteSettings): ConvertFile {
  const options = requestOptions(settings);
  return async (bytes, onPages) => {
    try {
      const conversion = await client.convert(bytes, options);
      onPages(conversion.usage.pages_processed);
      return toConversionResult(conversion);
    } catch (err) {
      // No answer at all has no API code; the summary says so rather than blame the service.
      if (err instanceof SvcConnectionError) throw Object.assign(new Error(err.message), { code: "connection_error" });
      throw err;
    }
  };
}
