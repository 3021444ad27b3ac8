// The import graph runs one way (issue 8; README "Layout"): the engine imports nothing above
// it, the store neither the engine nor the HTTP layers, payments not the API, the API not
// the CLI; and no module reaches itself again through its imports, type imports included.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** Module (path under src, no extension) → the modules it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcRoot)) {
    const text = readFileSync(file, "utf8");
    const targets: string[] = [];
    for (const m of text.matchAll(importPattern)) {
      const spec = m[1] ?? m[2];
      targets.push(path.relative(srcRoot, path.resolve(path.dirname(file), spec)).replace(/\.(js|ts)$/, ""));
    }
    graph.set(path.relative(srcRoot, file).replace(/\.ts$/, ""), targets);
  }
  return graph;
}

const graph = importGraph();
const folderOf = (module: string) => module.split("/")[0];

/** The folders each folder may import (besides itself). */
const allowed: Record<string, readonly string[]> = {
  config: [],
  text: ["config"],
  engine: ["config", "text"],
  store: ["config", "text", "errors"],
  errors: ["config", "text", "engine"],
};
/** Folders a folder must never import, for the layers that may import most others. */
const forbidden: Record<string, readonly string[]> = {
  payments: ["api", "console", "cli"],
  http: ["api", "console", "payments", "cli"],
  api: ["cli"],
  admin: ["cli"],
};

describe("import direction (issue 8: no arrow back up)", () => {
  it("finds the source tree", () => {
    expect(graph.size).toBeGreaterThan(100);
  });

  for (const [folder, may] of Object.entries(allowed)) {
    it(`src/${folder} imports only ${may.length ? may.map((f) => `src/${f}`).join(", ") : "nothing outside itself"}`, () => {
      const wrong = [...graph].flatMap(([from, targets]) =>
        folderOf(from) !== folder ? [] : targets.filter((t) => folderOf(t) !== folder && !may.includes(folderOf(t))).map((t) => `${from} → ${t}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  for (const [folder, never] of Object.entries(forbidden)) {
    it(`src/${folder} imports none of ${never.map((f) => `src/${f}`).join(", ")}`, () => {
      const wrong = [...graph].flatMap(([from, targets]) =>
        folderOf(from) !== folder ? [] : targets.filter((t) => never.includes(folderOf(t))).map((t) => `${from} → ${t}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  it("has no import cycle, type imports included", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (module: string): void => {
      state.set(module, "open");
      stack.push(module);
      for (const next of graph.get(module) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next].join(" → "));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(module, "done");
    };
    for (const module of graph.keys()) if (!state.has(module)) visit(module);
    expect(cycles).toEqual([]);
  });
});
