// The character gates blocks.ts, outline_numbers.ts, centred_lines.ts and word_chars.ts read
// before their patterns (docs/benchmarks.md, s13-blocks): each answers as the pattern it
// stands before, on the texts either side of its boundary.
import { describe, expect, it } from "vitest";
import { endsInSentenceStop, listMarker } from "../../src/engine/layout/blocks.js";
import { outlineNumber } from "../../src/engine/layout/outline_numbers.js";
import { hasWordChar, isAsciiLetterOrDigit, startsWithDigit } from "../../src/engine/layout/word_chars.js";

describe("word_chars.ts hasWordChar: /[\\p{L}\\p{N}]/u read by code over ASCII", () => {
  it("answers as the pattern on ASCII, Latin, other scripts, numbers and signs", () => {
    const pattern = /[\p{L}\p{N}]/u;
    for (const text of ["", " ", "  \t", "Word", " 7", "...", "—", "– é", "ß", "中文", "٣", "½", "\ufffd", "\u00a0", "(", "[1]", "→ x", "\u{1d400}", "@#$%^&*()_+=-", "ª", "º", "\ufffd\ufffd", "\ufffd\ufffdA", "\ufffd é", "\ufffd—"]) {
      expect(hasWordChar(text), JSON.stringify(text)).toBe(pattern.test(text));
    }
  });

  it("counts only A to Z, a to z and 0 to 9 as ASCII letters and digits", () => {
    let count = 0;
    for (let code = 0; code < 0x80; code++) if (isAsciiLetterOrDigit(code)) count++;
    expect(count).toBe(62);
    expect(isAsciiLetterOrDigit("_".charCodeAt(0))).toBe(false);
  });
});

describe("word_chars.ts startsWithDigit: the first character past white space, as /^\\s*\\d/ reads it", () => {
  it("answers as the pattern", () => {
    const pattern = /^\s*\d/;
    for (const text of ["1.2 Title", "  12", "\u00a0\u20097", "\ufeff3", "Title 1", "", "   ", "٣ Arabic-Indic", "(1)", "\u3000 9"]) {
      expect(startsWithDigit(text), JSON.stringify(text)).toBe(pattern.test(text));
    }
  });
});

describe("blocks.ts listMarker: the first-character gate before TASK_BOX, BULLET and ORDERED", () => {
  it("still reads every kind of marker, after white space of any kind", () => {
    expect(listMarker("1. First")?.marker).toBe("1.");
    expect(listMarker("\u00a0\u2003(b) Second")?.marker).toBe("2.");
    expect(listMarker("iv. Fourth")?.marker).toBe("4.");
    expect(listMarker("xviii) Eighteenth")?.value).toBe(18);
    expect(listMarker("123. Long list")?.value).toBe(123);
    expect(listMarker("• Bullet")?.marker).toBe("-");
    expect(listMarker("- Dash")?.marker).toBe("-");
    expect(listMarker("* Star")?.marker).toBe("-");
    expect(listMarker("— Em dash")?.marker).toBe("-");
    expect(listMarker("☐ Task")?.task).toBe(" ");
    expect(listMarker("A. Capital")?.weak).toBe(true);
  });

  it("leaves prose, a marker's token longer than six characters, and signs", () => {
    for (const text of ["The quick brown fox", "Version 1.2 is out", "lxxxvii. Too long a numeral", "1234. Too many digits", "#1. Hash", "", "   ", "Dr. Who"]) {
      expect(listMarker(text), text).toBeNull();
    }
  });
});

describe("outline_numbers.ts outlineNumber: the first digit read before OUTLINE_NUMBER", () => {
  it("reads a multi-level number after white space of any kind", () => {
    expect(outlineNumber("1.2 Scope")?.path).toEqual([1, 2]);
    expect(outlineNumber("\u00a0\t3.1.4. Deep")?.path).toEqual([3, 1, 4]);
  });

  it("leaves decimals, text and numbers starting with a zero", () => {
    for (const text of ["0.5 litres", "Version 1.2", "", "  ", ".1.2 x"]) expect(outlineNumber(text), text).toBeNull();
  });
});

describe("blocks.ts endsInSentenceStop: SENTENCE_END on the trimmed text, read from its end", () => {
  it("answers as /[.!?:][\"”’)]?$/u on trimEnd()", () => {
    const pattern = /[.!?:]["”’)]?$/u;
    for (const text of ["End.", "End. ", "Question?\u00a0", "Quote.”", "Said: ", "(see above).)", "no stop", "closer only)", "", " ", ".", "”", "a.”\t\n", "x!’", "Label:\u3000"]) {
      expect(endsInSentenceStop(text), JSON.stringify(text)).toBe(pattern.test(text.trimEnd()));
    }
  });
});
