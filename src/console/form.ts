// Console form bodies (application/x-www-form-urlencoded), read here under a byte limit.
//
// app.ts removes every Fastify body parser and installs a "*" parser that leaves the body
// unread, because src/api/body.ts reads conversion uploads itself. Adding a form parser to
// the app would change what /v1 routes accept (a urlencoded POST to /v1/convert must stay
// 415 unsupported_content_type), so console handlers read request.raw themselves, as the
// API does, and only on console routes.
import type { FastifyRequest } from "fastify";

export type FormRead =
  | { ok: true; fields: URLSearchParams }
  | { ok: false; status: 400 | 413 | 415; message: string };

const FORM_TYPE = "application/x-www-form-urlencoded";

function isFormType(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(";")[0].trim().toLowerCase() === FORM_TYPE;
}

/**
 * Reads the body as a form, at most `maxBytes`. A body announced or found larger is refused
 * without reading the rest (the caller answers 413 with Connection: close).
 */
export async function readForm(request: FastifyRequest, maxBytes: number): Promise<FormRead> {
  if (!isFormType(request.headers["content-type"])) {
    return { ok: false, status: 415, message: "The console accepts forms only (application/x-www-form-urlencoded)." };
  }
  const tooLarge = { ok: false as const, status: 413 as const, message: "The form was larger than the console accepts." };
  const announced = Number(request.headers["content-length"] ?? "0");
  if (Number.isFinite(announced) && announced > maxBytes) return tooLarge;
  const raw = request.raw;
  if (raw.readableEnded) return { ok: true, fields: new URLSearchParams() };
  const chunks: Buffer[] = [];
  let total = 0;
  const outcome = await new Promise<"done" | "too_large" | "aborted">((resolve) => {
    const cleanup = () => {
      raw.off("data", onData);
      raw.off("end", onEnd);
      raw.off("error", onError);
      raw.off("aborted", onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        cleanup();
        raw.pause();
        resolve("too_large");
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve("done");
    };
    const onError = () => {
      cleanup();
      resolve("aborted");
    };
    raw.on("data", onData);
    raw.on("end", onEnd);
    raw.on("error", onError);
    raw.on("aborted", onError);
  });
  if (outcome === "too_large") return tooLarge;
  if (outcome === "aborted") return { ok: false, status: 400, message: "The form did not arrive completely." };
  const text = Buffer.concat(chunks).toString("utf8");
  return { ok: true, fields: new URLSearchParams(text) };
}

/** One field's value, trimmed; absent fields read as the empty string. */
export function field(fields: URLSearchParams, name: string): string {
  return (fields.get(name) ?? "").trim();
}
