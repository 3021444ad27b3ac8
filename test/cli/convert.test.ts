// `svc convert` (DECISIONS.md §Command line) through the compiled bin, as a user runs it:
// Markdown or JSON out, exit 2 with a JSON error for document errors, 64 for usage errors, 66
// for an input it cannot read, progress on stderr for long documents.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bookPdf } from "../support/documents.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "dist/src/cli/main.js");
const FIXTURES = path.join(ROOT, "fixtures");
const fixture = (name: string) => path.join(FIXTURES, "pdf", name);
const expected = (name: string) => readFileSync(path.join(FIXTURES, "expected", name), "utf8");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function spawnSvc(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== "number") return reject(err);
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
  });
}

// Each run loads MuPDF's WASM (about half a second), so identical runs are shared between
// tests. `--threads 1` converts in-process; without it the CLI starts a worker pool.
const runs = new Map<string, Promise<Run>>();
function svc(...args: string[]): Promise<Run> {
  const key = JSON.stringify(args);
  let run = runs.get(key);
  if (!run) {
    run = spawnSvc(args);
    runs.set(key, run);
  }
  return run;
}

const scratch = mkdtempSync(path.join(tmpdir(), "svc-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.concurrent("svc convert", () => {
  it("names an input it cannot read in one line and exits 66 (EX_NOINPUT), no internal error", async () => {
    const missing = await svc("convert", path.join(scratch, "no-such-report.pdf"), "--threads", "1");
    expect(missing.code).toBe(66);
    expect(missing.stderr).toBe(`svc: cannot read ${path.join(scratch, "no-such-report.pdf")}: no such file\n`);
    expect(missing.stdout).toBe("");
    const directory = await svc("convert", scratch, "--threads", "1");
    expect(directory.code).toBe(66);
    expect(directory.stderr).toContain("it is a directory (convert a directory with --out-dir DIR)");
  });

  it("prints the Markdown on stdout and exits 0", async () => {
    const run = await svc("convert", fixture("headings.pdf"), "--threads", "1");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(expected("headings.md"));
    expect(run.stderr).toBe("");
  });

  it("--json prints the conversion object (markdown, pages, warnings); critical warnings also go to stderr", async () => {
    const run = await svc("convert", fixture("blank-middle-page.pdf"), "--threads", "1", "--json");
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.markdown).toBe(expected("blank-middle-page.md"));
    expect(result.pages.map((p: { page: number; markdown_length: number }) => [p.page, p.markdown_length > 0])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: "page_has_no_text_layer", pages: [2] }));
    expect(result.warnings.map((w: { code: string }) => w.code)).toContain("metadata_unavailable");
    expect(result).toMatchObject({ pages_billed: 2, pages_not_billed: [2] });
    expect(result.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(run.stderr).toBe("warning: page_has_no_text_layer on pages 2\n");
  });

  it("--out writes the output to a file and nothing to stdout", async () => {
    const out = path.join(scratch, "headings.md");
    const run = await svc("convert", fixture("headings.pdf"), "--threads", "1", "--out", out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(readFileSync(out, "utf8")).toBe(expected("headings.md"));
  });

  it("--pages 1 converts only page 1 of a 3-page document", async () => {
    const [one, all] = await Promise.all([
      svc("convert", fixture("running-headers.pdf"), "--threads", "1", "--pages", "1", "--json"),
      svc("convert", fixture("running-headers.pdf"), "--threads", "1", "--json"),
    ]);
    expect(one.code).toBe(0);
    const r1 = JSON.parse(one.stdout);
    const r3 = JSON.parse(all.stdout);
    expect(r3.page_count).toBe(3);
    expect(r1).toMatchObject({ page_count: 3, pages_selected: "1", pages_selected_count: 1, pages_processed: 1, pages_billed: 1 });
    expect(r1.pages.map((p: { page: number }) => p.page)).toEqual([1]);
    // Page 1 alone reads as page 1 does in the whole document's conversion.
    const page1 = r3.pages[0];
    const page1Text: string = r3.markdown.slice(page1.markdown_offset, page1.markdown_offset + page1.markdown_length);
    expect(r1.markdown).toBe(page1Text + "\n");
    expect(r1.markdown.length).toBeLessThan(r3.markdown.length / 2);
  });

  it("exits 2 with {error:{code:'pdf_invalid'}} on stderr for a file that is not a PDF", async () => {
    const notPdf = path.join(scratch, "notes.pdf");
    writeFileSync(notPdf, "These are plain-text notes, not a PDF.\n");
    const run = await svc("convert", notPdf, "--threads", "1");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    const body = JSON.parse(run.stderr.trim());
    expect(body).toMatchObject({ error: { code: "pdf_invalid", message: expect.any(String) } });
  });

  it("exits 64 for an unknown option or a bad option value", async () => {
    const usage = await Promise.all([
      svc("convert", fixture("headings.pdf"), "--bogus"),
      svc("convert", fixture("headings.pdf"), "--tables", "auto"),
    ]);
    for (const run of usage) {
      expect(run.code, run.stderr).toBe(64);
      expect(run.stdout).toBe("");
    }
    expect(usage[0].stderr).toMatch(/bogus/);
    expect(usage[1].stderr).toMatch(/--tables must be one of gfm, html, off/);
  });

  it("--password opens fixtures/pdf/encrypted.pdf; without it, exit 2 with pdf_encrypted", async () => {
    const [right, none] = await Promise.all([
      svc("convert", fixture("encrypted.pdf"), "--threads", "1", "--password", "secret"),
      svc("convert", fixture("encrypted.pdf"), "--threads", "1"),
    ]);
    expect(right.code).toBe(0);
    expect(right.stdout).toContain("The board will meet on the first Monday of next month");
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stderr.trim()).error.code).toBe("pdf_encrypted");
  });

  it("writes no progress lines for a short document", async () => {
    const run = await svc("convert", fixture("running-headers.pdf"), "--threads", "1", "--json");
    expect(run.stderr).not.toMatch(/converting/);
  });
});

