// `svc admin` while `svc serve` runs on the embedded database: PGlite is one process's
// database, so a second process must not open the same data directory. The service listens
// on a Unix socket in DATA_DIR (mode 0600: the same trust as the data itself) and runs the
// admin command in its own process, with the same code as a direct run.
import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { StoreContext } from "../store/context.js";
import { isAdminUsageError, runAdminCommand, usageResult, type AdminResult } from "./commands.js";

/** One request line at most this long: argv of an admin command is small. */
const REQUEST_BYTES_MAX = 64 * 1024;
/** A client that sends nothing for this long is dropped. */
const REQUEST_IDLE_MS = 10_000;

export function adminSocketPath(dataDir: string): string {
  return path.resolve(dataDir, "admin.sock");
}

export async function serveAdminSocket(ctx: StoreContext, socketPath: string): Promise<net.Server> {
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setTimeout(REQUEST_IDLE_MS, () => socket.destroy());
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > REQUEST_BYTES_MAX) return socket.destroy();
      const end = buffer.indexOf("\n");
      if (end === -1) return;
      socket.removeAllListeners("data");
      void answer(ctx, buffer.slice(0, end)).then((result) => socket.end(JSON.stringify(result) + "\n"));
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return server;
}

async function answer(ctx: StoreContext, line: string): Promise<AdminResult> {
  try {
    const request = JSON.parse(line) as { argv?: unknown };
    if (!Array.isArray(request.argv) || !request.argv.every((a) => typeof a === "string")) {
      return { exitCode: 64, output: { error: { code: "usage", message: "the request must be {\"argv\": [strings]}" } } };
    }
    return await runAdminCommand(ctx, request.argv);
  } catch (err) {
    if (isAdminUsageError(err)) return usageResult(err);
    return { exitCode: 1, output: { error: { code: "internal_error", message: "the service could not run the command; see its log" } } };
  }
}

/** Sends argv to a running service; null when no service listens on the socket. */
export function sendAdminCommand(socketPath: string, argv: readonly string[]): Promise<AdminResult | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(JSON.stringify({ argv }) + "\n"));
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(reply) as AdminResult);
      } catch {
        reject(new Error("the service answered the admin socket with something that is not JSON"));
      }
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED") resolve(null);
      else reject(err);
    });
  });
}
