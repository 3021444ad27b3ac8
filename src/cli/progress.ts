// Batch progress on stderr: a bar redrawn in place on a terminal (files, pages, pages/s, ETA),
// or one plain line per finished file when stderr is a pipe or a log file, so logs stay
// readable and greppable.

/** The bar is redrawn at most this often. */
const REDRAW_INTERVAL_MS = 100;
const BAR_WIDTH = 24;

export interface FileDone {
  file: string;
  status: "ok" | "error";
  code?: string;
  pages: number;
  ms: number;
}

export interface Progress {
  fileDone(done: FileDone): void;
  pagesDone(pages: number): void;
  finish(): void;
}

export function createProgress(totalFiles: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  let files = 0;
  let failed = 0;
  let pages = 0;
  let lastDraw = 0;
  const rate = (): number => pages / Math.max(0.001, (Date.now() - started) / 1000);

  if (!stream.isTTY) {
    return {
      fileDone(done) {
        files += 1;
        pages += done.pages;
        const outcome = done.status === "ok" ? `${done.pages} pages` : `error ${done.code}`;
        stream.write(`[${files}/${totalFiles}] ${done.file}: ${outcome}, ${done.ms} ms\n`);
      },
      pagesDone() {},
      finish() {
        stream.write(`done: ${files} files, ${pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s (${rate().toFixed(0)} pages/s)\n`);
      },
    };
  }

  const draw = (force: boolean): void => {
    const now = Date.now();
    if (!force && now - lastDraw < REDRAW_INTERVAL_MS) return;
    lastDraw = now;
    const share = totalFiles === 0 ? 1 : files / totalFiles;
    const filled = Math.round(share * BAR_WIDTH);
    const perFileMs = files === 0 ? 0 : (now - started) / files;
    const eta = files === 0 ? "?" : `${Math.ceil(((totalFiles - files) * perFileMs) / 1000)}s`;
    const errors = failed > 0 ? ` · ${failed} failed` : "";
    const line = `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${files}/${totalFiles} files · ${pages} pages · ${rate().toFixed(0)} pages/s · ETA ${eta}${errors}`;
    stream.write(`\r${line.slice(0, Math.max(20, (stream.columns || 100) - 1))}\x1b[K`);
  };
  return {
    fileDone(done) {
      files += 1;
      if (done.status === "error") failed += 1;
      draw(true);
    },
    pagesDone(n) {
      pages += n;
      draw(false);
    },
    finish() {
      draw(true);
      stream.write("\n");
    },
  };
}
