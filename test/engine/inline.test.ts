// inline.ts: escaping (text stays text), emphasis, code spans, links, dehyphenation and
// accents, on synthetic lines.
import fc from "fast-check";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { collapseWhitespace, escapeBlockStart, escapeInline, foldEnclosedLetters, type InlineOptions, plainText, renderInline } from "../../src/engine/render/inline.js";
import type { Line, PageLink } from "../../src/engine/model.js";
import { pageWords } from "../../src/engine/render/page_words.js";
import { line, span, type SpanSpec } from "../support/layout.js";

const BASE: InlineOptions = { dehyphenate: false, emphasis: true, links: [] };

function render(content: string | SpanSpec[] | Line[], options: Partial<InlineOptions> = {}): string {
  const lines = typeof content === "string" ? [line(content)] : isLines(content) ? content : [line(content)];
  return renderInline(lines, { ...BASE, ...options });
}

function isLines(content: SpanSpec[] | Line[]): content is Line[] {
  return content.length > 0 && "spans" in content[0];
}

/** Two lines, one under the other. */
function twoLines(first: string, second: string): Line[] {
  return [line(first, { y: 100 }), line(second, { y: 112 })];
}

/** A link area exactly over a line. */
function linkOver(l: Line, uri: string): PageLink {
  return { x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1, uri };
}

describe("escapeInline: characters Markdown reads as inline syntax", () => {
  it.each([
    ["2 * 3 * 4", "2 \\* 3 \\* 4"],
    ["_init_ and __main__", "\\_init\\_ and \\_\\_main\\_\\_"],
    ["use `ls` here", "use \\`ls\\` here"],
    ["see [1] and [a](b)", "see \\[1\\] and \\[a\\](b)"],
    ["a <div> tag and </p> and <!-- c -->", "a \\<div> tag and \\</p> and \\<!-- c -->"],
    ["&amp; and &#169; and &copy;", "\\&amp; and \\&#169; and \\&copy;"],
    ["C:\\path", "C:\\\\path"],
    ["~~strike~~", "\\~\\~strike\\~\\~"],
  ])("%j → %j", (input, expected) => {
    expect(escapeInline(input)).toBe(expected);
  });

  it("round-trips any short text through a CommonMark parser (escaped text stays text)", () => {
    const specials = [..."ab1 *_`[]()<>&#;!-+.~|=\\:/{}\"'"];
    const decode = (html: string) =>
      html
        .replace(/<[^>]*>/g, "")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...specials), { minLength: 1, maxLength: 16 }), (chars) => {
        const text = chars.join("").replace(/\s+/g, " ").trim();
        fc.pre(text !== "");
        const html = marked.parse(render(text)) as string;
        expect(decode(html).replace(/\s+/g, " ").trim()).toBe(text);
      }),
      { numRuns: 2000, seed: 42 },
    );
  });

  it.each([["snake_case_name"], ["a < b and c > d"], ["AT&T and R&D"], ["x & y;"], ["plain text."], ["naïve café"]])(
    "leaves %j as it is (intraword underscore, spaced <, bare &)",
    (input) => {
      expect(escapeInline(input)).toBe(input);
    },
  );
});

describe("collapseWhitespace: the per-unit scan that replaced a regex (issue 9: rendering must not cost throughput)", () => {
  it("gives what text.replace(/\\s+/g, \" \").trim() gives, for every white space \\s knows", () => {
    const alphabet = [..."ab.", " ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\u200b", "\u0085"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }), (chars) => {
        const text = chars.join("");
        expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, " ").trim());
      }),
      { numRuns: 5000, seed: 9 },
    );
  });

  it("returns text already collapsed as it is", () => {
    expect(collapseWhitespace("one two three")).toBe("one two three");
    expect(collapseWhitespace(" one\u00a0 two\t")).toBe("one two");
  });
});

describe("escapeBlockStart: what would start a block at the start of a paragraph", () => {
  it.each([
    ["# not a heading", "\\# not a heading"],
    ["###", "\\###"],
    ["> not a quote", "\\> not a quote"],
    ["- not a list", "\\- not a list"],
    ["+ not a list", "\\+ not a list"],
    ["* not a list", "\\* not a list"],
    ["1. not a list", "1\\. not a list"],
    ["2024. A year", "2024\\. A year"],
    ["3) not a list", "3\\) not a list"],
    ["---", "\\---"],
    ["===", "\\==="],
    ["```js", "\\```js"],
    ["~~~", "\\~~~"],
    ["| a | b |", "\\| a | b |"],
  ])("%j → %j", (input, expected) => {
    expect(escapeBlockStart(input)).toBe(expected);
  });

  it.each([["#hashtag"], ["-5 degrees"], ["1.5 million"], ["1999 was"], ["a # b"], ["Text - more"]])("leaves %j as it is", (input) => {
    expect(escapeBlockStart(input)).toBe(input);
  });
});

