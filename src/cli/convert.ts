// `svc convert`: the engine on local files, no account and no billing (DECISIONS.md §Command
// line). One file prints its Markdown (or --json) to stdout or --out; several files or a
// directory go to --out-dir with a JSONL summary (convert_batch.ts).
//
// Start-up is most of the cost of converting a small file, so this module loads only the
// engine (no HTTP server, database or payment code: main.ts imports commands lazily), and a
// short selection is converted in this thread: worker threads, each loading MuPDF's WASM,
// start only when a selection has pages enough to pay for them (POOL_PAGES_MIN). The engine
// itself is imported only for a local run, after MuPDF's WebAssembly has started compiling
// in the background (localEngineModule), so the two overlap (docs/cli.md §Start-up).
import { writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { limits } from "../config/limits.js";
import type { DocumentSession, SessionOpener } from "../engine/convert.js";
import { isDocumentError } from "../engine/errors.js";
import { compileMupdfWasm } from "../engine/extract/mupdf_wasm.js";
import type { EnginePool } from "../engine/pool/pool.js";
import { defaultRenderOptions, type ConversionResult, type RenderOptions } from "../engine/result.js";
import { convertBatch, OutputCollision, type ConvertFile } from "./convert_batch.js";
import { expandInputs, InputError } from "./convert_inputs.js";
import { convertUsage, UsageError } from "./usage.js";

/** A single document with more selected pages than this reports progress on stderr. */
const PROGRESS_PAGES_MIN = 20;
/** Progress lines are written at most this often. */
const PROGRESS_INTERVAL_MS = 500;
/**
 * Runs asking for fewer pages than this (one selection, or all files of a batch together) are
 * converted in this thread even when --threads allows a pool: starting workers (each compiles
 * MuPDF's WASM) costs more than a thread converts in the time, at a few hundred pages per
 * second.
 */
export const POOL_PAGES_MIN = 48;
/** --threads and --jobs are at most this. */
const THREADS_MAX = 256;


function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${allowed.join(", ")}; got "${value.slice(0, 64)}"`);
}

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > THREADS_MAX) throw new UsageError(`--${name} must be a whole number from 1 to ${THREADS_MAX}`);
  return n;
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    allowNegative: true,
    options: {
      pages: { type: "string" },
      json: { type: "boolean", default: false },
      out: { type: "string" },
      "out-dir": { type: "string" },
      recursive: { type: "boolean", default: false },
      jobs: { type: "string" },
      summary: { type: "string" },
      password: { type: "string" },
      "page-markers": { type: "string" },
      "headers-footers": { type: "string" },
      dehyphenate: { type: "boolean", default: defaultRenderOptions.dehyphenate },
      unicode: { type: "string" },
      tables: { type: "string" },
      debug: { type: "boolean", default: false },
      threads: { type: "string" },
      api: { type: "string" },
    },
  });
  if (positionals.length === 0) throw new UsageError(convertUsage);
  const options: RenderOptions = {
    ...defaultRenderOptions,
    pageMarkers: choice("page-markers", values["page-markers"], ["none", "rule"], defaultRenderOptions.pageMarkers),
    headersFooters: choice("headers-footers", values["headers-footers"], ["keep", "strip"], defaultRenderOptions.headersFooters),
    dehyphenate: values.dehyphenate,
    unicode: choice("unicode", values.unicode, ["none", "nfc"], defaultRenderOptions.unicode),
    tables: choice("tables", values.tables, ["gfm", "html", "off"], defaultRenderOptions.tables),
    debug: values.debug,
  };
  const threads = count("threads", values.threads, availableParallelism());
  return { values, inputs: positionals, options, threads, jobs: count("jobs", values.jobs, Math.max(2, threads * 2)) };
}

export async function runConvert(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (args.values.api !== undefined) return runRemote(args);
  const engine = new LocalEngine(args.threads);
  try {
    if (args.values["out-dir"] === undefined) {
      if (args.inputs.length > 1) throw new UsageError("several inputs need --out-dir DIR (one output file per input)");
      return await convertSingle(args.inputs[0], args, engine);
    }
    if (args.values.out !== undefined) throw new UsageError("--out names one output file; with --out-dir each input gets its own");
    return await convertMany(args.values["out-dir"], args, engine);
  } finally {
    await engine.close();
  }
}

type Args = ReturnType<typeof parse>;

/** `--api URL`: the same runs against a remote service (convert_remote.ts), loaded only then. */
async function runRemote(args: Args): Promise<number> {
  const remote = await import("./convert_remote.js");
  const settings = { api: args.values.api as string, pages: args.values.pages ?? null, password: args.values.password, options: args.options };
  const client = remote.remoteClient(settings);
  const convert = remote.remoteConverter(client, settings);
  if (args.values["out-dir"] === undefined) {
    if (args.inputs.length > 1) throw new UsageError("several inputs need --out-dir DIR (one output file per input)");
    return convertSingleWith(args.inputs[0], args, (bytes) => convert(bytes, () => {}, args.inputs[0]));
  }
  if (args.values.out !== undefined) throw new UsageError("--out names one output file; with --out-dir each input gets its own");
  await client.ready();
  // --jobs defaults to the organization's concurrency limit: more would only queue in the client.
  const jobs = args.values.jobs === undefined ? client.concurrency : args.jobs;
  return convertManyWith(args.values["out-dir"], { ...args, jobs }, () => convert);
}

function convertSingle(file: string, args: Args, engine: LocalEngine): Promise<number> {
  let lastProgress = 0;
  return convertSingleWith(file, args, (bytes) => {
    noteOverUploadLimit(file, bytes);
    return engine.convert(bytes, args, (done, total) => {
      const now = Date.now();
      if (total < PROGRESS_PAGES_MIN || (now - lastProgress < PROGRESS_INTERVAL_MS && done < total)) return;
      lastProgress = now;
      process.stderr.write(`converting: ${done}/${total} pages\n`);
    });
  });
}

/** Locally there is no upload limit: the note says why the API would refuse this file. */
function noteOverUploadLimit(file: string, bytes: Uint8Array): void {
  if (bytes.length <= limits.uploadBytesMax) return;
  process.stderr.write(`note: ${file} is larger than the API's ${limits.uploadBytesMax / 1024 / 1024} MiB upload limit; converting locally anyway\n`);
}

