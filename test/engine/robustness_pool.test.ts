// Heavy (SVC_HEAVY=1): every file of ../shared/pdfs through the worker pool, as the service
// runs it: each ends in a result or a documented error code, and the pool survives all of
// them (issue 2, robustness; the pool half of the corpus test).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertDocument, openWithPool } from "../../src/engine/convert.js";
import { isDocumentError } from "../../src/engine/errors.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { isErrorCode } from "../../src/errors/catalogue.js";
import { corpus } from "../support/corpus.js";

const heavy = process.env.SVC_HEAVY === "1";

describe.skipIf(!heavy || !corpus.available)("robustness over ../shared/pdfs through the pool (heavy)", () => {
  let pool: EnginePool;
  beforeAll(() => {
    pool = new EnginePool({ threads: 2 });
  });
  afterAll(async () => {
    await pool.close();
  });
  for (const file of corpus.files()) {
    it(`${file.file} ends in a result or a documented error through the pool`, async () => {
      const bytes = readFileSync(file.path);
      const outcome = await convertDocument(openWithPool(pool), {
        bytes,
        password: file.passwords[0],
        pages: null,
        options: defaultRenderOptions,
      }).then(
        (r) => ({ ok: true as const, r }),
        (err: unknown) => {
          if (isDocumentError(err)) return { ok: false as const, code: err.code };
          throw err;
        },
      );
      if (outcome.ok) expect(outcome.r.pages_billed + outcome.r.pages_not_billed.length).toBe(outcome.r.pages_processed);
      else expect(isErrorCode(outcome.code), outcome.code).toBe(true);
    });
  }
  it("the pool still converts after the whole corpus", async () => {
    const bytes = readFileSync(corpus.path("pdf.js/tracemonkey.pdf"));
    const r = await convertDocument(openWithPool(pool), { bytes, options: defaultRenderOptions });
    expect(r.pages_processed).toBe(14);
  });
});