describe("renderInline: escaping in paragraphs", () => {
  it("escapes a paragraph starting like a heading, list, quote or rule", () => {
    expect(render("# 1 priority")).toBe("\\# 1 priority");
    expect(render("1. is the first")).toBe("1\\. is the first");
    expect(render("- item")).toBe("\\- item");
    expect(render("> quoted")).toBe("\\> quoted");
    expect(render("---")).toBe("\\---");
  });

  it("does not escape block starts when blockStart is false (heading text after '# ')", () => {
    expect(render("1. Introduction", { blockStart: false })).toBe("1. Introduction");
  });

  it("escapes literal Markdown inside text", () => {
    expect(render("Use *stars* and _under_ and `ticks` and [x](y) and <b> and &lt;")).toBe(
      "Use \\*stars\\* and \\_under\\_ and \\`ticks\\` and \\[x\\](y) and \\<b> and \\&lt;",
    );
  });
});

describe("renderInline: emphasis", () => {
  it("wraps a bold run in ** with the whitespace outside the markers", () => {
    expect(render([{ text: "This is " }, { text: "bold ", bold: true }, { text: "text" }])).toBe("This is **bold** text");
    expect(render([{ text: "This is" }, { text: " bold", bold: true }, { text: " text" }])).toBe("This is **bold** text");
  });

  it("wraps italic in * and bold italic in ***", () => {
    expect(render([{ text: "an " }, { text: "italic", italic: true }, { text: " word" }])).toBe("an *italic* word");
    expect(render([{ text: "a " }, { text: "strong emphasis", bold: true, italic: true }, { text: " here" }])).toBe(
      "a ***strong emphasis*** here",
    );
  });

  it("joins adjacent runs of one style, whitespace included, into one emphasis", () => {
    expect(render([{ text: "two", bold: true }, { text: " " }, { text: "words", bold: true }])).toBe("**two words**");
  });

  it("escapes syntax inside emphasis", () => {
    expect(render([{ text: "a*b", bold: true }])).toBe("**a\\*b**");
  });

  it("does not emphasise runs of symbols alone (math fonts flag themselves italic)", () => {
    expect(render([{ text: "x " }, { text: "+ =", italic: true }, { text: " y" }])).toBe("x + = y");
  });

  // Texinfo sets C++'s signs in typewriter: "C" | "++ new/delete" (R-exts p. 124), as "C" | "++ " reads "C++".
  it("leaves a code run's first word of symbols alone to the word it is glued to", () => {
    expect(render([{ text: "in C" }, { text: "++ new/delete ", mono: true }, { text: "and" }])).toBe("in C++ `new/delete` and");
    expect(render([{ text: "compiled C" }, { text: "++ ", mono: true }, { text: "code" }])).toBe("compiled C++ code");
  });

  it("keeps a code run whole where a space stands before it or its first word holds a letter", () => {
    expect(render([{ text: "in C " }, { text: "++ new/delete", mono: true }])).toBe("in C `++ new/delete`");
    expect(render([{ text: "call f" }, { text: "->next p", mono: true }])).toBe("call f`->next p`");
    expect(render([{ text: "x" }, { text: "++", mono: true }, { text: " y" }])).toBe("x++ y");
    // After a quote or a metavariable in italic, the signs are the code's own.
    expect(render([{ text: "the string ‘" }, { text: "+ file LICENSE", mono: true }, { text: "’" }])).toBe("the string ‘`+ file LICENSE`’");
    expect(render([{ text: "\\received{", mono: true }, { text: "date", italic: true }, { text: "} \\revised{", mono: true }, { text: "date", italic: true }])).toBe("`\\received{`*date*`} \\revised{`*date*");
  });

  it("keeps emphasis that ends in punctuation when a space follows", () => {
    const out = render([{ text: "Note:", bold: true }, { text: " the value" }]);
    expect(out).toBe("**Note:** the value");
    expect(marked.parse(out)).toBe("<p><strong>Note:</strong> the value</p>\n");
  });

  // Regression (fixed): an emphasis run ending in punctuation that is followed directly by a letter
  // (IEEE papers set "Abstract—We present…" with the bold-italic "Abstract—" touching the
  // text) renders "***Abstract—***We present": a closing delimiter after punctuation and
  // before a letter is not right-flanking in CommonMark, so the asterisks stay literal
  // (inline.ts, styleRun wraps the whole trimmed run, punctuation included).
  it("emphasis ending in punctuation directly before a letter still renders as emphasis", () => {
    const out = render([{ text: "Abstract—", bold: true, italic: true }, { text: "We present a method" }]);
    expect(marked.parse(out)).not.toContain("*");
    expect(marked.parse(out)).toContain("<strong>");
  });

  it("keeps the space before punctuation set outside the delimiters (camelot column_span_2: 'Men (' italic, '≥' upright)", () => {
    const out = render([{ text: "Men (", italic: true }, { text: "≥ " }, { text: "18 yrs)", italic: true }]);
    expect(out).toBe("*Men* (≥ *18 yrs)*");
    expect(marked.parse(out)).toBe("<p><em>Men</em> (≥ <em>18 yrs)</em></p>\n");
    // Math set italic between commas (tracemonkey: "{i2, i3, i5, α}").
    expect(marked.parse(render([{ text: "{i", italic: true }, { text: "2" }, { text: ", i", italic: true }, { text: "3" }]))).not.toContain("*");
  });

  it("drops emphasis when emphasis is off (headings)", () => {
    expect(render([{ text: "plain " }, { text: "bold", bold: true }], { emphasis: false })).toBe("plain bold");
  });

  it("writes a number set in a typewriter face as text where asked (table cells), other code as code", () => {
    expect(render([{ text: "302000001", mono: true }], { numbersAsText: true })).toBe("302000001");
    expect(render([{ text: "-2.98", mono: true }], { numbersAsText: true })).toBe("-2.98");
    expect(render([{ text: "\\loadeufm", mono: true }], { numbersAsText: true })).toBe("`\\loadeufm`");
    expect(render([{ text: "302000001", mono: true }])).toBe("`302000001`");
  });
});

