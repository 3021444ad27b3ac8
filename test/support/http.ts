// HTTP over a bare socket, for tests that need what fetch cannot do: announce a body and not
// send it, send half and stall, keep writing after the server has answered, or hang up mid-body.
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface RawResponse {
  status: number;
  /** Header names lowercased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  json(): any;
}

export interface MultipartPart {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
  /** Extra header lines for the part, such as Content-Transfer-Encoding. */
  headers?: Record<string, string>;
}

const CRLF = "\r\n";
const responseHeadBytesMax = 64 * 1024;

/** A multipart/form-data body with the given parts, in order, with its closing boundary. */
export function multipartBody(boundary: string, parts: readonly MultipartPart[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += CRLF;
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}${CRLF}`;
    for (const [key, value] of Object.entries(part.headers ?? {})) head += `${key}: ${value}${CRLF}`;
    pieces.push(Buffer.from(head + CRLF), Buffer.from(part.data), Buffer.from(CRLF));
  }
  pieces.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(pieces);
}

/** One chunk of Transfer-Encoding: chunked framing. */
export function chunkFrame(data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}${CRLF}`), data, Buffer.from(CRLF)]);
}
export const lastChunk = Buffer.from(`0${CRLF}${CRLF}`);

export interface RequestHead {
  method?: string;
  path: string;
  /** Sent as given: set content-length or transfer-encoding yourself. */
  headers?: Record<string, string | number>;
}

/** One request on its own connection; the response is parsed as it arrives. */
export class RawExchange {
  readonly response: Promise<RawResponse>;
  private socketClosed = false;

  private constructor(private readonly socket: Socket) {
    this.response = readResponse(socket);
    // A test that hangs up on purpose never awaits the response; its rejection is expected.
    this.response.catch(() => {});
    // Writes after the server hung up fail with EPIPE/ECONNRESET; the test reads `closed`.
    socket.on("error", () => {});
    socket.on("close", () => {
      this.socketClosed = true;
    });
  }

  static async open(port: number, head: RequestHead): Promise<RawExchange> {
    const socket = connect({ host: "127.0.0.1", port });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    const exchange = new RawExchange(socket);
    let text = `${head.method ?? "POST"} ${head.path} HTTP/1.1${CRLF}Host: 127.0.0.1${CRLF}`;
    for (const [key, value] of Object.entries(head.headers ?? {})) text += `${key}: ${value}${CRLF}`;
    await exchange.write(text + CRLF);
    return exchange;
  }

  get closed(): boolean {
    return this.socketClosed || this.socket.destroyed;
  }

  /** Resolves false instead of throwing once the connection is gone. */
  write(data: Buffer | string): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.socket.write(data, (err) => resolve(!err));
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Sends a whole request and waits for the response. */
export async function sendRequest(port: number, head: RequestHead, body?: Buffer | string): Promise<RawResponse> {
  const headers = { ...head.headers };
  if (body !== undefined && headers["transfer-encoding"] === undefined) headers["content-length"] = Buffer.byteLength(body);
  const exchange = await RawExchange.open(port, { ...head, headers });
  if (body !== undefined) await exchange.write(body);
  const response = await exchange.response;
  exchange.destroy();
  return response;
}

/**
 * Streams `totalBytes` of `fill` as chunked frames until done, the server answers or the
 * connection closes; returns the bytes this side managed to hand to the socket.
 */
export async function streamChunked(exchange: RawExchange, totalBytes: number, chunkBytes: number, answered: () => boolean): Promise<number> {
  const fill = Buffer.alloc(chunkBytes, 0x41);
  let sent = 0;
  const roundsMax = Math.ceil(totalBytes / chunkBytes);
  for (let round = 0; round < roundsMax && !answered() && !exchange.closed; round++) {
    if (!(await exchange.write(chunkFrame(fill)))) break;
    sent += chunkBytes;
    // Yield so the response can be parsed between writes on a fast loopback.
    if (round % 8 === 7) await sleep(1);
  }
  if (sent >= totalBytes) await exchange.write(lastChunk);
  return sent;
}

function readResponse(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    let head: { status: number; headers: Record<string, string>; bodyStart: number; length: number | null } | null = null;
    const finish = (): boolean => {
      if (head === null) return false;
      const body = buffered.subarray(head.bodyStart);
      if (head.length !== null && body.length < head.length) return false;
      const bytes = head.length === null ? body : body.subarray(0, head.length);
      const { status, headers } = head;
      socket.off("data", onData);
      resolve({ status, headers, body: bytes, json: () => JSON.parse(bytes.toString("utf8")) });
      return true;
    };
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      if (head === null) {
        const end = buffered.indexOf(`${CRLF}${CRLF}`);
        if (end === -1) {
          if (buffered.length > responseHeadBytesMax) reject(new Error("response head too large"));
          return;
        }
        head = parseHead(buffered.subarray(0, end).toString("latin1"), end + 4);
      }
      finish();
    };
    socket.on("data", onData);
    socket.on("close", () => {
      if (head !== null && head.length === null) finish();
      else if (!finish()) reject(new Error(head === null ? "connection closed before a response" : "connection closed mid-response"));
    });
  });
}

function parseHead(text: string, bodyStart: number) {
  const [statusLine, ...lines] = text.split(CRLF);
  const status = Number(statusLine.split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  const length = headers["content-length"] === undefined ? null : Number(headers["content-length"]);
  return { status, headers, bodyStart, length };
}
