// `svc convert FILE.pdf [--pages EXPR] [--json] [--out FILE]`: the engine on a local file,
// no account and no billing.
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { limits } from "../config/limits.js";
import { availableParallelism } from "node:os";
import { convertDocument, openInProcess, openWithPool } from "../engine/convert.js";
import { EnginePool } from "../engine/pool/pool.js";
import { isDocumentError } from "../engine/errors.js";
import { defaultRenderOptions, type RenderOptions } from "../engine/result.js";

/** Documents with more pages than this report progress on stderr. */
const PROGRESS_PAGES_MIN = 20;
/** Progress lines are written at most this often. */
const PROGRESS_INTERVAL_MS = 500;

export const convertUsage = `usage: svc convert FILE.pdf [--pages EXPR] [--json] [--out FILE]
       [--password PW] [--page-markers none|rule] [--headers-footers strip|keep]
       [--no-dehyphenate] [--unicode none|nfc] [--tables gfm|html|off] [--threads N]`;

function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${allowed.join(", ")}; got "${value.slice(0, 64)}"`);
}

export class UsageError extends Error {}

export async function runConvert(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    allowNegative: true,
    options: {
      pages: { type: "string" },
      json: { type: "boolean", default: false },
      out: { type: "string" },
      password: { type: "string" },
      "page-markers": { type: "string" },
      "headers-footers": { type: "string" },
      dehyphenate: { type: "boolean", default: defaultRenderOptions.dehyphenate },
      unicode: { type: "string" },
      tables: { type: "string" },
      debug: { type: "boolean", default: false },
      threads: { type: "string" },
    },
  });
  if (positionals.length !== 1) throw new UsageError(convertUsage);
  const options: RenderOptions = {
    ...defaultRenderOptions,
    pageMarkers: choice("page-markers", values["page-markers"], ["none", "rule"], "none"),
    headersFooters: choice("headers-footers", values["headers-footers"], ["keep", "strip"], defaultRenderOptions.headersFooters),
    dehyphenate: values.dehyphenate,
    unicode: choice("unicode", values.unicode, ["none", "nfc"], "none"),
    tables: choice("tables", values.tables, ["gfm", "html", "off"], "gfm"),
    debug: values.debug,
  };
  const bytes = await readFile(positionals[0]);
  if (bytes.length > limits.uploadBytesMax) {
    process.stderr.write(`note: ${positionals[0]} is larger than the API's ${limits.uploadBytesMax / 1024 / 1024} MiB upload limit; converting locally anyway\n`);
  }
  const threads = values.threads === undefined ? availableParallelism() : Number(values.threads);
  if (!Number.isInteger(threads) || threads < 1 || threads > 256) throw new UsageError("--threads must be a whole number from 1 to 256");
  // One thread converts in this process; more spread the pages over a worker pool.
  const pool = threads > 1 ? new EnginePool({ threads }) : null;
  let lastProgress = 0;
  try {
    const result = await convertDocument(pool ? openWithPool(pool) : openInProcess, {
      bytes,
      password: values.password,
      pages: values.pages ?? null,
      options,
      // Locally there is no request wall clock; the document budget still applies.
      deadlineMs: Date.now() + limits.documentWallMsMax * 100,
      maxSelectedPages: limits.documentPagesMax,
      onProgress(done, total) {
        const now = Date.now();
        if (total < PROGRESS_PAGES_MIN || (now - lastProgress < PROGRESS_INTERVAL_MS && done < total)) return;
        lastProgress = now;
        process.stderr.write(`converting: ${done}/${total} pages\n`);
      },
    });
    const output = values.json ? JSON.stringify(result, null, 2) + "\n" : result.markdown;
    if (values.out) await writeFile(values.out, output);
    else process.stdout.write(output);
    for (const w of result.warnings) {
      if (w.severity === "critical") process.stderr.write(`warning: ${w.code} on pages ${w.pages.join(",")}\n`);
    }
    return 0;
  } catch (err) {
    if (isDocumentError(err)) {
      process.stderr.write(JSON.stringify({ error: { code: err.code, message: err.message, details: err.details } }) + "\n");
      return 2;
    }
    throw err;
  } finally {
    await pool?.close();
  }
}