describe("renderInline: code spans", () => {
  it("renders monospace text as a code span, unescaped", () => {
    expect(render([{ text: "Run " }, { text: "npm *install*", mono: true }, { text: " now" }])).toBe("Run `npm *install*` now");
  });

  it("writes monospace side by side as one code span, though part of it is italic (issue 9: book-r-intro-p20's length(object))", () => {
    // Two code spans side by side, `length(``object`, would read as one fenced by two backticks.
    expect(render([{ text: "The function " }, { text: "length(", mono: true }, { text: "object", mono: true, italic: true }, { text: ")", mono: true }, { text: " can" }])).toBe(
      "The function `length(object)` can",
    );
  });

  it("fences a code span containing backticks with a longer run of backticks", () => {
    expect(render([{ text: "a`b", mono: true }])).toBe("``a`b``");
    expect(render([{ text: "see " }, { text: "x``y", mono: true }])).toBe("see ```x``y```");
  });

  // Regression (fixed): a paragraph that starts with a code span fenced by three or more backticks (code
  // containing "``") gets a backslash before its fence from escapeBlockStart's fence rule
  // (inline.ts, BLOCK_START_SPECIALS `/^(`{3,}|~{3,})/`), giving "\```x``y```". That is not
  // a fence to begin with (a backtick fence's info string cannot contain backticks), and
  // the backslash breaks the span: CommonMark renders "`<code>x</code>y```".
  it("does not break a code span fenced by ``` at the start of a paragraph", () => {
    const out = render([{ text: "x``y", mono: true }, { text: " is code" }]);
    expect(marked.parse(out)).toBe("<p><code>x``y</code> is code</p>\n");
  });

  it("pads a code span that starts or ends with a backtick", () => {
    expect(render([{ text: "`tick", mono: true }])).toBe("`` `tick ``");
  });
});

describe("renderInline: links", () => {
  it("renders text under a link area as [text](url) and reports it", () => {
    const l = line([{ text: "See " }, { text: "the docs" }, { text: " for more." }]);
    const docs = l.spans[1];
    const seen: [string, string][] = [];
    const out = renderInline([l], {
      ...BASE,
      links: [{ x0: docs.x0, y0: docs.y0, x1: docs.x1, y1: docs.y1, uri: "https://example.com/docs" }],
      onLink: (url, text) => seen.push([url, text]),
    });
    expect(out).toBe("See [the docs](https://example.com/docs) for more.");
    expect(seen).toEqual([["https://example.com/docs", "the docs"]]);
  });

  it("wraps a destination containing spaces or parentheses in <>", () => {
    const l = line("Wikipedia");
    expect(render([l], { links: [linkOver(l, "https://en.wikipedia.org/wiki/Foo_(bar)")] })).toBe(
      "[Wikipedia](<https://en.wikipedia.org/wiki/Foo_(bar)>)",
    );
    expect(render([l], { links: [linkOver(l, "file:///My Documents/a.pdf")] })).toBe("[Wikipedia](<file:///My Documents/a.pdf>)");
  });

  it("leaves out of a link the closing bracket its area takes without the opening one (issue 9: URbeamer's '(TeX@mareipeischl.de)', cmpj's '(Physics Subject Headings)')", () => {
    const l = line([{ text: "Marei Peischl (" }, { text: "TeX@mareipeischl.de", mono: true }, { text: ")" }]);
    const area: PageLink = { x0: l.spans[1].x0, y0: l.y0, x1: l.spans[2].x1, y1: l.y1, uri: "mailto:TeX@mareipeischl.de" };
    expect(render([l], { links: [area] })).toBe("Marei Peischl (<TeX@mareipeischl.de>)");
    const words = line([{ text: "see (" }, { text: "Physics Subject Headings", italic: true }, { text: ")" }, { text: " here" }]);
    const inside: PageLink = { x0: words.spans[1].x0, y0: words.y0, x1: words.spans[2].x1, y1: words.y1, uri: "https://physh.aps.org/browse" };
    expect(render([words], { links: [inside] })).toBe("see ([*Physics Subject Headings*](https://physh.aps.org/browse)) here");
  });

  it("keeps a bracket pair inside a link, and a closing bracket that closes one opened inside it", () => {
    const l = line("Foo (bar)");
    expect(render([l], { links: [linkOver(l, "https://example.com/foo")] })).toBe("[Foo (bar)](https://example.com/foo)");
  });

  it("renders a link whose text is its own address as an autolink", () => {
    const l = line("https://example.com/a");
    expect(render([l], { links: [linkOver(l, "https://example.com/a")] })).toBe("<https://example.com/a>");
  });

  it("writes an e-mail address as CommonMark's e-mail autolink, without the mailto: the page does not show (geobase p1's 'Courriel : geoginfo@RNCan.gc.ca')", () => {
    const mail = line("someone@example.com");
    expect(render([mail], { links: [linkOver(mail, "mailto:someone@example.com")] })).toBe("<someone@example.com>");
    // An address CommonMark would not read as one keeps the scheme.
    const odd = line("some one@example.com");
    expect(render([odd], { links: [linkOver(odd, "mailto:some one@example.com")] })).toBe("[some one@example.com](<mailto:some one@example.com>)");
  });

  it("keeps emphasis inside link text", () => {
    const l = line([{ text: "bold link", bold: true }]);
    expect(render([l], { links: [linkOver(l, "https://example.com")] })).toBe("[**bold link**](https://example.com)");
  });
});

