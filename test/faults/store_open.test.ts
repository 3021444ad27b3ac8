// Issue 12 item 1, at start: a PGlite data directory on a full disk (a 2 MiB tmpfs: needs root
// to mount, skipped otherwise) ends `svc serve` with one line naming the cause and exit 74
// (STORE_OPEN_EXIT_CODE), never a stack trace. (A corrupt one: test/cli/serve_store_fault.test.ts;
// PostgreSQL refusing the service or away at start: test/faults/database.test.ts.)
// Heavy (SVC_HEAVY=1 or SVC_FAULTS=1), as the rest of test/faults.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STORE_OPEN_EXIT_CODE } from "../../src/store/db.js";

const enabled = process.env.SVC_HEAVY === "1" || process.env.SVC_FAULTS === "1";
const MAIN = path.resolve(import.meta.dirname, "../../dist/src/cli/main.js");
const tmp = mkdtempSync(path.join(os.tmpdir(), "svc-store-open-"));
const full = path.join(tmp, "full");
mkdirSync(full);
/** Too small for PGlite's initial data directory (about 40 MiB): the first writes fail ENOSPC. */
const TMPFS_SIZE = "2m";
const mounted = enabled && process.getuid?.() === 0 && spawnSync("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_SIZE}`, "tmpfs", full]).status === 0;
afterAll(() => {
  if (mounted) spawnSync("umount", [full]);
  rmSync(tmp, { recursive: true, force: true });
});

function serve(env: Record<string, string>) {
  return spawnSync(process.execPath, [MAIN, "serve"], {
    env: { ...process.env, DATABASE_URL: "", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ENGINE_THREADS: "1", ...env },
    encoding: "utf8",
    // PGlite's start is seconds of CPU (about 8 s on a loaded 2-core machine, 35 s wall).
    timeout: 150_000,
  });
}

function expectOneLine(r: ReturnType<typeof serve>, pattern: RegExp): void {
  expect(r.status).toBe(STORE_OPEN_EXIT_CODE);
  const lines = r.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at |\[object Object\]/);
}

describe.skipIf(!enabled)("svc serve: store faults at start (issue 12 item 1)", () => {
  it.skipIf(!mounted)("a PGlite data directory on a full disk: one line naming ENOSPC, exit 74", () => {
    expectOneLine(serve({ DATA_DIR: full }), /^svc: the PGlite data directory .* cannot be opened: no space left on the device \(ENOSPC\)/);
  }, 180_000);
});
