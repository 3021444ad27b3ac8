// `svc serve`: runs until SIGINT or SIGTERM, then drains and exits 0.
import { parseEnv } from "../config/env.js";
import { serve } from "../api/serve.js";

export async function runServe(): Promise<number> {
  const service = await serve(parseEnv());
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  process.stderr.write(JSON.stringify({ msg: "svc-md shutting down: draining in-flight requests" }) + "\n");
  await service.close();
  return 0;
}
