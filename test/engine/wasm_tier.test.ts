// ENGINE_WASM_TIER (docs/engine.md, "The worker pool"): `svc serve` has V8 compile MuPDF's
// WebAssembly with TurboFan at each function's first call. The setting is a speed choice only:
// the same document converts to the same Markdown in a process that set it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { OPTIMISED_WASM_FLAG } from "../../src/engine/extract/mupdf_wasm.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "fixtures/pdf/two-column.pdf");

describe("ENGINE_WASM_TIER", () => {
  it("defaults to optimised and takes baseline; anything else is a configuration error", () => {
    expect(parseEnv({} as NodeJS.ProcessEnv).ENGINE_WASM_TIER).toBe("optimised");
    expect(parseEnv({ ENGINE_WASM_TIER: "baseline" } as NodeJS.ProcessEnv).ENGINE_WASM_TIER).toBe("baseline");
    expect(() => parseEnv({ ENGINE_WASM_TIER: "fast" } as NodeJS.ProcessEnv)).toThrow(/ENGINE_WASM_TIER/);
    expect(OPTIMISED_WASM_FLAG).toBe("--no-liftoff");
  });

  it("converts to the same Markdown in a process compiled at the optimised tier", async () => {
    const here = await convertDocument(openInProcess, { bytes: new Uint8Array(readFileSync(FIXTURE)), options: defaultRenderOptions });
    // dist/ is what `svc serve` runs; the child sets the flag first, as serve_main.ts does.
    const script = `
      const { compileWasmOptimisedAtFirstCall } = await import(${JSON.stringify(path.join(ROOT, "dist/src/engine/extract/mupdf_wasm.js"))});
      compileWasmOptimisedAtFirstCall();
      const { convertDocument, openInProcess } = await import(${JSON.stringify(path.join(ROOT, "dist/src/engine/convert.js"))});
      const { defaultRenderOptions } = await import(${JSON.stringify(path.join(ROOT, "dist/src/engine/result.js"))});
      const { readFileSync } = await import("node:fs");
      const r = await convertDocument(openInProcess, { bytes: new Uint8Array(readFileSync(${JSON.stringify(FIXTURE)})), options: defaultRenderOptions });
      process.stdout.write(r.markdown);`;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    expect(child.stdout).toBe(here.markdown);
  }, 90_000);
});
