// Small bodies read whole from request.raw: processor notifications (their signature is over
// the exact bytes, so nothing may parse them first) and the sandbox checkout's form. The app
// leaves every body unread (app.ts registers a catch-all content-type parser), so routes
// read their own, here under a size cap and a deadline; src/http/body_pump.ts enforces both.
import type { FastifyRequest } from "fastify";
import { limits } from "../config/limits.js";
import { ApiError, isApiError } from "../errors/catalogue.js";
import { collectSink, pumpBody } from "../http/body_pump.js";

export async function readSmallBody(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  try {
    const { value } = await pumpBody(request.raw, { maxBytes, bodyDeadlineMs: limits.webhookBodyMsMax }, undefined, () => collectSink());
    return value;
  } catch (err) {
    // pumpBody's message speaks of PDF uploads; these bodies are notifications and forms.
    if (isApiError(err) && err.code === "file_too_large") {
      throw new ApiError("file_too_large", {
        message: `The request body is over ${maxBytes / 1024} KiB, the limit of this endpoint. Processor notifications and checkout forms are far smaller.`,
        details: { max_bytes: maxBytes },
        headers: err.headers,
      });
    }
    throw err;
  }
}
