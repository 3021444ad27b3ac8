// Issue 2, robustness: every file of ../shared/pdfs ends in a result or in a documented
// error code (SPEC.md §Errors); no crash, no hang, no unhandled rejection. Outcomes are
// written to artifacts/robustness.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { isDocumentError } from "../../src/engine/errors.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { isErrorCode } from "../../src/errors/catalogue.js";
import { corpus } from "../support/corpus.js";

const outcomes: Record<string, { outcome: string; pages?: number; warnings?: string[]; ms: number }> = {};

async function convertOnce(bytes: Uint8Array, password: string | undefined, pages: string | null) {
  try {
    const result = await convertDocument(openInProcess, { bytes, password, pages, options: defaultRenderOptions });
    return { ok: true as const, result };
  } catch (err) {
    if (isDocumentError(err)) return { ok: false as const, code: err.code };
    throw err;
  }
}

describe.skipIf(!corpus.available)("robustness over ../shared/pdfs", () => {
  const files = corpus.files();
  it("the manifest lists the whole corpus", () => {
    expect(files.length).toBeGreaterThanOrEqual(170);
  });
  for (const file of files) {
    it(`${file.file} ends in a result or a documented error`, async () => {
      const started = performance.now();
      const bytes = readFileSync(file.path);
      let attempt = await convertOnce(bytes, undefined, null);
      // A password-protected file must also open with a password its notes name.
      if (!attempt.ok && attempt.code === "pdf_encrypted") {
        for (const password of file.passwords) {
          const next = await convertOnce(bytes, password, null);
          if (next.ok || next.code !== "pdf_password_incorrect") {
            attempt = next;
            break;
          }
        }
      }
      // Longer documents are also converted (first 200 pages), so extraction is exercised.
      if (!attempt.ok && attempt.code === "too_many_pages") attempt = await convertOnce(bytes, undefined, "1-200");
      const ms = Math.round(performance.now() - started);
      if (attempt.ok) {
        const r = attempt.result;
        outcomes[file.file] = { outcome: "ok", pages: r.pages_processed, warnings: r.warnings.map((w) => w.code), ms };
        // SPEC.md §Cost function invariant: critical page warnings ⇔ pages_not_billed.
        const critical = new Set(r.warnings.filter((w) => w.severity === "critical" && w.scope === "page").flatMap((w) => w.pages));
        expect([...critical].sort((a, b) => a - b)).toEqual(r.pages_not_billed);
        expect(r.pages_billed).toBe(r.pages_processed - r.pages_not_billed.length);
      } else {
        outcomes[file.file] = { outcome: attempt.code, ms };
        expect(isErrorCode(attempt.code), attempt.code).toBe(true);
      }
    });
  }
  afterAll(() => {
    const root = path.resolve(import.meta.dirname, "../..");
    mkdirSync(path.join(root, "artifacts"), { recursive: true });
    writeFileSync(path.join(root, "artifacts", "robustness.json"), JSON.stringify(outcomes, null, 2));
  });
});
