// The real-world corpus of ../shared/pdfs: its manifest, and the passwords its notes name.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const corpusDir = path.resolve(import.meta.dirname, "../../../shared/pdfs");

export interface CorpusFile {
  file: string;
  path: string;
  bytes: number;
  note: string;
  passwords: string[];
}

export function corpusAvailable(): boolean {
  return existsSync(path.join(corpusDir, "MANIFEST.tsv"));
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

export function corpusFiles(): CorpusFile[] {
  const lines = readFileSync(path.join(corpusDir, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1);
  return lines.map((line) => {
    const [file, , , bytes, note = ""] = line.split("\t");
    return { file, path: path.join(corpusDir, file), bytes: Number(bytes), note, passwords: passwordsFromNote(note) };
  });
}
