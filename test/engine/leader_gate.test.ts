// leaders.ts isContentsEntryText's gate (docs/benchmarks.md: issue 9's gates): the leader
// pattern runs only on a text ending, spaces aside, in a digit or a roman one.
import { describe, expect, it } from "vitest";
import { isContentsEntryText } from "../../src/engine/layout/leaders.js";

describe("isContentsEntryText: the page-number gate before the leader pattern", () => {
  it("still reads entries ending in arabic or roman page numbers, either case, with spaces after them", () => {
    for (const text of ["Introduction ........ 5", "Preface . . . . . xiv", "Index . . . . . 4, 27  ", "Appendix ……… XII\u00a0", "Foreword......iii\t", "close . . . . . 22–26"]) {
      expect(isContentsEntryText(text)).toBe(true);
    }
  });

  it("leaves text that ends otherwise, dots and all", () => {
    for (const text of ["Introduction ........", "wait..... then go", "1.2.3.4.5 Overview", "", "   ", "Notes ..... 5a"]) {
      expect(isContentsEntryText(text)).toBe(false);
    }
  });
});
