// Issue 12 item 1: a corrupt or unreadable PGlite data directory at start is an operating
// fault, not a crash: `svc serve` prints one line naming the directory and exits 74
// (STORE_OPEN_EXIT_CODE), with no stack trace.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STORE_OPEN_EXIT_CODE } from "../../src/store/db.js";

const MAIN = path.resolve(import.meta.dirname, "../../dist/src/cli/main.js");
const dir = mkdtempSync(path.join(os.tmpdir(), "svc-corrupt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("svc serve on a corrupt PGlite data directory", () => {
  it("one line on stderr, exit 74, no stack trace", () => {
    mkdirSync(path.join(dir, "pglite", "base"), { recursive: true });
    writeFileSync(path.join(dir, "pglite", "PG_VERSION"), "garbage\n");
    writeFileSync(path.join(dir, "pglite", "global"), "x");
    const r = spawnSync(process.execPath, [MAIN, "serve"], {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(STORE_OPEN_EXIT_CODE);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^svc: the PGlite data directory .*pglite cannot be opened \(corrupt or unreadable/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