describe("svc convert on long documents (55 pages of the generated book, test/support/documents.ts)", { concurrent: true }, () => {
  const file = path.join(scratch, "book.pdf");
  writeFileSync(file, bookPdf());
  const book = (...args: string[]) => svc("convert", file, "--pages", "101-155", ...args);

  it("writes progress lines on stderr, ending at 55/55, and keeps stdout for the Markdown", async () => {
    const run = await book("--threads", "1");
    expect(run.code).toBe(0);
    const progress = run.stderr.split("\n").filter((l) => l.startsWith("converting:"));
    expect(progress.length).toBeGreaterThanOrEqual(1);
    for (const l of progress) expect(l).toMatch(/^converting: \d+\/55 pages$/);
    expect(progress[progress.length - 1]).toBe("converting: 55/55 pages");
    expect(run.stdout).not.toMatch(/converting:/);
  });

  it("gives identical stdout with --threads 1 (in-process) and the default (worker pool)", async () => {
    const single = await book("--threads", "1");
    // The default is one thread per CPU (a pool when there are several); on a one-CPU
    // machine --threads 2 is run too, so the pool is always compared.
    const others = [book()];
    if (availableParallelism() < 2) others.push(book("--threads", "2"));
    expect(single.code).toBe(0);
    expect(single.stdout.length).toBeGreaterThan(1000);
    for (const run of await Promise.all(others)) {
      expect(run.code).toBe(0);
      expect(run.stdout === single.stdout).toBe(true);
    }
  });
});

