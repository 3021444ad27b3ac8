#!/usr/bin/env node
// Builds the compiled layout kernels from native/ (docs/native.md):
//   native  the Node-API addon → native/svc-layout.<platform>.node, with `napi build`
//           (@napi-rs/cli) when installed, else plain `cargo build` and a copy
//   wasm    the WebAssembly module → wasm/svc_layout.wasm, with a rustc that has the
//           wasm32-unknown-unknown std (Debian's `libstd-rust-dev-wasm32`), no cargo needed
// Usage: node scripts/build-native.mjs [native|wasm|all] [--optional]
// --optional (npm's `prepare`): a kernel that cannot be built is skipped with one line of
// output and exit code 0, so `npm install` works without Rust; the TypeScript kernel serves.
// Every artifact is loaded once after building, so a broken build never lands silently.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const nativeDir = path.join(root, "native");
const targetDir = path.join(nativeDir, "target");
const WASM_TARGET = "wasm32-unknown-unknown";
/** Must equal LAYOUT_KERNEL_ABI (src/engine/layout/kernel.ts) and KERNEL_ABI (layout-core). */
const KERNEL_ABI = 6;

const args = process.argv.slice(2);
const optional = args.includes("--optional");
const what = args.find((a) => !a.startsWith("--")) ?? "all";
if (!["native", "wasm", "all"].includes(what)) {
  console.error(`build-native: unknown kernel "${what}" (native, wasm or all)`);
  process.exit(2);
}

class Skip extends Error {}

/** napi-rs's platform suffix, as `napi build --platform` names the file (layout_kernel.ts looks for it). */
function platformSuffix() {
  const base = `${process.platform}-${process.arch}`;
  if (process.platform === "win32") return `${base}-msvc`;
  if (process.platform !== "linux") return base;
  return `${base}-${process.report.getReport().header.glibcVersionRuntime ? "gnu" : "musl"}`;
}

