// The document outline for POST /v1/toc and for heading hints. MuPDF's own loadOutline()
// recurses without bound; this walk uses an explicit stack, a depth cap, an entry cap and
// a visited set (outlines in damaged files can loop), and frees the outline it loads.
import { limits } from "../../config/limits.js";
import type { TocEntry } from "../result.js";
import { mupdf, wasm } from "./mupdf_runtime.js";

type MupdfDocument = InstanceType<typeof mupdf.Document>;

const CONTROL_CHARS = /[\u0000-\u001f\u007f]+/g;

export function readOutline(doc: MupdfDocument, pageCount: number): TocEntry[] {
  const docPtr = doc.pointer as unknown as number;
  let root = 0;
  try {
    root = wasm._wasm_load_outline(docPtr);
  } catch {
    return [];
  }
  if (!root) return [];
  const entries: TocEntry[] = [];
  try {
    // Pre-order walk: push the next sibling, then the first child, so a node's children
    // are emitted right after it and before its next sibling.
    const stack: { node: number; level: number }[] = [{ node: root, level: 1 }];
    const visited = new Set<number>();
    while (stack.length > 0 && entries.length < limits.outlineEntriesMax) {
      const { node, level } = stack.pop()!;
      if (visited.has(node)) continue;
      visited.add(node);
      entries.push({ title: outlineTitle(node), level, page: outlinePage(docPtr, node, pageCount) });
      const next = wasm._wasm_outline_get_next(node);
      if (next) stack.push({ node: next, level });
      const down = wasm._wasm_outline_get_down(node);
      if (down && level < limits.outlineDepthMax) stack.push({ node: down, level: level + 1 });
    }
  } finally {
    wasm._wasm_drop_outline(root);
  }
  return entries;
}

function outlineTitle(node: number): string {
  const ptr = wasm._wasm_outline_get_title(node);
  return ptr ? wasm.UTF8ToString(ptr).replace(CONTROL_CHARS, " ").trim() : "";
}

function outlinePage(docPtr: number, node: number, pageCount: number): number | null {
  try {
    const index = wasm._wasm_outline_get_page(docPtr, node);
    return index >= 0 && index < pageCount ? index + 1 : null;
  } catch {
    return null;
  }
}
