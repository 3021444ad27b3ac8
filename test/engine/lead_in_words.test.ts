// render/inline.ts leadInWordsEnd: a book that sets its paragraphs' opening words in a
// typewriter face as a design (Free Culture's chapter and section openers, "Jon Else is a
// filmmaker", in Monospace 821 like its headings) has no code there: the words are written as
// text (SPEC.md §Output: Markdown; docs/engine.md, Inline code). svc-md-1.1.29.
import { describe, expect, it } from "vitest";
import { type InlineOptions, renderInline } from "../../src/engine/render/inline.js";
import { line } from "../support/layout.js";

const OPTIONS: InlineOptions = { dehyphenate: false, emphasis: true, links: [] };

function opening(lead: string, rest: string, more = "He is best known for his documentaries.") {
  return [line([{ text: lead, mono: true }, { text: rest }], { x: 72, y: 100 }), line(more, { x: 72, y: 112 })];
}

describe("a paragraph's opening words in a typewriter face (svc-md-1.1.29: Free Culture)", () => {
  it("writes a book's lead-in words as text, the sentence going on in the text's face", () => {
    expect(renderInline(opening("Jon Else", " is a filmmaker."), OPTIONS)).toBe("Jon Else is a filmmaker. He is best known for his documentaries.");
    expect(renderInline(opening("In February 2003,", " Jesse Jordan wrote."), OPTIONS)).toMatch(/^In February 2003, Jesse/);
    expect(renderInline(opening("A war", " about copyright."), OPTIONS)).toMatch(/^A war about/);
    expect(renderInline(opening("To fight", " \u201cpiracy,\u201d the law."), OPTIONS)).toMatch(/^To fight \u201cpiracy/);
  });

  it("keeps code where the words read as code: a command, one name, a call, a lead-in inside the paragraph", () => {
    expect(renderInline(opening("R CMD check", " runs the tests."), OPTIONS)).toMatch(/^`R CMD check` runs/);
    expect(renderInline(opening("Sweave", " is a tool."), OPTIONS)).toMatch(/^`Sweave` is/);
    expect(renderInline(opening("print(x)", " prints it."), OPTIONS)).toMatch(/^`print\(x\)` prints/);
    expect(renderInline(opening("Use std::move", " to move it."), OPTIONS)).toMatch(/^`Use std::move` to/);
    const second = [line("The first line of the paragraph runs on.", { x: 72, y: 100 }), line([{ text: "Jon Else", mono: true }, { text: " is named here." }], { x: 72, y: 112 })];
    expect(renderInline(second, OPTIONS)).toContain("`Jon Else` is named");
  });

  it("keeps a whole line in the typewriter face as code, and words followed by a code's sign", () => {
    expect(renderInline([line([{ text: "Jon Else", mono: true }], { x: 72, y: 100 })], OPTIONS)).toBe("`Jon Else`");
    expect(renderInline(opening("Set this", " = 1 in the file."), OPTIONS)).toMatch(/^`Set this` = 1/);
  });
});
