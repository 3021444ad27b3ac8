#!/usr/bin/env node
// The `svc` command: serve, convert, admin (DECISIONS.md §Command line).
import { convertUsage, runConvert, UsageError } from "./convert.js";
import { runAdmin } from "./admin_main.js";
import { runServe } from "./serve_main.js";

const usage = `usage: svc <command>

commands:
  convert FILE.pdf [--pages EXPR] [--json] [--out FILE]   convert a local PDF (no account, no billing)
  serve                                                   run the HTTP API on $PORT
  admin ...                                               operator actions on the store

${convertUsage}
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "convert":
      return runConvert(rest);
    case "admin":
      return runAdmin(rest);
    case "serve":
      return runServe();
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError || (err instanceof Error && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"))) {
      process.stderr.write(`svc: ${err.message}\n`);
      process.exitCode = 64;
      return;
    }
    process.stderr.write(`svc: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
