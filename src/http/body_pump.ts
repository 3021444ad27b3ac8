// Reading a request body that Fastify left unread (src/api/app.ts registers a catch-all
// content-type parser that reads nothing): request.raw is pumped into a sink, under a byte
// cap and a deadline. The conversion routes (src/api/body.ts, with the multipart sink of
// src/api/multipart.ts) and the payment routes' small bodies (src/payments/raw_body.ts)
// read through here, so both enforce the same limits the same way.
//
// An error raised while the body is still unread carries `Connection: close` in its headers
// (mustCloseConnection), and the response must send it: keeping the connection alive would
// mean reading the rest of a refused upload, as long as the client cares to send.
import type { IncomingMessage } from "node:http";
import { ApiError, formatBytes, isApiError } from "../errors/catalogue.js";

export interface BodyLimits {
  /** Bytes of body, and of the PDF, beyond which the request is 413 file_too_large. */
  maxBytes: number;
  /** SPEC.md behaviour rule 6: the body completes within this of its first byte. */
  bodyDeadlineMs: number;
}

/** Drives a parser with the body's chunks; see pumpBody. */
export interface BodySink<T> {
  /** One chunk, already counted against maxBytes. Failures go to PumpControl.fail. */
  write(chunk: Buffer): void;
  /** The body ended; resolves with the parsed result or rejects with an ApiError. */
  finish(): Promise<T>;
}

/** What a sink may do to the reading: refuse the body, or apply backpressure. */
export interface PumpControl {
  fail(err: ApiError): void;
  pause(): void;
  resume(): void;
}

export interface PumpedBody<T> {
  value: T;
  bytesRead: number;
}

/**
 * Reads request.raw into a sink, enforcing maxBytes while streaming and the body deadline.
 * The deadline has two phases: up to bodyDeadlineMs for the first byte (a client that sends
 * headers and then nothing), then bodyDeadlineMs from that first byte, as SPEC.md says. A
 * request can therefore hold its connection for at most twice the deadline, 40 s, which is
 * inside the 60 s wall clock. On any failure reading stops (the stream is paused, never
 * destroyed, so the error response can still be written) and the error carries
 * `Connection: close` if the body was not read to its end.
 */
export function pumpBody<T>(
  raw: IncomingMessage,
  limits: BodyLimits,
  signal: AbortSignal | undefined,
  makeSink: (control: PumpControl) => BodySink<T>,
): Promise<PumpedBody<T>> {
  return new Promise((resolve, reject) => new BodyPump(raw, limits, signal, resolve, reject).start(makeSink));
}

/** The sink of a body kept whole: its chunks, concatenated at the end. */
export function collectSink(): BodySink<Buffer> {
  const chunks: Buffer[] = [];
  return {
    write: (chunk) => void chunks.push(chunk),
    finish: async () => Buffer.concat(chunks),
  };
}

/** Whether the error was raised with the body unread: its response must close the connection. */
export function mustCloseConnection(err: unknown): boolean {
  return isApiError(err) && err.headers.connection === "close";
}

/** One reading of one body: its counters, its listeners, and how it settles (once). */
class BodyPump<T> {
  private bytesRead = 0;
  private settled = false;
  private ended = false;
  private firstByteSeen = false;
  private timer: NodeJS.Timeout | undefined;
  private sink: BodySink<T> | undefined;
  private readonly control: PumpControl = {
    fail: (err) => this.fail(err),
    pause: () => this.raw.pause(),
    resume: () => void (this.settled || this.raw.resume()),
  };

  constructor(
    private readonly raw: IncomingMessage,
    private readonly limits: BodyLimits,
    private readonly signal: AbortSignal | undefined,
    private readonly resolve: (body: PumpedBody<T>) => void,
    private readonly reject: (err: ApiError) => void,
  ) {}

  /** Makes the sink, refuses a body that can no longer be read, then listens. */
  start(makeSink: (control: PumpControl) => BodySink<T>): void {
    try {
      this.sink = makeSink(this.control);
    } catch (err) {
      return this.fail(asApiError(err));
    }
    if (this.signal?.aborted) return this.onAbort();
    if (this.raw.readableEnded) {
      // Someone else consumed the body: the route's scope lacks the catch-all parser above.
      return this.fail(new ApiError("internal_error", { cause: new Error("request body was already read; register the catch-all content type parser") }));
    }
    if (this.raw.destroyed) return this.onClose();
    this.listen();
  }