describe("renderInline: superscripts", () => {
  /** "273.879.750" at 11 pt with a 6.6 pt mark raised 5 pt, as list-pypdf-example's table cell sets it. */
  function marked(mark: string, raise: number, size = 6.6): Line {
    const number = span("273.879.750", 155, 516.8, { size: 11 });
    const sup = span(mark, number.x1, 516.8 + 11 - size - raise, { size });
    return { spans: [number, sup], x0: number.x0, y0: Math.min(number.y0, sup.y0), x1: sup.x1, y1: number.y1, wmode: 0 };
  }

  it("sets a small raised footnote mark apart as <sup> (issue 9: '273.879.7501' read as one number)", () => {
    expect(render([marked("1", 5)])).toBe("273.879.750<sup>1</sup>");
  });

  it("sets a raised list of marks with a space after its comma as one <sup> (aastex631's 'Butler Burton,²˒ ³'; svc-md-1.1.31)", () => {
    expect(render([marked("2, 3", 5)])).toBe("273.879.750<sup>2, 3</sup>");
    // A space elsewhere is no mark list: raised words stay text.
    expect(render([marked("2 3", 5)])).toBe("273.879.7502 3");
  });

  it("writes a browser's <sup>, set at 83% of the text and raised a third of its size, as <sup> (superscripts.ts RAISED_MARK_SIZE_RATIO_MAX: a Chromium print's 'Moreno1')", () => {
    // Chromium: 10.5 pt text, its <sup> at 8.74 pt with its bottom 4.6 pt above the text's.
    expect(render([marked("1", 0.44 * 11, 0.833 * 11)])).toBe("273.879.750<sup>1</sup>");
  });

  it("leaves text at 83% of the line's size alone where it is raised less than a third of it (RAISED_MARK_RAISE_RATIO_MIN)", () => {
    expect(render([marked("1", 0.25 * 11, 0.833 * 11)])).toBe("273.879.7501");
    expect(render([marked("1", 0.44 * 11, 0.9 * 11)])).toBe("273.879.7501");
  });

  it("leaves small text on the baseline (small capitals, a subscript's size without the raise) and raised words alone", () => {
    expect(render([marked("1", 0)])).toBe("273.879.7501");
    expect(render([marked("not a mark", 5)])).toBe("273.879.750not a mark");
  });

  it("leaves a raised letter inside a word alone (the A of the LaTeX logo), and unmapped glyphs", () => {
    const l = span("L", 72, 100, { size: 10 });
    const a = span("A", l.x1, 97, { size: 7 });
    const tex = span("TEX", a.x1, 100, { size: 10 });
    expect(render([{ spans: [l, a, tex], x0: 72, y0: 97, x1: tex.x1, y1: 110, wmode: 0 }])).toBe("LATEX");
    expect(render([marked("\ufffd", 5)])).toBe("273.879.750\ufffd");
  });

  it("writes an author's raised affiliation number and ORCID, set in a span per piece, as one <sup> (LNCS's '1[0000−1111−2222−3333]')", () => {
    const name = span("Anna Berg", 173.5, 151.6, { size: 10 });
    let x = name.x1;
    const pieces = ["1[0000", "−", "1111", "−", "2222", "−", "3333]"].map((text) => {
      const piece = span(text, x, 150, { size: 7, italic: text === "−" });
      x = piece.x1;
      return piece;
    });
    const spans = [name, ...pieces, span(", Marco Rossi", x, 151.6, { size: 10 })];
    expect(render([{ spans, x0: name.x0, y0: 150, x1: spans[spans.length - 1].x1, y1: 161.6, wmode: 0 }])).toBe("Anna Berg<sup>1\\[0000−1111−2222−3333\\]</sup>, Marco Rossi");
  });

  it("writes two raised marks side by side as one <sup>, whatever their fonts' slant (issue 9: paper-tracemonkey-p1)", () => {
    // Gal∗+: the ∗ from a math font that flags itself italic, the + upright.
    const name = span("Andreas Gal", 120, 139.7, { size: 11 });
    const star = span("∗", name.x1, 137.2, { size: 8, italic: true });
    const plus = span("+", star.x1 + 0.5, 137.6, { size: 8 });
    expect(render([{ spans: [name, star, plus], x0: 120, y0: 137.2, x1: plus.x1, y1: 152, wmode: 0 }])).toBe("Andreas Gal<sup>∗+</sup>");
  });

  it("marks a footnote's own text, which starts with its mark ('¹Bookings open…')", () => {
    const mark = span("1", 72, 97, { size: 6 });
    const text = span("Bookings open in May.", mark.x1, 100, { size: 10 });
    expect(render([{ spans: [mark, text], x0: 72, y0: 97, x1: text.x1, y1: 110, wmode: 0 }])).toBe("<sup>1</sup>Bookings open in May.");
  });
});

