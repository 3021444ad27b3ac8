// POST /v1/inspect and POST /v1/files exist as routes but are not enabled in this release
// (DECISIONS.md): authenticated callers get 422 feature_not_enabled, billed 0; other
// methods on them get 405 like any known path.
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../errors/catalogue.js";
import { authenticateCaller } from "../auth.js";
import { takeRequestsMeter } from "../admission.js";
import type { ApiDeps } from "../types.js";

const DISABLED = [
  { url: "/v1/inspect", what: "Document inspection (POST /v1/inspect)", scope: "convert:write" as const },
  { url: "/v1/files", what: "File uploads (POST /v1/files)", scope: "convert:write" as const },
];

export function registerDisabledRoutes(app: FastifyInstance, deps: ApiDeps): void {
  for (const route of DISABLED) {
    app.post(route.url, async (request) => {
      const caller = await authenticateCaller(deps, request, route.scope);
      request.caller = caller;
      await takeRequestsMeter(deps, request, caller);
      // The body is never read: nothing of it is used.
      throw new ApiError("feature_not_enabled", {
        message: `${route.what} is not enabled in this release; nothing was billed. Send the PDF to POST /v1/convert instead.`,
      });
    });
  }
}
