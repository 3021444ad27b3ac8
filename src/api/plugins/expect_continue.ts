// `Expect: 100-continue` (RFC 9110 §10.1.1): a client that asks before sending its body is
// told 413 file_too_large at once when the Content-Length it announces is over the upload
// limit, and never sees `100 Continue` for a body that would be refused (SPEC.md §Limits:
// uploads over limits.uploadBytesMax are 413). Every other request gets `100 Continue` and
// goes to Fastify as usual; per-organization limits below the global one are still checked
// by body.ts once the request is routed.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { limits } from "../../config/limits.js";
import { ApiError } from "../../errors/catalogue.js";
import { wireRefusal } from "./error_handler.js";

export function expectContinuePlugin(app: FastifyInstance): void {
  app.server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const announced = Number(req.headers["content-length"] ?? NaN);
    if (Number.isFinite(announced) && announced > limits.uploadBytesMax) {
      const error = new ApiError("file_too_large", { param: "headers.content-length" });
      const { body, headers } = wireRefusal(app, error);
      res.writeHead(error.status, headers);
      res.end(body);
      return;
    }
    res.writeContinue();
    app.server.emit("request", req, res);
  });
}