describe("renderInline: line joining and dehyphenation", () => {
  it("joins lines with one space", () => {
    expect(render(twoLines("first line", "second line"))).toBe("first line second line");
  });

  it("joins a word broken before a capital without a space, dropping the hyphen only where the page writes it whole (issue 9: tracemonkey 'Trace- Monkey')", () => {
    const words = pageWords([line("TraceMonkey runs fast")]);
    expect(render(twoLines("so Trace-", "Monkey starts"), { dehyphenate: true, words })).toBe("so TraceMonkey starts");
    expect(render(twoLines("the Smith-", "Jones report"), { dehyphenate: true, words })).toBe("the Smith-Jones report");
    expect(render(twoLines("so Trace-", "Monkey starts"), { dehyphenate: false, words })).toBe("so Trace-Monkey starts");
  });

  it("keeps the hyphen of a compound the page writes, broken before a small letter (issue 9: tracemonkey 'trace-| compilation')", () => {
    // The page writes the compound with its hyphen on one line.
    const hyphenated = pageWords([line("a cross-referenced entry"), line("is a cross-"), line("referenced one")]);
    expect(render(twoLines("is a cross-", "referenced one"), { dehyphenate: true, words: hyphenated })).toBe("is a cross-referenced one");
    // Or writes both halves as words of their own, and never the two joined.
    const halves = pageWords([line("our trace-"), line("compilation based on a trace of the loop and its compilation")]);
    expect(render(twoLines("our trace-", "compilation based"), { dehyphenate: true, words: halves })).toBe("our trace-compilation based");
    // A syllable break drops the hyphen: a line's first word in small letters is not a word
    // written apart, as it may be the rest of any broken word (tracemonkey's "exit-| ing").
    const syllables = pageWords([line("the loop runs until exit-"), line("ing the trace, and on exit the VM")]);
    expect(render(twoLines("until exit-", "ing the trace"), { dehyphenate: true, words: syllables })).toBe("until exiting the trace");
    // Halves shorter than three letters are syllables more often (it-|self).
    const short = pageWords([line("it runs by it-"), line("self and on its own self")]);
    expect(render(twoLines("by it-", "self and"), { dehyphenate: true, words: short })).toBe("by itself and");
    // The page writing the word joined decides for it.
    const joined = pageWords([line("the time and the line and the timeline")]);
    expect(render(twoLines("the time-", "line of it"), { dehyphenate: true, words: joined })).toBe("the timeline of it");
  });

  it("keeps the hyphen where a compound breaks at one of its own hyphens, after a word the page writes on its own (an office newsletter's 'apple-and-' | 'elderflower', SunSpider's 'date-format-' | 'tofte')", () => {
    const words = pageWords([line("The new apple-and-"), line("elderflower blend sold out and a larger batch is planned.")]);
    expect(render(twoLines("The new apple-and-", "elderflower blend"), { dehyphenate: true, words })).toBe("The new apple-and-elderflower blend");
    // A syllable of a compound's part is no word of the page: its hyphen goes.
    const syllable = pageWords([line("a well-estab-"), line("lished practice of the well")]);
    expect(render(twoLines("a well-estab-", "lished practice"), { dehyphenate: true, words: syllable })).toBe("a well-established practice");
  });

  it("joins 'com-' + 'pile' into 'compile' when dehyphenate is on", () => {
    expect(render(twoLines("we com-", "pile the code"), { dehyphenate: true })).toBe("we compile the code");
  });

  it("keeps the hyphen (and adds no space) when dehyphenate is off", () => {
    expect(render(twoLines("a well-", "known result"))).toBe("a well-known result");
  });

  it("keeps the hyphen before a capital letter, even with dehyphenate on, when nothing says the word is one", () => {
    const out = render(twoLines("Jean-Paul Smith-", "Jones wrote"), { dehyphenate: true });
    expect(out).toBe("Jean-Paul Smith-Jones wrote");
  });

  it("keeps the hyphen after a digit, joining the halves: a number's compound ('3-| dimensional'), never a syllable break", () => {
    // Since svc-md-1.1.6 the halves join without a space (R-data's "3-dimensional"); before,
    // they kept one ("3- dimensional").
    expect(render(twoLines("a 64-", "bit integer"), { dehyphenate: true })).toBe("a 64-bit integer");
    expect(render(twoLines("a 64-", "bit integer"), { dehyphenate: false })).toBe("a 64-bit integer");
    // A word ending in a digit too (R-admin p. 42's package "bzip2-" | "libs/bzip2-devel", in bold).
    expect(render(twoLines("called bzip2-", "libs by some"), { dehyphenate: true })).toBe("called bzip2-libs by some");
    expect(render([line([{ text: "called " }, { text: "bzip2-", bold: true }], { y: 100 }), line([{ text: "libs", bold: true }, { text: " by some" }], { y: 112 })], { dehyphenate: true })).toBe("called **bzip2-libs** by some");
  });

  it("always removes a soft hyphen at a line end, whatever the dehyphenate option", () => {
    expect(render(twoLines("we com\u00ad", "pile the code"))).toBe("we compile the code");
    expect(render(twoLines("we com\u00ad", "pile the code"), { dehyphenate: true })).toBe("we compile the code");
  });

  // Regression (fixed): a soft hyphen (U+00AD) at a line end marks a discretionary break inside a word; it
  // is only removed when the next line starts with a lowercase letter (inline.ts,
  // collectRuns: the soft-hyphen removal sits inside the `LOWER_START.test(nextText)`
  // branch). Before a capital or digit it stays in the Markdown, followed by a space:
  // "Mac\u00ad" + "Intosh" renders "Mac\u00ad Intosh" instead of "MacIntosh".
  it("always removes a soft hyphen at a line end, also before a capital letter", () => {
    expect(render(twoLines("the Mac\u00ad", "Intosh computer"))).toBe("the MacIntosh computer");
  });

  it("reads the line's last visible character: trailing spaces after a hyphen, and U+2010", () => {
    expect(render(twoLines("we com-  ", "pile the code"), { dehyphenate: true })).toBe("we compile the code");
    expect(render(twoLines("we com\u2010", "pile the code"), { dehyphenate: true })).toBe("we compile the code");
    expect(render(twoLines("we com\u00ad ", "pile the code"))).toBe("we compile the code");
    expect(render(twoLines("ends in a letter  ", "next line"))).toBe("ends in a letter next line");
  });
});

