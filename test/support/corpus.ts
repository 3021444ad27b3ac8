// The real-world corpus of ../shared/pdfs (SVC_SHARED overrides ../shared), which lives
// outside the repository: the only way a test reaches it. Suites about the corpus itself
// are `describe.skipIf(!corpus.available)`; a test that merely needs a long or odd document
// generates one instead (test/support/documents.ts), so a fresh clone runs it too.
// Importing this module without the corpus present prints one line saying so: import it
// only from test files that have corpus suites.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(process.env.SVC_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"), "pdfs");
const available = existsSync(path.join(dir, "MANIFEST.tsv"));

if (!available) console.log(`corpus suites skipped: ../shared/pdfs not found (${dir})`);

export interface CorpusFile {
  file: string;
  path: string;
  bytes: number;
  note: string;
  passwords: string[];
}

/** Passwords named in a manifest note, in the forms the note writers used. */
export function passwordsFromNote(note: string): string[] {
  const found = new Set<string>();
  for (const m of note.matchAll(/password=([^;\s]+)/g)) found.add(m[1]);
  for (const m of note.matchAll(/\b(?:user|owner)=([^;\s]+)/g)) found.add(m[1]);
  for (const m of note.matchAll(/passwords: ([^;=]+?) \/ ([^;]+?)(?:;|$)/g)) {
    found.add(m[1].trim());
    found.add(m[2].trim());
  }
  for (const m of note.matchAll(/pw "([^"]+)"/g)) found.add(m[1]);
  for (const m of note.matchAll(/pw = "([^"]+)"/g)) found.add(m[1]);
  return [...found];
}

function files(): CorpusFile[] {
  if (!available) return [];
  const lines = readFileSync(path.join(dir, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1);
  return lines.map((line) => {
    const [file, , , bytes, note = ""] = line.split("\t");
    return { file, path: path.join(dir, file), bytes: Number(bytes), note, passwords: passwordsFromNote(note) };
  });
}

export const corpus = {
  /** Absolute path of the corpus directory (it may not exist). */
  dir,
  /** True when the corpus and its MANIFEST.tsv are there. */
  available,
  /** Absolute path of a corpus file, e.g. "pdf.js/tracemonkey.pdf". */
  path: (file: string): string => path.join(dir, file),
  /** The bytes of a corpus file. */
  pdf: (file: string): Buffer => readFileSync(path.join(dir, file)),
  /** Every file of MANIFEST.tsv; none when the corpus is absent. */
  files,
};