function works(command, commandArgs) {
  const r = spawnSync(command, commandArgs, { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Runs a build step; in optional mode its output goes to a log file instead of the terminal. */
function run(command, commandArgs, log, env = process.env) {
  const r = spawnSync(command, commandArgs, { cwd: root, env, encoding: "utf8", stdio: optional ? "pipe" : "inherit" });
  if (optional) {
    mkdirSync(targetDir, { recursive: true });
    writeFileSync(log, `$ ${command} ${commandArgs.join(" ")}\n${r.stdout ?? ""}${r.stderr ?? ""}`, { flag: "a" });
  }
  if (r.status !== 0) throw new Error(`${command} ${commandArgs[0]} failed${optional ? ` (see ${path.relative(root, log)})` : ""}`);
}

function buildNative() {
  const cargoVersion = works("cargo", ["--version"]);
  if (!cargoVersion) throw new Skip("no cargo on PATH");
  const out = path.join(nativeDir, `svc-layout.${platformSuffix()}.node`);
  const log = path.join(targetDir, "build-native.log");
  rmSync(log, { force: true });
  const napi = path.join(root, "node_modules", ".bin", "napi");
  const manifest = path.join(nativeDir, "layout-napi", "Cargo.toml");
  if (existsSync(napi)) {
    run(napi, ["build", "--release", "--platform", "--no-js", "--manifest-path", manifest,
      "--config-path", path.join(nativeDir, "napi.json"), "--output-dir", nativeDir, "--target-dir", targetDir], log);
  } else {
    run("cargo", ["build", "--release", "-p", "layout-napi", "--manifest-path", path.join(nativeDir, "Cargo.toml"), "--target-dir", targetDir], log);
    const lib = { darwin: "liblayout_napi.dylib", win32: "layout_napi.dll" }[process.platform] ?? "liblayout_napi.so";
    copyFileSync(path.join(targetDir, "release", lib), out);
  }
  const addon = createRequire(import.meta.url)(out);
  const probe = addon.orderForReading(new Float64Array([0, 0, 10, 10]));
  if (addon.abi !== KERNEL_ABI || probe.join() !== "1,1,0,1,1") throw new Error(`${out} does not answer as kernel ABI ${KERNEL_ABI}`);
  return `native built with ${cargoVersion.split(" ").slice(0, 2).join(" ")}${existsSync(napi) ? " via napi build" : ""}`;
}

/** A rustc whose sysroot holds the wasm32-unknown-unknown std, preferring Debian's. */
function wasmRustc() {
  for (const rustc of [process.env.RUSTC_WASM, "/usr/bin/rustc", "rustc"].filter(Boolean)) {
    const libdir = works(rustc, ["--print", "target-libdir", "--target", WASM_TARGET]);
    if (libdir && existsSync(libdir) && readdirSync(libdir).some((f) => f.startsWith("libstd-"))) return rustc;
  }
  return null;
}

/** rustc links wasm with rust-lld, from PATH (Debian: a link to lld-NN) or its own sysroot. */
function hasRustLld(rustc) {
  if (works("rust-lld", ["-flavor", "wasm", "--version"]) !== null) return true;
  const sysroot = works(rustc, ["--print", "sysroot"]);
  const host = works(rustc, ["-vV"])?.match(/^host: (\S+)$/m)?.[1];
  return Boolean(sysroot && host && existsSync(path.join(sysroot, "lib", "rustlib", host, "bin", "rust-lld")));
}

function buildWasm() {
  const rustc = wasmRustc();
  if (!rustc) throw new Skip(`no rustc with the ${WASM_TARGET} std (Debian: apt-get install rustc libstd-rust-dev-wasm32)`);
  if (!hasRustLld(rustc)) throw new Skip(`no rust-lld to link wasm (Debian: apt-get install $(readlink /usr/bin/rust-lld), e.g. lld-14)`);
  const outDir = path.join(targetDir, "wasm32");
  const log = path.join(targetDir, "build-wasm.log");
  rmSync(log, { force: true });
  mkdirSync(outDir, { recursive: true });
  const common = ["--edition", "2021", "--target", WASM_TARGET, "-C", "opt-level=3", "-C", "panic=abort", "--out-dir", outDir];
  run(rustc, [...common, "--crate-type", "rlib", "--crate-name", "layout_core", path.join(nativeDir, "layout-core", "src", "lib.rs")], log);
  run(rustc, [...common, "--crate-type", "cdylib", "--crate-name", "svc_layout", "-C", "lto", "-C", "codegen-units=1", "-C", "strip=symbols",
    "--extern", `layout_core=${path.join(outDir, "liblayout_core.rlib")}`, "-L", outDir, path.join(nativeDir, "layout-wasm", "src", "lib.rs")], log);
  const out = path.join(root, "wasm", "svc_layout.wasm");
  copyFileSync(path.join(outDir, "svc_layout.wasm"), out);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(out)), {});
  if (exports.abi() !== KERNEL_ABI) throw new Error(`${out} does not answer as kernel ABI ${KERNEL_ABI}`);
  return `wasm built with ${works(rustc, ["--version"])?.split(" ").slice(0, 2).join(" ")}`;
}

const builders = { native: buildNative, wasm: buildWasm };
const outcomes = [];
let failed = false;
for (const name of what === "all" ? ["native", "wasm"] : [what]) {
  try {
    outcomes.push(builders[name]());
  } catch (err) {
    if (!optional) {
      console.error(`build-native: ${name}: ${err.message}`);
      failed = true;
      continue;
    }
    outcomes.push(`${name} skipped (${err.message})`);
  }
}
if (outcomes.length > 0) {
  const summary = `layout kernels: ${outcomes.join("; ")}`;
  console.log(outcomes.some((o) => o.includes("skipped")) ? `${summary}. The TypeScript kernel serves what is missing.` : summary);
}
process.exit(failed ? 1 : 0);