describe("fixGlyphs: no spacing accent composed with the letter after it, a stranded mark spaced (docs/engine.md, Stranded accents)", () => {
  it("leaves a spacing accent beside a letter as the reader gave it: the reader composes one set over its letter", () => {
    expect(render("na¨ıve toc´s ˆetre")).toBe("na¨ıve toc´s ˆetre");
  });

  it("writes a mark after white space as its spacing accent in text spans but not in code spans", () => {
    expect(render([{ text: "a \u0300# " }, { text: "a \u0300#", mono: true }])).toBe("a \\`# `a \u0300#`");
  });
});

describe("foldEnclosedLetters: TeX's © and ® (issue 9: paper-tracemonkey-p1 'Copyright c⃝2009')", () => {
  it.each([
    ["Copyright c\u20dd2009 ACM", "Copyright ©2009 ACM"],
    ["Copyright C\u20dd1996--2022", "Copyright ©1996--2022"],
    ["R\u20dd", "®"],
    ["a\u20dd", "a\u20dd"],
    ["no circle here: c", "no circle here: c"],
  ])("%j → %j", (input, expected) => {
    expect(foldEnclosedLetters(input)).toBe(expected);
  });

  it("folds the letter and the symbol font's circle drawn as two spans, in paragraphs and plain text", () => {
    const copyright = line([{ text: "Copyright c", size: 7 }, { text: "\u20dd", size: 7, font: "CMSY7" }, { text: "2009 ACM", size: 7 }]);
    expect(render([copyright])).toBe("Copyright ©2009 ACM");
    expect(plainText([copyright])).toBe("Copyright ©2009 ACM");
  });
});

describe("renderInline: dot leaders (issue 9: a contents page reads 'Introduction 5')", () => {
  it.each([
    ["Introduction ........................ 5", "Introduction 5"],
    ["Tools . . . . . . . . . . . . . 12", "Tools 12"],
    ["Preface …………… ix", "Preface ix"],
    ["Valgrind FAQ ................... clxxviii", "Valgrind FAQ clxxviii"],
  ])("drops the leader of %j", (input, expected) => {
    expect(render(input)).toBe(expected);
  });

  it.each([["And then... nothing."], ["Wait...."], ["Version 1.2.3.4 ships"]])("keeps an ellipsis or dotted number: %j", (input) => {
    expect(render(input)).toBe(input);
  });

  it("keeps a leader in code", () => {
    expect(render([{ text: "x = a.....b", mono: true }])).toBe("`x = a.....b`");
  });
});

