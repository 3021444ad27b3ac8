// convertMany: many documents through one client. Up to `concurrency` conversions are in
// flight (default the client's, which is the organization's limit); the client's pacing
// keeps them inside the requests and pages meters, and each conversion keeps its own
// Idempotency-Key over its retries. One document's failure does not stop the others: every
// input gets a result, in input order, and progress events say what happened as it happens.
import type { ConvertCallOptions, SvcClient } from "./client.js";
import type { Conversion } from "./generated/types.js";
import type { SvcConnectionError, SvcError } from "./errors.js";
import type { PdfInput } from "./input.js";

export type BatchResult =
  | { index: number; input: PdfInput; ok: true; conversion: Conversion }
  | { index: number; input: PdfInput; ok: false; error: SvcError | SvcConnectionError | Error };

export type BatchProgress =
  | { type: "started"; index: number; total: number }
  | { type: "retry"; index: number; total: number; attempt: number; delayMs: number; code: string }
  | { type: "converted"; index: number; total: number; done: number; failed: number; pages: number; credits: number }
  | { type: "failed"; index: number; total: number; done: number; failed: number; code: string; message: string };

export interface ConvertManyOptions extends Omit<ConvertCallOptions, "accept" | "idempotencyKey" | "onRetry"> {
  /** Conversions in flight at once; default the client's concurrency. */
  concurrency?: number;
  onProgress?: (event: BatchProgress) => void;
  /** An Idempotency-Key per input (to resume a batch safely); generated when absent. */
  idempotencyKey?: (input: PdfInput, index: number) => string | undefined;
}

export async function convertMany(client: SvcClient, inputs: readonly PdfInput[], options: ConvertManyOptions = {}): Promise<BatchResult[]> {
  const { concurrency, onProgress, idempotencyKey, ...convertOptions } = options;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) throw new TypeError("options.concurrency must be a positive integer");
  const total = inputs.length;
  const results: BatchResult[] = new Array(total);
  let next = 0;
  let done = 0;
  let failed = 0;
  const emit = (event: BatchProgress) => onProgress?.(event);
  const one = async (index: number): Promise<BatchResult> => {
    const input = inputs[index];
    emit({ type: "started", index, total });
    try {
      const conversion = await client.convert(input, {
        ...convertOptions,
        idempotencyKey: idempotencyKey?.(input, index),
        onRetry: (e) => emit({ type: "retry", index, total, attempt: e.attempt, delayMs: e.delayMs, code: "code" in e.error ? String(e.error.code) : "connection_error" }),
      });
      done++;
      emit({ type: "converted", index, total, done, failed, pages: conversion.usage.pages_processed, credits: conversion.usage.credits_charged });
      return { index, input, ok: true, conversion };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      failed++;
      const code = "code" in error && typeof error.code === "string" ? error.code : "connection_error";
      emit({ type: "failed", index, total, done, failed, code, message: error.message });
      return { index, input, ok: false, error };
    }
  };
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++;
      results[i] = await one(i);
    }
  };
  // The client's slots bound what is in flight whatever `concurrency` says.
  if (concurrency === undefined && total > 0) await client.ready();
  const width = Math.max(1, Math.min(total, concurrency ?? client.concurrency));
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
