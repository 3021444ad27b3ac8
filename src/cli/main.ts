#!/usr/bin/env node
// The `svc` command: serve, convert, admin (DECISIONS.md §Command line).
// Commands are imported when run: `svc convert` must not pay for loading the HTTP server,
// the database drivers or the payment SDK.
import { convertUsage, UsageError } from "./usage.js";

const usage = `usage: svc <command>

commands:
  convert FILE.pdf [--pages EXPR] [--json] [--out FILE]   convert a local PDF (no account, no billing)
  convert FILE|DIR ... --out-dir DIR                      convert many PDFs into a directory
  serve                                                   run the HTTP API on $PORT
  admin ...                                               operator actions on the store

${convertUsage}
`;

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "convert":
      return (await import("./convert.js")).runConvert(rest);
    case "admin":
      return (await import("./admin_main.js")).runAdmin(rest);
    case "serve":
      return (await import("./serve_main.js")).runServe();
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(usage);
      return command === undefined ? 64 : 0;
    default:
      process.stderr.write(`svc: unknown command "${command.slice(0, 64)}"\n${usage}`);
      return 64;
  }
}

/**
 * Exits once stdout and stderr have taken everything written. Left to itself, Node first
 * drains V8's background jobs (optimising compiles of MuPDF's hot functions, which nothing
 * will call again after a short conversion, and garbage-collection work): on this 2-core
 * machine under load that kept a one-page `svc convert` alive a median 465 ms after its
 * output, against 244 ms with this exit (docs/cli.md §Start-up).
 */
async function exitWhenWritten(code: number): Promise<void> {
  const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write("", () => resolve()));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => {
    process.exitCode = code;
    if (argv[0] === "convert") void exitWhenWritten(code);
  },
  (err: unknown) => {
    if (err instanceof UsageError || (err instanceof Error && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"))) {
      process.stderr.write(`svc: ${err.message}\n`);
      process.exitCode = 64;
      return;
    }
    if (err instanceof Error && err.name === "StoreOpenError") {
      // A corrupt or unreadable PGlite data directory: one line and exit 74, no stack trace.
      process.stderr.write(`svc: ${err.message.replace(/\s+/g, " ")}\n`);
      process.exitCode = 74;
      return;
    }
    process.stderr.write(`svc: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
