// The multipart encoding (SPEC.md §POST /v1/convert; DECISIONS.md §Requests): the PDF is the
// part named `file`, `options` holds the options object as JSON and `password` the document
// password. Any other part name is refused by name, at its header, before its bytes are read.
//
// body.ts reads the socket and counts the whole body against maxBytes; this sink only parses.
// Busboy is told every part is a file (isPartAFile) so that each arrives as a stream we bound
// ourselves: its own field handling buffers up to 1 MiB per field before we could object.
import { Busboy, type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { ApiError, formatBytes, sanitizeCallerString } from "../errors/catalogue.js";
import type { BodySink, PumpControl } from "./body.js";

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
  let busboy: BusboyInstance;
  try {
    busboy = Busboy({
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

  let failed = false;
  let sawBytes = false;
  const seen = new Set<PartName>();
  const fileChunks: Buffer[] = [];
  let fileBytes = 0;
  let password: string | undefined;
  let options: unknown;

  let settleFinish: (err?: ApiError) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    settleFinish = (err) => (err ? reject(err) : resolve());
  });
  // A failure already reached the pump through control.fail; this copy only stops finish().
  finished.catch(() => {});

  const fail = (err: ApiError): void => {
    if (failed) return;
    failed = true;
    settleFinish(err);
    control.fail(err);
  };
  const malformed = (message: string, cause?: unknown): ApiError =>
    new ApiError("multipart_malformed", { message, cause });

  // Busboy stays listened to for its whole life: a late 'error' must never be uncaught.
  busboy.on("error", (err: unknown) => fail(malformed("The multipart body does not parse: it ends before its closing boundary, or a part is not terminated. Check the boundary and send the whole body.", err)));
  busboy.on("finish", () => settleFinish());
  busboy.on("file", (name: string | undefined, stream: BusboyFileStream, _filename: string, encoding: string) => {
    stream.on("error", (err: unknown) => fail(malformed("A multipart part ends before its boundary. Send the whole body.", err)));
    const refusal = failed ? null : checkPart(name, encoding, seen);
    if (failed || refusal) {
      stream.resume();
      if (refusal) fail(refusal);
      return;
    }
    const partName = name as PartName;
    seen.add(partName);
    const capBytes = partName === "file" ? maxBytes : partName === "options" ? optionsPartBytesMax : passwordPartBytesMax;
    const chunks = partName === "file" ? fileChunks : [];
    let partBytes = 0;
    stream.on("data", (chunk: Buffer) => {
      if (failed) return;
      partBytes += chunk.length;
      if (partBytes > capBytes) {
        fail(partTooLarge(partName, capBytes));
        return;
      }
      chunks.push(chunk);
      if (partName === "file") fileBytes = partBytes;
    });
    stream.on("end", () => {
      if (failed || partName === "file") return;
      // Decoded as soon as the part ends: a bad options part sent first is refused before the file is read.
      const text = decodeUtf8(Buffer.concat(chunks));
      if (partName === "password") {
        if (text === null) fail(new ApiError("invalid_parameter_type", { param: "password", message: "The password part is not UTF-8 text. Send the password as UTF-8." }));
        else password = text;
        return;
      }
      const parsed = text === null ? notJson : parseJson(text);
      if (parsed === notJson) {
        fail(new ApiError("malformed_json", { param: "options", message: "The options part does not parse as JSON. Send the options as one JSON object, such as {\"pages\": \"1-5\"}." }));
      } else if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        // Valid JSON of the wrong type is a type fault, as options.ts and the JSON encoding say.
        fail(new ApiError("invalid_parameter_type", { param: "options", message: "The options part is JSON but not an object. Send the options as one JSON object, such as {\"pages\": \"1-5\"}." }));
      } else {
        options = parsed;
      }
    });
  });

  return {
    write(chunk) {
      sawBytes = true;
      if (failed) return;
      // Busboy buffers what it cannot parse yet; pausing the socket keeps that bounded.
      if (!busboy.write(chunk)) {
        control.pause();
        busboy.once("drain", control.resume);
      }
    },
    async finish() {
      if (!sawBytes) {
        throw new ApiError("missing_source", { message: "The multipart body is empty. Send the PDF as the part named file." });
      }
      busboy.end();
      await finished;
      if (!seen.has("file")) {
        throw new ApiError("missing_source", { message: "The multipart body has no part named file. Send the PDF as the part named file." });
      }
      if (fileBytes === 0) {
        throw new ApiError("missing_source", { param: "file", message: "The part named file is empty. Send the PDF bytes in it." });
      }
      return { pdf: Buffer.concat(fileChunks, fileBytes), password, options };
    },
  };
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