describe("svc convert on many files (issue 10: batch conversion into --out-dir)", () => {
  // reports/ holds two fixtures and a broken file; reports/2024/ one more, read with --recursive.
  const tree = path.join(scratch, "batch-in");
  mkdirSync(path.join(tree, "2024"), { recursive: true });
  copyFileSync(fixture("headings.pdf"), path.join(tree, "headings.pdf"));
  copyFileSync(fixture("links.pdf"), path.join(tree, "links.pdf"));
  writeFileSync(path.join(tree, "broken.pdf"), "%PDF-1.7\nnot really a PDF\n");
  writeFileSync(path.join(tree, "notes.txt"), "not a PDF, not converted\n");
  copyFileSync(fixture("lists-bullet.pdf"), path.join(tree, "2024", "lists.PDF"));
  const summaryOf = (dir: string) =>
    readFileSync(path.join(dir, "summary.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));

  it("converts files and a directory tree in one run: one output per input, a JSONL summary, exit 2 when one failed", async () => {
    const out = path.join(scratch, "batch-out");
    const run = await svc("convert", tree, fixture("code-block.pdf"), "--recursive", "--out-dir", out, "--threads", "2");
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe("");
    expect(readFileSync(path.join(out, "headings.md"), "utf8")).toBe(expected("headings.md"));
    expect(readFileSync(path.join(out, "links.md"), "utf8")).toBe(expected("links.md"));
    expect(readFileSync(path.join(out, "2024", "lists.md"), "utf8")).toBe(expected("lists-bullet.md"));
    expect(readFileSync(path.join(out, "code-block.md"), "utf8")).toBe(expected("code-block.md"));
    const summary = summaryOf(out);
    expect(summary.map((l) => [path.basename(l.file), l.status])).toEqual([
      ["lists.PDF", "ok"],
      ["broken.pdf", "error"],
      ["headings.pdf", "ok"],
      ["links.pdf", "ok"],
      ["code-block.pdf", "ok"],
    ]);
    const broken = summary.find((l) => l.status === "error");
    expect(broken).toMatchObject({ code: expect.stringMatching(/^pdf_/), output: null, pages: 0 });
    for (const l of summary) expect(l.ms).toEqual(expect.any(Number));
    expect(summary.find((l) => l.file.endsWith("headings.pdf")).pages).toBeGreaterThan(0);
    // stderr is a pipe here: one plain line per file, a closing line, and the failure named.
    expect(run.stderr).toMatch(/^\[1\/5\] .+: /m);
    expect(run.stderr).toMatch(/^done: 5 files, \d+ pages in [\d.]+ s/m);
    expect(run.stderr).toMatch(/^error: .*broken\.pdf: pdf_/m);
  });

  it("without --recursive reads only the top of a directory, and exits 0 when every file converts", async () => {
    const out = path.join(scratch, "batch-flat");
    const ok = path.join(scratch, "batch-ok");
    mkdirSync(path.join(ok, "sub"), { recursive: true });
    copyFileSync(fixture("headings.pdf"), path.join(ok, "a.pdf"));
    copyFileSync(fixture("links.pdf"), path.join(ok, "sub", "b.pdf"));
    const run = await svc("convert", ok, "--out-dir", out, "--threads", "1", "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(out).map((l) => path.basename(l.file))).toEqual(["a.pdf"]);
    expect(JSON.parse(readFileSync(path.join(out, "a.json"), "utf8")).markdown).toBe(expected("headings.md"));
  });

  it("gives the single-file outputs when the batch's pages start the pool midway (issue 10 item 1: a batch starts the pool once its pages reach POOL_PAGES_MIN)", async () => {
    // With --jobs 1: the first file converts in this thread, the 60 book pages start the pool,
    // the last file goes to the running pool.
    const mixed = path.join(scratch, "batch-mixed");
    const out = path.join(scratch, "batch-mixed-out");
    mkdirSync(mixed, { recursive: true });
    copyFileSync(fixture("headings.pdf"), path.join(mixed, "a.pdf"));
    writeFileSync(path.join(mixed, "b.pdf"), bookPdf());
    copyFileSync(fixture("links.pdf"), path.join(mixed, "c.pdf"));
    const [run, bookAlone] = await Promise.all([
      svc("convert", mixed, "--out-dir", out, "--pages", "1-60", "--jobs", "1", "--threads", "2"),
      svc("convert", path.join(mixed, "b.pdf"), "--pages", "1-60", "--threads", "1"),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(out).map((l) => [path.basename(l.file), l.pages])).toEqual([
      ["a.pdf", 1],
      ["b.pdf", 60],
      ["c.pdf", 1],
    ]);
    expect(readFileSync(path.join(out, "a.md"), "utf8")).toBe(expected("headings.md"));
    expect(readFileSync(path.join(out, "b.md"), "utf8") === bookAlone.stdout).toBe(true);
    expect(readFileSync(path.join(out, "c.md"), "utf8")).toBe(expected("links.md"));
  });

  it("refuses, with exit 64, several inputs without --out-dir and two inputs that would write one output", async () => {
    const twin = path.join(scratch, "twin");
    mkdirSync(twin, { recursive: true });
    copyFileSync(fixture("headings.pdf"), path.join(twin, "headings.pdf"));
    const [noDir, collision] = await Promise.all([
      svc("convert", fixture("headings.pdf"), fixture("links.pdf")),
      svc("convert", fixture("headings.pdf"), path.join(twin, "headings.pdf"), "--out-dir", path.join(scratch, "twin-out")),
    ]);
    expect(noDir.code).toBe(64);
    expect(noDir.stderr).toMatch(/--out-dir/);
    expect(collision.code).toBe(64);
    expect(collision.stderr).toMatch(/would both be written to/);
  });
});