function readFailure(code: string): string {
  if (code === "ENOENT" || code === "ENOTDIR") return "no such file";
  if (code === "EACCES") return "permission denied";
  return "it is a directory (convert a directory with --out-dir DIR)";
}

/** An error that carries a SPEC.md code: a local DocumentError or a remote SvcError. */
function codedError(err: unknown): { code: string; message: string; details?: unknown } | null {
  if (isDocumentError(err)) return err;
  if (isRemoteApiError(err)) return err;
  return null;
}

/** An SvcError of the client, recognised without loading the client for local runs. */
function isRemoteApiError(err: unknown): err is { code: string; message: string; details: unknown } {
  return err instanceof Error && typeof (err as { code?: unknown }).code === "string" && "request_id" in err;
}

/** sysexits.h EX_NOINPUT: an input file that does not exist or cannot be read. */
const EXIT_NO_INPUT = 66;

async function convertSingleWith(file: string, args: Args, convert: (bytes: Uint8Array) => Promise<ConversionResult>): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (err) {
    // A mistyped path is the user's, not the engine's: one line naming the file, no "internal error".
    const reason = (err as NodeJS.ErrnoException).code;
    if (reason !== "ENOENT" && reason !== "EACCES" && reason !== "EISDIR" && reason !== "ENOTDIR") throw err;
    process.stderr.write(`svc: cannot read ${file}: ${readFailure(reason)}\n`);
    return EXIT_NO_INPUT;
  }
  let result: ConversionResult;
  try {
    result = await convert(bytes);
  } catch (err) {
    const coded = codedError(err);
    if (coded === null) throw err;
    process.stderr.write(JSON.stringify({ error: { code: coded.code, message: coded.message, details: coded.details } }) + "\n");
    return 2;
  }
  const output = args.values.json ? JSON.stringify(result, null, 2) + "\n" : result.markdown;
  if (args.values.out) await writeFile(args.values.out, output);
  else process.stdout.write(output);
  for (const w of result.warnings) {
    if (w.severity === "critical") process.stderr.write(`warning: ${w.code} on pages ${w.pages.join(",")}\n`);
  }
  return 0;
}

function convertMany(outDir: string, args: Args, engine: LocalEngine): Promise<number> {
  // The files' pages count together: a batch starts the pool once they pay for it.
  return convertManyWith(outDir, args, () => (bytes, onPages, file) => {
    noteOverUploadLimit(file, bytes);
    return engine.convert(bytes, args, (done) => onPages(done));
  });
}