describe("renderInline: a word, number or address broken at a line end without a hyphen's syllable (issue 9: Debian's R manuals, valgrind, TUGboat)", () => {
  const mono = (text: string, y: number): Line => line([{ text, mono: true }], { y });

  it("writes a number after a line-end hyphen or dash without a space ('IEEE-| 754', 'pp. 12–| 15')", () => {
    expect(render(twoLines("the 64-bit IEEE-", "754 floating-point numbers"), { dehyphenate: true })).toBe("the 64-bit IEEE-754 floating-point numbers");
    expect(render(twoLines("see pages 12–", "15 of the report"))).toBe("see pages 12–15 of the report");
    expect(render(twoLines("ISBN 978-", "0521872652."))).toBe("ISBN 978-0521872652.");
    // A dash set apart by spaces is punctuation, and a word after a hyphen keeps the old rule.
    expect(render(twoLines("the range is wide -", "15 of them"))).toBe("the range is wide - 15 of them");
  });

  it("joins an address in the code face broken after a slash, a colon or a dot without a space", () => {
    expect(render([line([{ text: "from " }, { text: "http:", mono: true }], { y: 100 }), mono("//project.ktug.or.kr/dvipdfmx/", 112)])).toBe("from `http://project.ktug.or.kr/dvipdfmx/`");
    expect(render([mono("$PREFIX/lib/valgrind/", 100), mono("default.supp unless", 112)])).toBe("`$PREFIX/lib/valgrind/default.supp unless`");
    expect(render([mono("http://www.cl.cam.ac.", 100), mono("uk/research/crc.html", 112)])).toBe("`http://www.cl.cam.ac.uk/research/crc.html`");
    // Code that is no address keeps the space, and so does prose after an address.
    expect(render([mono("x = a.", 100), mono("b", 112)])).toBe("`x = a. b`");
    expect(render([line([{ text: "see " }, { text: "https://example.com/", mono: true }], { y: 100 }), line("for details", { y: 112 })])).toBe("see `https://example.com/` for details");
  });

  it("joins an address broken inside one link, whatever its face, and renders it as an autolink", () => {
    const first = line("https://CRAN.R-project.org/", { y: 100 });
    const second = line("mirrors.html", { y: 112 });
    const uri = "https://CRAN.R-project.org/mirrors.html";
    const links = [linkOver(first, uri), linkOver(second, uri)];
    expect(render([first, second], { links })).toBe("<https://CRAN.R-project.org/mirrors.html>");
    // Two lines of one link's words are words.
    const words = [line("the R project", { y: 100 }), line("home page", { y: 112 })];
    expect(render(words, { links: [linkOver(words[0], uri), linkOver(words[1], uri)] })).toBe(`[the R project home page](${uri})`);
  });

  it("joins a number's compound broken at its hyphen, and an identifier broken after its underscore in the code face", () => {
    expect(render(twoLines("gives a 3-", "dimensional array"), { dehyphenate: true })).toBe("gives a 3-dimensional array");
    expect(render([line([{ text: "as ", mono: false }, { text: "pkg_", mono: true }], { y: 100 }), line([{ text: "version.tar.gz", mono: true }], { y: 112 })])).toBe("as `pkg_version.tar.gz`");
    // Prose after an underscore keeps its space.
    expect(render(twoLines("the value of x_", "is then"))).toBe("the value of x\\_ is then");
  });

  it("joins a command-line option's dashes broken from its name in the code face ('--' | 'track-origins=yes')", () => {
    expect(render([line([{ text: "using the " }, { text: "--", mono: true }], { y: 100 }), line([{ text: "track-origins=yes", mono: true }, { text: " to get" }], { y: 112 })])).toBe("using the `--track-origins=yes` to get");
  });

  it("joins an option's one dash broken from its name in the code face (issue 9: gcc's NEWS printed by Chromium, '-' | 'Wc++17-extensions')", () => {
    expect(render([line([{ text: "options " }, { text: "-", mono: true }], { y: 100 }), line([{ text: "Wc++17-extensions", mono: true }, { text: " and" }], { y: 112 })])).toBe("options `-Wc++17-extensions` and");
    // A dash in the text face before a word is a dash of the prose.
    expect(render([line([{ text: "options -" }], { y: 100 }), line([{ text: "Wc++17-extensions", mono: true }], { y: 112 })])).toBe("options - `Wc++17-extensions`");
  });
});

describe("renderInline: a figure's sign from a math font beside a bold figure (docs/engine.md Emphasis, signOfBoldFigure: facture-belge's 'Total remise')", () => {
  it("takes the sign into the figure's bold run, whatever slant the math font flags", () => {
    expect(render([{ text: "−" }, { text: "157,54", bold: true }])).toBe("**−157,54**");
    expect(render([{ text: "Total remise " }, { text: "−", italic: true }, { text: "157,54", bold: true }])).toBe("Total remise **−157,54**");
  });

  it("leaves a sign apart from the figure, before bold words, or beside plain figures as set", () => {
    expect(render([{ text: "− " }, { text: "157,54", bold: true }])).toBe("− **157,54**");
    expect(render([{ text: "−" }, { text: "Total", bold: true }])).toBe("−**Total**");
    expect(render([{ text: "−" }, { text: "50,00" }])).toBe("−50,00");
  });
});

describe("renderInline: a ligature set from another face inside a word (issue 9: elsarticle's theorem, 'e*ff*ectively')", () => {
  it("takes the slant of the word around it, and leaves letters bold on purpose as set", () => {
    expect(render([{ text: "and therefore e", italic: true }, { text: "ff" }, { text: "ectively couples", italic: true }])).toBe("*and therefore effectively couples*");
    expect(render([{ text: "a superscript " }, { text: "f", bold: true }, { text: "oot" }, { text: "n", bold: true }, { text: "ote" }])).toBe("a superscript **f**oot**n**ote");
  });
});

