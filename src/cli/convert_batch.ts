// `svc convert a.pdf b.pdf reports/ --out-dir md/`: many files in one process. Up to --jobs
// files are in flight at once; their pages share one engine (the worker pool, or this thread),
// so a small file does not wait behind a large one. Each file's output goes under --out-dir
// at the place it had under its input, and one JSONL line per file records how it ended.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ConversionResult } from "../engine/result.js";
import type { InputFile } from "./convert_inputs.js";
import { outputPath } from "./convert_inputs.js";
import { createProgress } from "./progress.js";

/** One line of the summary: what became of one input file. */
export interface SummaryLine {
  file: string;
  output: string | null;
  status: "ok" | "error";
  /** The SPEC.md error code when status is "error". */
  code: string | null;
  message: string | null;
  pages: number;
  ms: number;
}

/** Converts one file's bytes; throws an error carrying `code` for a document error. */
export type ConvertFile = (bytes: Uint8Array, onPages: (completed: number) => void, file: string) => Promise<ConversionResult>;

export interface BatchOptions {
  outDir: string;
  json: boolean;
  jobs: number;
  summaryPath: string;
  convert: ConvertFile;
}

export class OutputCollision extends Error {}

/** Runs the batch; resolves with the summary lines, in input order. */
export async function convertBatch(files: readonly InputFile[], options: BatchOptions): Promise<SummaryLine[]> {
  const outputs = files.map((f) => outputPath(options.outDir, f, options.json));
  const firstFor = new Map<string, string>();
  outputs.forEach((out, i) => {
    const other = firstFor.get(out);
    if (other) throw new OutputCollision(`${other} and ${files[i].path} would both be written to ${out}; convert them in separate runs or rename one`);
    firstFor.set(out, files[i].path);
  });
  await mkdir(options.outDir, { recursive: true });
  const progress = createProgress(files.length);
  const summary: SummaryLine[] = new Array(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const i = next++;
      summary[i] = await convertOne(files[i], outputs[i], options, (n) => progress.pagesDone(n));
      const line = summary[i];
      progress.fileDone({ file: line.file, status: line.status, code: line.code ?? undefined, pages: line.pages, ms: line.ms });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, files.length)) }, worker));
  progress.finish();
  await writeFile(options.summaryPath, summary.map((l) => JSON.stringify(l)).join("\n") + (summary.length ? "\n" : ""));
  return summary;
}

async function convertOne(file: InputFile, output: string, options: BatchOptions, pagesDone: (n: number) => void): Promise<SummaryLine> {
  const started = performance.now();
  let reported = 0;
  const ms = () => Math.round(performance.now() - started);
  try {
    const bytes = await readFile(file.path);
    const result = await options.convert(
      bytes,
      (completed) => {
        pagesDone(completed - reported);
        reported = completed;
      },
      file.path,
    );
    pagesDone(result.pages_processed - reported);
    await mkdir(path.dirname(output), { recursive: true });
    await writeFile(output, options.json ? JSON.stringify(result, null, 2) + "\n" : result.markdown);
    return { file: file.path, output, status: "ok", code: null, message: null, pages: result.pages_processed, ms: ms() };
  } catch (err) {
    const code = typeof (err as { code?: unknown }).code === "string" ? (err as { code: string }).code : "internal_error";
    const message = err instanceof Error ? err.message : String(err);
    return { file: file.path, output: null, status: "error", code, message, pages: 0, ms: ms() };
  }
}
