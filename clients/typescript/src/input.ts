// What `convert` and `toc` accept as the PDF, and the request body they send. The document
// is read into memory once: every retry must send the same bytes (the idempotency
// fingerprint includes their SHA-256), and the service takes at most 32 MiB anyway.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";

/** A file path, the bytes, or a stream of them (a Node Readable is an AsyncIterable). */
export type PdfInput = string | Uint8Array | ArrayBuffer | AsyncIterable<Uint8Array | string>;

/** Streams longer than this are refused before they exhaust memory: 4 × the service's limit. */
const STREAM_BYTES_MAX = 128 * 1024 * 1024; // 128 MiB

export async function readPdfInput(input: PdfInput): Promise<Uint8Array> {
  if (typeof input === "string") return readFile(input);
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (input && typeof (input as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of input) {
      const buf = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      bytes += buf.length;
      if (bytes > STREAM_BYTES_MAX) throw new RangeError(`the PDF stream is over ${STREAM_BYTES_MAX} bytes; the service accepts at most 32 MiB`);
      chunks.push(buf);
    }
    return Buffer.concat(chunks);
  }
  throw new TypeError("input must be a file path, a Uint8Array or Buffer, an ArrayBuffer, or a readable stream");
}

export interface EncodedBody {
  body: Uint8Array;
  contentType: string;
}

/**
 * The request body: the raw encoding when there are no options and no password (the
 * shortest form, whose `pages` and `links` are null), else multipart with the PDF in the
 * part named `file`, the options as JSON and the password as text (DECISIONS.md §Requests).
 */
export function encodePdfRequest(pdf: Uint8Array, options: Record<string, unknown>, password: string | undefined): EncodedBody {
  if (Object.keys(options).length === 0 && password === undefined) return { body: pdf, contentType: "application/pdf" };
  const boundary = `svc-${randomUUID()}`;
  const part = (name: string, contentType: string, filename?: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\nContent-Type: ${contentType}\r\n\r\n`);
  const pieces: Uint8Array[] = [part("file", "application/pdf", "document.pdf"), pdf, Buffer.from("\r\n")];
  if (Object.keys(options).length > 0) pieces.push(part("options", "application/json"), Buffer.from(JSON.stringify(options)), Buffer.from("\r\n"));
  if (password !== undefined) pieces.push(part("password", "text/plain; charset=utf-8"), Buffer.from(password, "utf8"), Buffer.from("\r\n"));
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}