// inline.ts isAddressHyphen (docs/engine.md, "Breaks that are no space"): bath-bst's reference
// list broke "https://www.curbed.com/…/vishaan-chakrabarti-pau-" | "curbed-appeal-podcast" at
// the address's own hyphen, and dehyphenation had written "paucurbed" over a link to
// "pau-curbed".
describe("renderInline: an address broken after its own hyphen", () => {
  const broken = (first: string, second: string, mono: boolean) => [line([{ text: first, mono }], { y: 100 }), line([{ text: second, mono }], { y: 112 })];

  it("keeps the hyphen of an address in the code face inside a link whose address has it", () => {
    const lines = broken("https://www.curbed.com/2016/vishaan-chakrabarti-pau-", "curbed-appeal-podcast", true);
    const uri = "https://www.curbed.com/2016/vishaan-chakrabarti-pau-curbed-appeal-podcast";
    expect(render(lines, { dehyphenate: true, links: lines.map((l) => linkOver(l, uri)) })).toBe(`<${uri}>`);
  });

  it("keeps the hyphen of an address in the code face with no link", () => {
    expect(render(broken("see https://example.org/data/data-", "umass/field.html", true), { dehyphenate: true })).toBe("`see https://example.org/data/data-umass/field.html`");
  });

  it("drops the typesetter's hyphen from an address in the text face whose link has none (se2thesis' 'https://git-' | 'hub.com/…')", () => {
    const lines = broken("https://git-", "hub.com/se2p/se2thesis", false);
    const uri = "https://github.com/se2p/se2thesis";
    expect(render(lines, { dehyphenate: true, links: lines.map((l) => linkOver(l, uri)) })).toBe(`<${uri}>`);
  });
});

describe("renderInline: a stop or comma after inline code a browser padded (issue 9: nodejs's API pages printed by Chromium, '`require('node:console')` .')", () => {
  it("sets the stop or comma against the code, in its own span or after a blank one", () => {
    expect(render([{ text: "calling " }, { text: "require('node:console')", mono: true }, { text: " ." }])).toBe("calling `require('node:console')`.");
    expect(render([{ text: "such as " }, { text: "console.log()", mono: true }, { text: " , " }, { text: "console.error()", mono: true }, { text: " , and more" }])).toBe("such as `console.log()`, `console.error()`, and more");
    expect(render([{ text: "to " }, { text: "process.stderr", mono: true }, { text: " " }, { text: ". The global" }])).toBe("to `process.stderr`. The global");
    // The space read at the end of the code's own span (expat's "XML::Parser " | ", Python's").
    expect(render([{ text: "Perl's " }, { text: "XML::Parser ", mono: true }, { text: ", Python's" }])).toBe("Perl's `XML::Parser`, Python's");
  });

  it("leaves the space before a word, an ellipsis or a bracket, and after text that is no code", () => {
    expect(render([{ text: "the " }, { text: "Console", mono: true }, { text: " class" }])).toBe("the `Console` class");
    expect(render([{ text: "\\beginabstract", mono: true }, { text: " ... " }, { text: "\\endabstract", mono: true }])).toBe("`\\beginabstract` ... `\\endabstract`");
    expect(render([{ text: "( " }, { text: "x", mono: true }, { text: " )" }])).toBe("( `x` )");
    expect(render([{ text: "a word" }, { text: " ." }])).toBe("a word .");
    // An index's leader before its page number (amssymb's "\\circlearrowright . 24").
    expect(render([{ text: "\\circlearrowright", mono: true }, { text: " ", mono: true }, { text: "." }, { text: " " }, { text: "24" }])).toBe("`\\circlearrowright` . 24");
    // An index's leader before its page number (amssymb's "\\circlearrowright . 24").
    expect(render([{ text: "\\circlearrowright", mono: true }, { text: " ", mono: true }, { text: "." }, { text: " " }, { text: "24" }])).toBe("`\\circlearrowright` . 24");
  });
});

describe("dropLeaders: Chinese's ellipsis is no leader (docs/engine.md, Emphasis and signs; svc-md-1.1.33)", () => {
  it("keeps dots after East Asian text that lead to no page number, in the span or the next", () => {
    expect(render("精密仪器设备要求高速、……")).toBe("精密仪器设备要求高速、……");
    expect(render([{ text: "由于气体的压力低和可压缩性，" }, { text: ". . . . . ." }, { text: "。" }])).toBe("由于气体的压力低和可压缩性，. . . . . .。");
  });

  it("drops a leader to a page number after East Asian text, and any leader after Latin text", () => {
    expect(render([{ text: "第1章 绪论" }, { text: " . . . . . . . . " }, { text: "1" }])).toBe("第1章 绪论 1");
    expect(render("Introduction . . . . . . . . 5")).toBe("Introduction 5");
    expect(render("the end . . . . . . and more")).toBe("the end and more");
  });
});
