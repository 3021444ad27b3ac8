// The multipart encoding (SPEC.md §POST /v1/convert; DECISIONS.md §Requests): the PDF is the
// part named `file`, `options` holds the options object as JSON and `password` the document
// password. Any other part name is refused by name, at its header, before its bytes are read.
//
// body.ts reads the socket and counts the whole body against maxBytes; this sink only parses.
// Busboy is told every part is a file (isPartAFile) so that each arrives as a stream we bound
// ourselves: its own field handling buffers up to 1 MiB per field before we could object.
import { Busboy, type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { ApiError, formatBytes, sanitizeCallerString } from "../errors/catalogue.js";
import type { BodySink, PumpControl } from "../http/body_pump.js";

/** The largest legitimate options object is under 8 KiB (4 KiB of metadata, a 2,048-character pages expression, scalars). */
export const optionsPartBytesMax = 16 * 1024; // 16 KiB
/** PDF passwords are at most 127 bytes (ISO 32000-2 §7.6.4.3.3); 1 KiB leaves room for any text encoding. */
export const passwordPartBytesMax = 1024; // 1 KiB
const partHeaderBytesMax = 8 * 1024; // 8 KiB: a part needs Content-Disposition and Content-Type
const partHeaderPairsMax = 16;

// RFC 7578 §4.7 deprecates Content-Transfer-Encoding; these three mean "the bytes as sent".
const identityEncodings = new Set(["7bit", "8bit", "binary"]);

export interface MultipartResult {
  pdf: Buffer;
  password?: string;
  /** A JSON object; undefined when the part is absent. */
  options?: unknown;
}

type PartName = "file" | "options" | "password";

export function createMultipartSink(contentType: string, maxBytes: number, control: PumpControl): BodySink<MultipartResult> {
  return new MultipartSink(openBusboy(contentType), maxBytes, control);
}

function openBusboy(contentType: string): BusboyInstance {
  try {
    return Busboy({
      headers: { "content-type": contentType },
      isPartAFile: () => true,
      limits: { headerSize: partHeaderBytesMax, headerPairs: partHeaderPairsMax },
    });
  } catch (err) {
    throw new ApiError("multipart_malformed", {
      message: "Content-Type multipart/form-data has no boundary parameter. Send multipart/form-data; boundary=..., as form libraries do.",
      cause: err,
    });
  }
}

/** One multipart body: the parts seen so far, what they held, and its first failure. */
class MultipartSink implements BodySink<MultipartResult> {
  private failed = false;
  private sawBytes = false;
  private readonly seen = new Set<PartName>();
  private readonly fileChunks: Buffer[] = [];
  private fileBytes = 0;
  private password: string | undefined;
  private options: unknown;
  private settleFinish: (err?: ApiError) => void = () => {};
  private readonly finished: Promise<void>;

  constructor(
    private readonly busboy: BusboyInstance,
    private readonly maxBytes: number,
    private readonly control: PumpControl,
  ) {
    this.finished = new Promise<void>((resolve, reject) => {
      this.settleFinish = (err) => (err ? reject(err) : resolve());
    });
    // A failure already reached the pump through control.fail; this copy only stops finish().
    this.finished.catch(() => {});
    // Busboy stays listened to for its whole life: a late 'error' must never be uncaught.
    busboy.on("error", (err: unknown) => this.fail(malformed("The multipart body does not parse: it ends before its closing boundary, or a part is not terminated. Check the boundary and send the whole body.", err)));
    busboy.on("finish", () => this.settleFinish());
    busboy.on("file", (name: string | undefined, stream: BusboyFileStream, _filename: string, encoding: string) => this.onPart(name, stream, encoding));
  }

  write(chunk: Buffer): void {
    this.sawBytes = true;
    if (this.failed) return;
    // Busboy buffers what it cannot parse yet; pausing the socket keeps that bounded.
    if (!this.busboy.write(chunk)) {
      this.control.pause();
      this.busboy.once("drain", this.control.resume);
    }
  }

  async finish(): Promise<MultipartResult> {
    if (!this.sawBytes) {
      throw new ApiError("missing_source", { message: "The multipart body is empty. Send the PDF as the part named file." });
    }
    this.busboy.end();
    await this.finished;
    if (!this.seen.has("file")) {
      throw new ApiError("missing_source", { message: "The multipart body has no part named file. Send the PDF as the part named file." });
    }
    if (this.fileBytes === 0) {
      throw new ApiError("missing_source", { param: "file", message: "The part named file is empty. Send the PDF bytes in it." });
    }
    return { pdf: Buffer.concat(this.fileChunks, this.fileBytes), password: this.password, options: this.options };
  }

  private fail(err: ApiError): void {
    if (this.failed) return;
    this.failed = true;
    this.settleFinish(err);
    this.control.fail(err);
  }

  /** A part's header arrived: refuse it, or read it. */
  private onPart(name: string | undefined, stream: BusboyFileStream, encoding: string): void {
    stream.on("error", (err: unknown) => this.fail(malformed("A multipart part ends before its boundary. Send the whole body.", err)));
    const refusal = this.failed ? null : checkPart(name, encoding, this.seen);
    if (this.failed || refusal) {
      stream.resume();
      if (refusal) this.fail(refusal);
      return;
    }
    const partName = name as PartName;
    this.seen.add(partName);
    this.readPart(partName, stream);
  }

  /** Reads an accepted part under its cap; the file is kept as chunks, the others decoded at their end. */
  private readPart(partName: PartName, stream: BusboyFileStream): void {
    const capBytes = partName === "file" ? this.maxBytes : partName === "options" ? optionsPartBytesMax : passwordPartBytesMax;
    const chunks = partName === "file" ? this.fileChunks : [];
    let partBytes = 0;
    stream.on("data", (chunk: Buffer) => {
      if (this.failed) return;
      partBytes += chunk.length;
      if (partBytes > capBytes) {
        this.fail(partTooLarge(partName, capBytes));
        return;
      }
      chunks.push(chunk);
      if (partName === "file") this.fileBytes = partBytes;
    });
    stream.on("end", () => {
      if (this.failed || partName === "file") return;
      // Decoded as soon as the part ends: a bad options part sent first is refused before the file is read.
      this.acceptTextPart(partName, decodeUtf8(Buffer.concat(chunks)));
    });
  }

  private acceptTextPart(partName: "options" | "password", text: string | null): void {
    if (partName === "password") {
      if (text === null) this.fail(new ApiError("invalid_parameter_type", { param: "password", message: "The password part is not UTF-8 text. Send the password as UTF-8." }));
      else this.password = text;
      return;
    }
    const parsed = parseOptionsPart(text);
    if (parsed.ok) this.options = parsed.options;
    else this.fail(parsed.error);
  }
}

function malformed(message: string, cause?: unknown): ApiError {
  return new ApiError("multipart_malformed", { message, cause });
}

/** The options part's text as a JSON object, or its refusal. */
function parseOptionsPart(text: string | null): { ok: true; options: object } | { ok: false; error: ApiError } {
  const parsed = text === null ? notJson : parseJson(text);
  if (parsed === notJson) {
    return { ok: false, error: new ApiError("malformed_json", { param: "options", message: "The options part does not parse as JSON. Send the options as one JSON object, such as {\"pages\": \"1-5\"}." }) };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    // Valid JSON of the wrong type is a type fault, as options.ts and the JSON encoding say.
    return { ok: false, error: new ApiError("invalid_parameter_type", { param: "options", message: "The options part is JSON but not an object. Send the options as one JSON object, such as {\"pages\": \"1-5\"}." }) };
  }
  return { ok: true, options: parsed };
}

/** The refusal for a part, decided from its header alone; null when it is accepted. */
function checkPart(name: string | undefined, encoding: string, seen: ReadonlySet<PartName>): ApiError | null {
  if (name === undefined || name.length === 0) {
    return new ApiError("multipart_malformed", { message: "A multipart part has no name in its Content-Disposition. Name the parts file, options and password." });
  }
  if (name !== "file" && name !== "options" && name !== "password") {
    return new ApiError("unknown_parameter", {
      param: name,
      message: `The multipart part "${sanitizeCallerString(name)}" is not recognised. Send only the parts file, options and password.`,
    });
  }
  if (seen.has(name)) {
    return name === "file"
      ? new ApiError("multiple_sources", { param: "file", message: "The multipart body has two parts named file. Send exactly one PDF per request." })
      : new ApiError("invalid_parameter_type", { param: name, message: `The multipart part ${name} appears twice. Send it once.` });
  }
  if (!identityEncodings.has(encoding)) {
    return new ApiError("multipart_malformed", {
      param: name,
      message: `The part ${name} uses Content-Transfer-Encoding "${sanitizeCallerString(encoding)}", which is not supported. Send the part's bytes unencoded.`,
    });
  }
  return null;
}

function partTooLarge(name: PartName, capBytes: number): ApiError {
  if (name === "file") {
    return new ApiError("file_too_large", {
      param: "file",
      message: `The part named file is over ${formatBytes(capBytes)}, the upload limit. Send a smaller PDF, or split it into parts.`,
      details: { max_bytes: capBytes },
    });
  }
  return new ApiError("invalid_parameter_type", {
    param: name,
    message: `The ${name} part is over ${formatBytes(capBytes)}. Send a shorter ${name === "options" ? "options object" : "password"}.`,
    details: { max_bytes: capBytes },
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

const notJson = Symbol("notJson");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return notJson;
  }
}