/** Runs the batch with the converter `converterFor` gives for the expanded file count. */
async function convertManyWith(outDir: string, args: Args, converterFor: (fileCount: number) => ConvertFile): Promise<number> {
  let files;
  try {
    files = await expandInputs(args.inputs, args.values.recursive);
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(err.message);
    throw err;
  }
  if (files.length === 0) throw new UsageError(`no PDF found in ${args.inputs.join(", ")}${args.values.recursive ? "" : " (add --recursive to look in subdirectories)"}`);
  let summary;
  try {
    summary = await convertBatch(files, {
      outDir,
      json: args.values.json,
      jobs: args.jobs,
      summaryPath: args.values.summary ?? path.join(outDir, "summary.jsonl"),
      convert: converterFor(files.length),
    });
  } catch (err) {
    if (err instanceof OutputCollision) throw new UsageError(err.message);
    throw err;
  }
  const failed = summary.filter((l) => l.status === "error");
  for (const l of failed) process.stderr.write(`error: ${l.file}: ${l.code}: ${l.message}\n`);
  return failed.length > 0 ? 2 : 0;
}

type EngineModule = typeof import("../engine/convert.js");
let engineModule: Promise<EngineModule> | null = null;

/**
 * The engine, imported once. MuPDF's WebAssembly starts compiling first: V8 decodes it on a
 * background thread while this one loads the engine's modules. A failure reaches the first
 * conversion that awaits it.
 */
function localEngineModule(): Promise<EngineModule> {
  if (engineModule === null) {
    void compileMupdfWasm();
    engineModule = import("../engine/convert.js");
    engineModule.catch(() => {});
  }
  return engineModule;
}

/**
 * The engine for this process: this thread until the pages asked for, over all files of the
 * run, reach POOL_PAGES_MIN; the pool from then on. A folder of small files thus pays for one
 * MuPDF instance, not one per worker, and a long file or a large batch gets every thread.
 */
class LocalEngine {
  #pool: Promise<EnginePool> | null = null;
  /** Pages asked for so far in this run, all files together. */
  #pagesAsked = 0;

  constructor(readonly threads: number) {
    // Loading starts now, while the arguments are checked and the input is read.
    void localEngineModule();
  }

  async convert(bytes: Uint8Array, args: Args, onProgress: (done: number, total: number) => void): Promise<ConversionResult> {
    const { convertDocument } = await localEngineModule();
    return convertDocument(await this.#opener(), {
      bytes,
      password: args.values.password,
      pages: args.values.pages ?? null,
      options: args.options,
      // Locally there is no request wall clock; the document budget still applies.
      deadlineMs: Date.now() + limits.documentWallMsMax * 100,
      maxSelectedPages: limits.documentPagesMax,
      onProgress,
    });
  }

  async #opener(): Promise<SessionOpener> {
    const { openInProcess, openWithPool } = await localEngineModule();
    if (this.threads === 1) return openInProcess;
    // Once the pool runs, a file need not be opened here first to count its pages.
    if (this.#pool !== null) return async (bytes, password) => openWithPool(await this.#startPool())(bytes, password);
    return async (bytes, password) => {
      const local = await openInProcess(bytes, password);
      return this.#adaptive(local, bytes, password, openWithPool);
    };
  }

  /** A session that extracts in this thread, or hands a long selection to the pool. */
  #adaptive(local: DocumentSession, bytes: Uint8Array, password: string | undefined, openWithPool: EngineModule["openWithPool"]): DocumentSession {
    let pooled: DocumentSession | null = null;
    return {
      pageCount: local.pageCount,
      hasXfa: local.hasXfa,
      outline: local.outline,
      layOut: async (pages, options, deadlineMs, onProgress) => {
        this.#pagesAsked += pages.length;
        if (this.#pool === null && this.#pagesAsked < POOL_PAGES_MIN) return local.layOut(pages, options, deadlineMs, onProgress);
        pooled = await openWithPool(await this.#startPool())(bytes, password);
        return pooled.layOut(pages, options, deadlineMs, onProgress);
      },
      // Pages are rendered where they were laid out.
      render: (planned, options, deadlineMs) => (pooled ?? local).render(planned, options, deadlineMs),
      close: async () => {
        await local.close();
        await pooled?.close();
      },
    };
  }

  #startPool(): Promise<EnginePool> {
    // No warm-up: the pool is started for the files at hand, which it would only wait behind
    // (a warm-up pays for a long-running `svc serve`'s first requests, docs/engine.md).
    this.#pool ??= import("../engine/pool/pool.js").then(({ EnginePool }) => new EnginePool({ threads: this.threads, warmUp: false }));
    return this.#pool;
  }

  async close(): Promise<void> {
    if (this.#pool) await (await this.#pool).close();
  }
}
