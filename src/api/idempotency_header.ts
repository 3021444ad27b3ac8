// The Idempotency-Key request header (SPEC.md: 1 to 255 printable ASCII characters;
// DECISIONS.md: otherwise 400 invalid_parameter_type with param headers.idempotency-key).
import type { FastifyRequest } from "fastify";
import { validateIdempotencyKey } from "../store/canonical.js";
import { refusalError } from "./refusal.js";

export function readIdempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return null;
  const check = validateIdempotencyKey(Array.isArray(raw) ? raw.join(",") : raw);
  if (!check.ok) throw refusalError(check);
  return check.key;
}