  private listen(): void {
    this.timer = setTimeout(this.onTimeout, this.limits.bodyDeadlineMs);
    this.signal?.addEventListener("abort", this.onAbort, { once: true });
    this.raw.on("error", this.onError);
    this.raw.on("close", this.onClose);
    this.raw.on("end", this.onEnd);
    this.raw.on("data", this.onData);
  }

  private stopListening(): void {
    clearTimeout(this.timer);
    this.raw.off("data", this.onData);
    this.raw.off("end", this.onEnd);
    this.raw.off("error", this.onError);
    this.raw.off("close", this.onClose);
    this.signal?.removeEventListener("abort", this.onAbort);
  }

  private fail(err: ApiError): void {
    if (this.settled) return;
    this.settled = true;
    this.stopListening();
    if (!this.ended) this.raw.pause();
    // Late stream errors after we stopped listening must not become uncaught exceptions.
    this.raw.on("error", ignore);
    this.reject(this.ended ? err : withConnectionClose(err));
  }

  private succeed(value: T): void {
    if (this.settled) return;
    this.settled = true;
    this.stopListening();
    this.resolve({ value, bytesRead: this.bytesRead });
  }

  private readonly onTimeout = (): void => this.fail(timeoutError(this.limits.bodyDeadlineMs, this.bytesRead, this.firstByteSeen));
  private readonly onAbort = (): void => this.fail(abandonedError(this.signal?.reason, this.bytesRead));
  private readonly onError = (err: unknown): void => this.fail(abandonedError(err, this.bytesRead));
  private readonly onClose = (): void => void (this.ended || this.fail(abandonedError(undefined, this.bytesRead)));

  private readonly onData = (chunk: Buffer): void => {
    if (this.settled) return;
    if (!this.firstByteSeen) this.startBodyDeadline();
    this.bytesRead += chunk.length;
    if (this.bytesRead > this.limits.maxBytes) return this.fail(tooLargeError(this.limits.maxBytes));
    try {
      this.sink?.write(chunk);
    } catch (err) {
      this.fail(asApiError(err));
    }
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    if (this.settled || this.sink === undefined) return;
    this.sink.finish().then(
      (value) => this.succeed(value),
      (err: unknown) => this.fail(asApiError(err)),
    );
  };

  /** The deadline's second phase: bodyDeadlineMs from the first byte. */
  private startBodyDeadline(): void {
    this.firstByteSeen = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onTimeout, this.limits.bodyDeadlineMs);
  }
}

function ignore(): void {}

function withConnectionClose(err: ApiError): ApiError {
  if (mustCloseConnection(err)) return err;
  const { message, param, details, retryAfterMs, cause } = err;
  return new ApiError(err.code, { message, param, details, retryAfterMs, cause, headers: { ...err.headers, connection: "close" } });
}

function tooLargeError(maxBytes: number): ApiError {
  return new ApiError("file_too_large", {
    message: `The request body is over ${formatBytes(maxBytes)}, the upload limit. Send a smaller PDF, or split it into parts.`,
    details: { max_bytes: maxBytes },
  });
}

function timeoutError(deadlineMs: number, bytesRead: number, firstByteSeen: boolean): ApiError {
  const seconds = deadlineMs / 1000;
  const message = firstByteSeen
    ? `The request body did not finish within ${seconds} s of its first byte. Retry from a faster connection, or send a smaller file.`
    : `No byte of the request body arrived within ${seconds} s. Send the body with the request headers.`;
  return new ApiError("request_timeout", { message, details: { deadline_ms: deadlineMs, bytes_read: bytesRead } });
}

/** The client went away, or the caller gave up (its own ApiError reason wins), mid-body. */
function abandonedError(reason: unknown, bytesRead: number): ApiError {
  if (isApiError(reason)) return reason;
  const message = "The connection closed before the request body was complete. Send the whole body, then wait for the response.";
  return new ApiError("request_timeout", { message, details: { bytes_read: bytesRead }, cause: reason });
}

/** A sink's non-ApiError is a programmer error: report it as ours, not the caller's. */
function asApiError(err: unknown): ApiError {
  return isApiError(err) ? err : new ApiError("internal_error", { cause: err });
}
