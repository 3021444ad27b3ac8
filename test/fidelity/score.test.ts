import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { extractStructure, furnitureRemoved, lcsLength, normalizeCell, readingOrder, scoreMarkdown, scoreTables, textSimilarity, tokenize } from "./score.js";

const DOC = `# Harbour Report

The harbour was busy this year, with **record** traffic and *few* delays.

## Works

- Breakwater repaired
- Quays resurfaced
  - North quay
  - South quay

1. Survey the bed
2. Plan the dredging

### Costs

| Item | Cost |
| --- | --- |
| Blocks | 40,000 |
| Fenders | 12,500 |

\`\`\`
function total(items) {
  return items.reduce((s, x) => s + x.cost, 0);
}
\`\`\`

See the [full accounts](https://example.com/accounts) and the [map](https://example.com/map).
`;

describe("scoreMarkdown", () => {
  it("scores identical documents 1 everywhere", () => {
    const s = scoreMarkdown(DOC, DOC);
    expect(s.text_similarity).toBe(1);
    expect(s.heading_recall).toBe(1);
    expect(s.heading_text_recall).toBe(1);
    expect(s.list_recall).toBe(1);
    expect(s.table_cell_recall).toBe(1);
    expect(s.code_recall).toBe(1);
    expect(s.link_recall).toBe(1);
    expect(s.overall).toBe(1);
    expect(s.counts.headings).toEqual({ expected: 3, actual: 3, matched: 3 });
    expect(s.counts.list_items).toEqual({ expected: 6, actual: 6, matched: 6 });
    expect(s.counts.table_cells).toEqual({ expected: 6, actual: 6, matched: 6 });
    expect(s.counts.code_lines.expected).toBe(3);
    expect(s.counts.links.expected).toBe(2);
  });

  it("ignores Markdown spelling: bullets, emphasis markers, setext headings, HTML tables", () => {
    const respelled = DOC.replace("# Harbour Report", "Harbour Report\n==============")
      .replaceAll("\n- ", "\n* ")
      .replaceAll("  - ", "  + ")
      .replace("**record**", "__record__")
      .replace(
        /\| Item[\s\S]*?12,500 \|\n/,
        "<table><tr><th>Item</th><th>Cost</th></tr><tr><td>Blocks</td><td>40,000</td></tr><tr><td>Fenders</td><td>12,500</td></tr></table>\n",
      );
    const s = scoreMarkdown(respelled, DOC);
    expect(s.overall).toBe(1);
  });

  it("loses heading_recall but keeps heading_text_recall when headings are demoted", () => {
    const demoted = DOC.replace(/^(#+) /gm, "#$1 ");
    const s = scoreMarkdown(demoted, DOC);
    expect(s.heading_recall).toBe(0);
    expect(s.heading_text_recall).toBe(1);
    expect(s.text_similarity).toBe(1);
    expect(s.overall).toBeLessThan(1);
  });

  it("lowers table_cell_recall when cells are missing", () => {
    const s = scoreMarkdown(DOC.replace("| Fenders | 12,500 |\n", ""), DOC);
    expect(s.table_cell_recall).toBeCloseTo(4 / 6);
    expect(s.missing.table_cells).toEqual(["fenders", "12,500"]);
  });

  it("gives plain unstructured text low recalls but a decent text similarity", () => {
    const plain = extractStructure(DOC).plainText;
    const s = scoreMarkdown(plain, DOC);
    expect(s.text_similarity).toBeGreaterThan(0.85);
    expect(s.heading_recall).toBe(0);
    expect(s.list_recall).toBe(0);
    expect(s.table_cell_recall).toBe(0);
    expect(s.code_recall).toBe(0);
    expect(s.link_recall).toBe(0);
    expect(s.overall).toBeLessThan(0.3);
  });

  it("respects ordered versus unordered lists", () => {
    const swapped = DOC.replace("1. Survey the bed\n2. Plan the dredging", "- Survey the bed\n- Plan the dredging");
    const s = scoreMarkdown(swapped, DOC);
    expect(s.list_recall).toBeCloseTo(4 / 6);
    expect(s.missing.list_items).toEqual(["ol survey the bed", "ol plan the dredging"]);
  });

  it("requires the link URL and normalizes the link text", () => {
    const wrongUrl = DOC.replace("https://example.com/map", "https://example.com/other");
    expect(scoreMarkdown(wrongUrl, DOC).link_recall).toBe(0.5);
    const respaced = DOC.replace("[full accounts](https://example.com/accounts)", "[Full   Accounts](HTTPS://EXAMPLE.COM/accounts/)");
    expect(scoreMarkdown(respaced, DOC).link_recall).toBe(1);
    const html = scoreMarkdown('<p><a href="https://example.com/accounts">full accounts</a></p>', "[full accounts](https://example.com/accounts)");
    expect(html.link_recall).toBe(1);
  });

  it("keeps code indentation significant", () => {
    const flattened = DOC.replace("  return items", "return items");
    expect(scoreMarkdown(flattened, DOC).code_recall).toBeCloseTo(2 / 3);
  });

  it("counts the spaces that align comments inside a code line as one (layout, not text)", () => {
    const listing = "```\nmov edx, ebx(748)      // load primes\n    jne side_exit_1    // side exit\n```\n";
    const wider = "```\nmov edx, ebx(748)              // load primes\n    jne side_exit_1            // side exit\n```\n";
    expect(scoreMarkdown(wider, listing).code_recall).toBe(1);
    expect(scoreMarkdown("```\nmov edx, ebx(748) // load primes\njne side_exit_1 // side exit\n```\n", listing).code_recall).toBe(0.5);
  });

  it("treats a recall with nothing expected as null and leaves it out of overall", () => {
    const s = scoreMarkdown("Just a paragraph.", "Just a paragraph.");
    expect(s.heading_recall).toBeNull();
    expect(s.list_recall).toBeNull();
    expect(s.table_cell_recall).toBeNull();
    expect(s.code_recall).toBeNull();
    expect(s.link_recall).toBeNull();
    expect(s.overall).toBe(1);
  });

  it("shows invented structure in counts: unescaped literal text read as a heading", () => {
    const expected = "\\# Not a heading\n\n\\* not a list item\n";
    const actual = "# Not a heading\n\n* not a list item\n";
    const s = scoreMarkdown(actual, expected);
    // The literal "#" and "*" became syntax, so the text lost them too.
    expect(s.text_similarity).toBeLessThan(1);
    expect(s.counts.headings).toEqual({ expected: 0, actual: 1, matched: 0 });
    expect(s.counts.list_items).toEqual({ expected: 0, actual: 1, matched: 0 });
  });

  it("has a symmetric text_similarity", () => {
    const edited = DOC.replace("record", "recorded").replace("Quays resurfaced", "Quays were resurfaced in spring");
    const ab = scoreMarkdown(edited, DOC).text_similarity;
    const ba = scoreMarkdown(DOC, edited).text_similarity;
    expect(ab).toBe(ba);
    expect(ab).toBeGreaterThan(0.9);
    expect(ab).toBeLessThan(1);
  });

  it("scores a ~100 KB document against an edited copy sensibly", () => {
    const para = (i: number) => `Paragraph ${i} talks about tides, boats and the weather on day ${i % 31} of the season.`;
    const big = Array.from({ length: 1200 }, (_, i) => para(i)).join("\n\n");
    expect(big.length).toBeGreaterThan(95_000);
    const edited = big.replace(/boats/g, (m, off: number) => (off % 3 === 0 ? "ships" : m));
    const s = scoreMarkdown(edited, big);
    expect(s.text_similarity).toBeGreaterThan(0.9);
    expect(s.text_similarity).toBeLessThan(1);
    expect(scoreMarkdown(big, big).text_similarity).toBe(1);
  });
});

describe("tokenize", () => {
  it("splits words, symbols and CJK characters, folding case and ligatures", () => {
    expect(tokenize("The ﬁle, v2.0!")).toEqual(["the", "file", ",", "v2", ".", "0", "!"]);
    expect(tokenize("港口 Ελληνικά")).toEqual(["港", "口", "ελληνικά"]);
    // A Latin run stops at kana: a space more or less before the next word changes nothing.
    expect(tokenize("3Dレーザー隙間")).toEqual(["3d", "レ", "ー", "ザ", "ー", "隙", "間"]);
    expect(textSimilarity("3Dレーザー 隙間", "3Dレーザー隙間")).toBe(1);
  });
});

describe("textSimilarity", () => {
  it("is 1 for two empty texts and 0 against an empty text", () => {
    expect(textSimilarity("", "")).toBe(1);
    expect(textSimilarity("a b", "")).toBe(0);
  });
});

function lcsDp(a: number[], b: number[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

describe("lcsLength", () => {
  it("agrees with the dynamic-programming LCS, across 32-bit word boundaries", () => {
    const seq = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 150 });
    fc.assert(
      fc.property(seq, seq, (a, b) => {
        expect(lcsLength(a, b)).toBe(lcsDp(a, b));
      }),
      { numRuns: 300 },
    );
  });
});

describe("readingOrder", () => {
  const left = "The tide rose early on Monday. Boats left the harbour at dawn.";
  const right = "Prices at the fish market fell by noon. The council met in the evening.";
  const page = `${left}\n${right}`;

  it("is 1 when the sentences come in the expected order, even with words missing", () => {
    expect(readingOrder(page, page).reading_order).toBe(1);
    const s = readingOrder(page.replace("early ", "").replace("by noon", ""), page);
    expect(s.reading_order).toBe(1);
    expect(s.matched).toBe(4);
  });

  it("drops when the columns are read in the wrong order, though the text is the same", () => {
    const swapped = `${right}\n${left}`;
    const s = readingOrder(swapped, page);
    expect(s.reading_order).toBeCloseTo(2 / 6);
    expect(textSimilarity(swapped, page)).toBeLessThan(1);
  });

  it("is null when fewer than two chunks are found", () => {
    expect(readingOrder("nothing in common here", page).reading_order).toBeNull();
  });
});

describe("furnitureRemoved", () => {
  const expected = "# Annual Report\n\nRevenue grew by 3 per cent in 2023.\n";
  const furniture = ["Annual Report", "Page 3 of 12", "3"];

  it("counts furniture lines absent from the output", () => {
    const s = furnitureRemoved(expected, expected, furniture);
    expect(s).toEqual({ lines: 3, removed: 3, present: [] });
  });

  it("finds a page number and a running head left in the output", () => {
    const actual = `Annual Report\n\n${expected}\nPage 3 of 12\n\n3\n`;
    const s = furnitureRemoved(actual, expected, furniture);
    expect(s.removed).toBe(0);
    expect(s.present).toEqual(["Annual Report", "Page 3 of 12", "3"]);
  });

  it("does not mistake a number inside a sentence for a page number", () => {
    const s = furnitureRemoved("Revenue grew by 3 per cent in 2023.", expected, ["3"]);
    expect(s.removed).toBe(1);
  });
});

describe("scoreTables", () => {
  const truth = [
    [
      ["Item", "Q1", "Q2"],
      ["Blocks", "40,000", "41,500"],
      ["Fenders", "12,500", "n/a"],
    ],
  ];

  it("scores the same grid 1, whatever the spacing, case and dot leaders", () => {
    const out = [
      [
        ["ITEM", "Q 1", "Q2"],
        ["Blocks . . .", "40,000", "41,500"],
        ["Fenders", "12,500", "n/a"],
      ],
    ];
    const s = scoreTables(truth, out);
    expect(s).toMatchObject({ matched: 9, recall: 1, precision: 1, adjacency: 1 });
    expect(normalizeCell(" 11,062 .6 ")).toBe("11,0626");
  });

  it("keeps recall but loses adjacency when a column is moved", () => {
    const out = [
      [
        ["Q2", "Item", "Q1"],
        ["41,500", "Blocks", "40,000"],
        ["n/a", "Fenders", "12,500"],
      ],
    ];
    const s = scoreTables(truth, out);
    expect(s.recall).toBe(1);
    expect(s.adjacency).toBeLessThan(0.8);
  });

  it("lowers precision for invented cells and recall for missing ones; matches near-misses fuzzily", () => {
    const s = scoreTables(
      [[["International shipments", "Total"]]],
      [[["Internationa1 shipments", "Total", "extra"]]],
    );
    expect(s.matched).toBe(2);
    expect(s.precision).toBeCloseTo(2 / 3);
    const none = scoreTables(truth, []);
    expect(none.recall).toBe(0);
    expect(none.precision).toBeNull();
  });

  it("reads grids from GFM and HTML tables", () => {
    const md = "| A | B |\n| --- | --- |\n| 1 | |\n\n<table><tr><td colspan=2>x</td><td>y</td></tr></table>\n";
    expect(extractStructure(md).tables).toEqual([
      [
        ["A", "B"],
        ["1", ""],
      ],
      [["x", "", "y"]],
    ]);
  });
});
