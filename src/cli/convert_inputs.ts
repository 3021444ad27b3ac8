// What `svc convert` was asked to convert: files and directories on the command line become
// a list of PDFs, each with the path its output takes under --out-dir. Directories are read
// for *.pdf (case-insensitive), recursively with --recursive; hidden entries are skipped.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/** Files one batch converts at most: a typo'd `/` must not walk a whole disk. */
export const BATCH_FILES_MAX = 100_000;
/** Directory levels --recursive descends at most. */
export const BATCH_DEPTH_MAX = 32;

export interface InputFile {
  /** The path as the user can find it (relative paths stay relative). */
  path: string;
  /** Where it sits under the input it came from: the output's path under --out-dir. */
  relative: string;
}

export class InputError extends Error {}

export async function expandInputs(inputs: readonly string[], recursive: boolean): Promise<InputFile[]> {
  const files: InputFile[] = [];
  const seen = new Set<string>();
  const add = (file: InputFile): void => {
    const key = path.resolve(file.path);
    if (seen.has(key)) return;
    if (files.length === BATCH_FILES_MAX) throw new InputError(`more than ${BATCH_FILES_MAX.toLocaleString("en-US")} PDFs to convert; convert fewer at a time`);
    seen.add(key);
    files.push(file);
  };
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    if (!info) throw new InputError(`${input}: no such file or directory`);
    if (info.isDirectory()) await walk(input, "", recursive ? BATCH_DEPTH_MAX : 0, add);
    else add({ path: input, relative: path.basename(input) });
  }
  return files;
}

async function walk(dir: string, prefix: string, depthLeft: number, add: (file: InputFile) => void): Promise<void> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    const relative = prefix === "" ? entry.name : path.join(prefix, entry.name);
    if (entry.isDirectory()) {
      if (depthLeft > 0) await walk(full, relative, depthLeft - 1, add);
    } else if (entry.isFile() && entry.name.toLowerCase().endsWith(".pdf")) {
      add({ path: full, relative });
    }
  }
}

/** The output path of one input under `outDir`: the input's place, with .md or .json for .pdf. */
export function outputPath(outDir: string, input: InputFile, json: boolean): string {
  const stem = input.relative.replace(/\.pdf$/i, "");
  return path.join(outDir, `${stem}${json ? ".json" : ".md"}`);
}
