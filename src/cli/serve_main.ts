// `svc serve`: runs until SIGINT or SIGTERM, then drains and exits 0.
import { parseEnv } from "../config/env.js";
import { serve } from "../api/serve.js";
import { compileWasmOptimisedAtFirstCall } from "../engine/extract/mupdf_wasm.js";

export async function runServe(): Promise<number> {
  const env = parseEnv();
  // Before the pool's workers load MuPDF: the flag is the process's, workers' included.
  if (env.ENGINE_WASM_TIER === "optimised") compileWasmOptimisedAtFirstCall();
  const service = await serve(env);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  process.stderr.write(JSON.stringify({ msg: "svc-md shutting down: draining in-flight requests" }) + "\n");
  await service.close();
  return 0;
}
