// Fidelity scoring of converted Markdown against the expected Markdown of a fixture.
// Pure functions: both sides are parsed with marked (GFM), so a difference in Markdown
// spelling (`*` vs `-` bullets, `__` vs `**`, an escaped `\#`, a pipe table vs an HTML
// table) does not count; only text and structure do.

import { Lexer, type Token, type Tokens } from "marked";

export interface Heading {
  level: number;
  text: string;
}

export interface ListItem {
  ordered: boolean;
  /** 0 for a top-level item. */
  depth: number;
  text: string;
}

export interface Link {
  url: string;
  text: string;
}

/** What a document says, with Markdown syntax stripped. */
export interface Structure {
  /** All text in reading order, one block per line. */
  plainText: string;
  headings: Heading[];
  listItems: ListItem[];
  /** Non-empty cells of GFM pipe tables and HTML tables, header cells included. */
  tableCells: string[];
  /** Non-blank lines of code blocks, trailing whitespace removed, indentation kept. */
  codeLines: string[];
  links: Link[];
  /** Every GFM pipe table and HTML table as a grid: rows of cell texts, empty cells kept
   * (an HTML cell with colspan=n is followed by n−1 empty cells). */
  tables: string[][][];
}

export interface CategoryCount {
  expected: number;
  actual: number;
  matched: number;
}

export interface FidelityScore {
  /** 1 − normalized insert/delete edit distance over word tokens of the plain text
   * (= 2·LCS / (|actual| + |expected|)); 1 when both are empty. Symmetric. */
  text_similarity: number;
  /** Expected headings found with the same text and level. */
  heading_recall: number | null;
  /** Expected headings found with the same text at any level (not part of `overall`). */
  heading_text_recall: number | null;
  /** Expected list items found as list items of the same kind (ordered or not). */
  list_recall: number | null;
  table_cell_recall: number | null;
  code_recall: number | null;
  /** Expected links found with the same URL and (normalized) text. */
  link_recall: number | null;
  /** Mean of text_similarity and every recall above that is not null, except
   * heading_text_recall. A recall is null when the expected document has none of it. */
  overall: number;
  /** Per category: how many were expected, present in actual, and matched. `actual`
   * beyond `matched` is structure the engine invented (e.g. a literal `#` read as a
   * heading), which recall alone does not show. */
  counts: Record<"headings" | "list_items" | "table_cells" | "code_lines" | "links", CategoryCount>;
  /** Expected items that were not matched, for failure messages. */
  missing: Record<"headings" | "list_items" | "table_cells" | "code_lines" | "links", string[]>;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

// Block and cell boundaries separate words; inline tags (<b>, <span>) do not.
const BLOCK_TAG = /<\/?(?:td|th|tr|thead|tbody|table|p|div|li|ul|ol|br|h[1-6]|pre|blockquote)\b[^>]*>/gi;

function stripTags(html: string): string {
  return decodeEntities(html.replace(BLOCK_TAG, " ").replace(/<[^>]*>/g, ""));
}

/** The key two texts are compared by: compatibility-folded (so ligatures such as "ﬁ"
 * equal "fi"), case-folded, whitespace collapsed. */
export function normalizeText(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

function normalizeUrl(u: string): string {
  let s = u.trim();
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(s);
  if (m) s = m[1].toLowerCase() + m[2].toLowerCase() + m[3];
  return s.replace(/\/$/, "");
}

interface Collector extends Omit<Structure, "plainText"> {
  blocks: string[];
}

/** Plain text of inline tokens; collects links (Markdown and inline HTML `<a>`). */
function inlineText(tokens: Token[] | undefined, c: Collector): string {
  let out = "";
  let anchor: { url: string; start: number } | null = null;
  for (const t of tokens ?? []) {
    switch (t.type) {
      case "text":
        out += t.tokens ? inlineText(t.tokens, c) : decodeEntities((t as Tokens.Text).text);
        break;
      case "escape":
      case "codespan":
        out += (t as Tokens.Codespan).text;
        break;
      case "br":
        out += " ";
        break;
      case "image":
        out += (t as Tokens.Image).text;
        break;
      case "link": {
        const text = inlineText(t.tokens, c);
        c.links.push({ url: (t as Tokens.Link).href, text });
        out += text;
        break;
      }
      case "html": {
        const tag = (t as Tokens.HTML).text;
        const open = /^<a\s[^>]*href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
        if (open) anchor = { url: decodeEntities(open[2] ?? open[3] ?? open[4] ?? ""), start: out.length };
        else if (/^<\/a\s*>/i.test(tag) && anchor) {
          c.links.push({ url: anchor.url, text: out.slice(anchor.start) });
          anchor = null;
        } else if (/^<br\b/i.test(tag)) out += " ";
        break;
      }
      default: {
        // strong, em, del and anything an extension adds: their children carry the text.
        const g = t as Tokens.Generic;
        if (g.tokens) out += inlineText(g.tokens, c);
        else if (typeof g.text === "string") out += g.text;
      }
    }
  }
  return out;
}

function htmlBlock(html: string, c: Collector): void {
  for (const t of html.matchAll(/<table\b[^>]*>([\s\S]*?)<\/table\s*>/gi)) {
    const grid: string[][] = [];
    for (const r of t[1].matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr\s*>/gi)) {
      const row: string[] = [];
      for (const m of r[1].matchAll(/<t[dh]\b([^>]*)>([\s\S]*?)<\/t[dh]\s*>/gi)) {
        row.push(stripTags(m[2]).trim());
        const span = /colspan\s*=\s*["']?(\d+)/i.exec(m[1]);
        for (let k = 1; k < Math.min(Number(span?.[1] ?? 1), 100); k++) row.push("");
      }
      grid.push(row);
    }
    if (grid.length > 0) c.tables.push(grid);
  }
  for (const m of html.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]\s*>/gi)) {
    const cell = stripTags(m[1]).trim();
    if (cell) c.tableCells.push(cell);
  }
  for (const m of html.matchAll(/<a\s[^>]*href\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi)) {
    c.links.push({ url: decodeEntities(m[2] ?? m[3] ?? ""), text: stripTags(m[4]) });
  }
  const text = stripTags(html).trim();
  if (text) c.blocks.push(text);
}

function blockTokens(tokens: Token[], c: Collector, listDepth: number): void {
  for (const t of tokens) {
    switch (t.type) {
      case "heading": {
        const text = inlineText(t.tokens, c);
        c.headings.push({ level: (t as Tokens.Heading).depth, text });
        c.blocks.push(text);
        break;
      }
      case "paragraph":
      case "text":
        c.blocks.push(t.tokens ? inlineText(t.tokens, c) : decodeEntities(t.text));
        break;
      case "code": {
        const code = (t as Tokens.Code).text;
        for (const line of code.split("\n")) {
          const l = line.replace(/\s+$/, "");
          if (l.trim()) c.codeLines.push(l);
        }
        c.blocks.push(code);
        break;
      }
      case "list": {
        const list = t as Tokens.List;
        for (const item of list.items) {
          const own = item.tokens.filter((x) => x.type !== "list");
          const sub: Collector = { ...c, blocks: [] };
          blockTokens(own, sub, listDepth + 1);
          const text = sub.blocks.join(" ");
          c.listItems.push({ ordered: list.ordered, depth: listDepth, text });
          c.blocks.push(text);
          blockTokens(
            item.tokens.filter((x) => x.type === "list"),
            c,
            listDepth + 1,
          );
        }
        break;
      }
      case "table": {
        const table = t as Tokens.Table;
        const rows = [table.header, ...table.rows];
        const grid: string[][] = [];
        for (const row of rows) {
          const cells = row.map((cell) => inlineText(cell.tokens, c).trim());
          for (const cell of cells) if (cell) c.tableCells.push(cell);
          c.blocks.push(cells.join(" "));
          grid.push(cells);
        }
        c.tables.push(grid);
        break;
      }
      case "html":
        htmlBlock((t as Tokens.HTML).text, c);
        break;
      case "blockquote":
        blockTokens(t.tokens ?? [], c, listDepth);
        break;
      case "space":
      case "hr":
      case "def":
        break;
      default: {
        const g = t as Tokens.Generic;
        if (g.tokens) blockTokens(g.tokens, c, listDepth);
      }
    }
  }
}

export function extractStructure(markdown: string): Structure {
  const c: Collector = { blocks: [], headings: [], listItems: [], tableCells: [], codeLines: [], links: [], tables: [] };
  blockTokens(Lexer.lex(markdown.replace(/\r\n?/g, "\n"), { gfm: true }), c, 0);
  return {
    plainText: c.blocks.join("\n"),
    headings: c.headings,
    listItems: c.listItems,
    tableCells: c.tableCells,
    codeLines: c.codeLines,
    links: c.links,
    tables: c.tables,
  };
}

// Han, kana and Hangul are written without spaces, so each character is a token there;
// elsewhere a token is a run of letters/digits/marks, or a single other symbol. A run stops
// at the first of those characters: "3Dレーザー" is 3d, レ, ー, ザ, ー, not one token that a
// missing space elsewhere in the line would change. The prolonged sound mark and the
// iteration mark are Common script but written only in kana and kanji.
const TOKEN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005])[\p{L}\p{N}\p{M}_])+|[^\s\p{L}\p{N}\p{M}_]/gu;

export function tokenize(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(TOKEN_RE) ?? [];
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Length of the longest common subsequence. Bit-parallel (Allison–Dix / Hyyrö):
 * O(|a| · |b| / 32) word operations, so two 100 KB documents take tens of milliseconds. */
export function lcsLength(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let ea = a.length;
  let eb = b.length;
  while (ea > start && eb > start && a[ea - 1] === b[eb - 1]) {
    ea--;
    eb--;
  }
  const common = start + (a.length - ea);
  if (ea === start || eb === start) return common;
  // The bit vector runs over the shorter side; the longer one is streamed past it.
  const aShorter = ea - start <= eb - start;
  const short = aShorter ? a : b;
  const long = aShorter ? b : a;
  const shortEnd = aShorter ? ea : eb;
  const longEnd = aShorter ? eb : ea;
  const m = shortEnd - start;
  const words = (m + 31) >>> 5;
  const masks = new Map<number, Uint32Array>();
  for (let j = 0; j < m; j++) {
    const sym = short[start + j];
    let mk = masks.get(sym);
    if (!mk) masks.set(sym, (mk = new Uint32Array(words)));
    mk[j >>> 5] |= 1 << (j & 31);
  }
  const V = new Uint32Array(words).fill(0xffffffff);
  for (let i = start; i < longEnd; i++) {
    const M = masks.get(long[i]);
    if (!M) continue;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const v = V[w];
      const mw = M[w];
      // V' = (V + (V & M)) | (V & ~M), with the addition carried across words.
      const sum = v + ((v & mw) >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      V[w] = ((sum >>> 0) | (v & ~mw)) >>> 0;
    }
  }
  let ones = 0;
  for (let w = 0; w < words; w++) {
    const bits = w === words - 1 && m % 32 ? V[w] & (2 ** (m % 32) - 1) : V[w];
    ones += popcount(bits >>> 0);
  }
  return common + (m - ones);
}

/** 2·LCS / (|a| + |b|) over word tokens: 1 − normalized insert/delete distance. */
export function textSimilarity(a: string, b: string): number {
  const ids = new Map<string, number>();
  const intern = (toks: string[]) => {
    const out = new Int32Array(toks.length);
    toks.forEach((t, i) => {
      let id = ids.get(t);
      if (id === undefined) ids.set(t, (id = ids.size));
      out[i] = id;
    });
    return out;
  };
  const ta = intern(tokenize(a));
  const tb = intern(tokenize(b));
  if (ta.length + tb.length === 0) return 1;
  return (2 * lcsLength(ta, tb)) / (ta.length + tb.length);
}

/** Multiset matching: each actual item can satisfy one expected item. */
function matchKeys(expected: string[], actual: string[]): { matched: number; missing: string[] } {
  const pool = new Map<string, number>();
  for (const k of actual) pool.set(k, (pool.get(k) ?? 0) + 1);
  let matched = 0;
  const missing: string[] = [];
  for (const k of expected) {
    const n = pool.get(k) ?? 0;
    if (n > 0) {
      pool.set(k, n - 1);
      matched++;
    } else missing.push(k);
  }
  return { matched, missing };
}

function recall(matched: number, expected: number): number | null {
  return expected === 0 ? null : matched / expected;
}

export function scoreMarkdown(actual: string, expected: string): FidelityScore {
  const a = extractStructure(actual);
  const e = extractStructure(expected);

  const headingKey = (h: Heading) => `h${h.level} ${normalizeText(h.text)}`;
  const listKey = (l: ListItem) => `${l.ordered ? "ol" : "ul"} ${normalizeText(l.text)}`;
  const cellKey = (s: string) => normalizeText(s);
  // A code line keeps its indentation (it is syntax in Python, YAML, Makefiles); the spaces
  // that line up a column of comments inside it are layout, counted from glyph positions by
  // a converter and from a page image by a person, so any run of them is one space.
  const codeKey = (s: string) => {
    const text = s.normalize("NFKC").trimEnd();
    const indent = text.length - text.trimStart().length;
    return text.slice(0, indent) + text.slice(indent).replace(/\s{2,}/g, " ");
  };
  const linkKey = (l: Link) => `${normalizeUrl(l.url)} ${normalizeText(l.text)}`;

  const headings = matchKeys(e.headings.map(headingKey), a.headings.map(headingKey));
  const headingTexts = matchKeys(
    e.headings.map((h) => normalizeText(h.text)),
    a.headings.map((h) => normalizeText(h.text)),
  );
  const lists = matchKeys(e.listItems.map(listKey), a.listItems.map(listKey));
  const cells = matchKeys(e.tableCells.map(cellKey), a.tableCells.map(cellKey));
  const code = matchKeys(e.codeLines.map(codeKey), a.codeLines.map(codeKey));
  const links = matchKeys(e.links.map(linkKey), a.links.map(linkKey));

  const text_similarity = textSimilarity(a.plainText, e.plainText);
  const heading_recall = recall(headings.matched, e.headings.length);
  const list_recall = recall(lists.matched, e.listItems.length);
  const table_cell_recall = recall(cells.matched, e.tableCells.length);
  const code_recall = recall(code.matched, e.codeLines.length);
  const link_recall = recall(links.matched, e.links.length);
  const parts = [text_similarity, heading_recall, list_recall, table_cell_recall, code_recall, link_recall].filter(
    (x): x is number => x !== null,
  );

  return {
    text_similarity,
    heading_recall,
    heading_text_recall: recall(headingTexts.matched, e.headings.length),
    list_recall,
    table_cell_recall,
    code_recall,
    link_recall,
    overall: parts.reduce((s, x) => s + x, 0) / parts.length,
    counts: {
      headings: { expected: e.headings.length, actual: a.headings.length, matched: headings.matched },
      list_items: { expected: e.listItems.length, actual: a.listItems.length, matched: lists.matched },
      table_cells: { expected: e.tableCells.length, actual: a.tableCells.length, matched: cells.matched },
      code_lines: { expected: e.codeLines.length, actual: a.codeLines.length, matched: code.matched },
      links: { expected: e.links.length, actual: a.links.length, matched: links.matched },
    },
    missing: {
      headings: headings.missing,
      list_items: lists.missing,
      table_cells: cells.missing,
      code_lines: code.missing,
      links: links.missing,
    },
  };
}

// ---------------------------------------------------------------------------------------
// Metrics for real documents (issue 9): reading order, page furniture, table cells.

export interface OrderScore {
  /** Chunks (sentences of the expected text's blocks) that carry at least one anchor. */
  chunks: number;
  /** Chunks whose anchors were found in the actual text. */
  matched: number;
  /** Share of matched chunk pairs that the actual text keeps in the expected order
   * (normalised Kendall tau mapped to 0..1, ties count half); null below 2 matched chunks. */
  reading_order: number | null;
}

/** Splits a text into chunks: its lines (blocks), each cut after sentence punctuation. */
function orderChunks(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    for (const s of line.split(/(?<=[.!?。！？])\s+/)) if (s.trim()) out.push(s);
  }
  return out;
}

/**
 * Reading order: does the actual text say the expected text's sentences in the same order?
 * Anchors are token n-grams that occur exactly once in each text (as in patience diff);
 * each expected chunk (a sentence of a block) takes the median actual position of its
 * anchors, and the score is the share of chunk pairs in the expected order. Missing text
 * lowers `matched`, not the score: this isolates order from text similarity (a page read
 * right column first keeps every word but loses order).
 */
export function readingOrder(actualText: string, expectedText: string, n = 3): OrderScore {
  const chunkOf: number[] = [];
  const eTokens: string[] = [];
  const chunks = orderChunks(expectedText);
  chunks.forEach((ch, i) => {
    for (const t of tokenize(ch)) {
      eTokens.push(t);
      chunkOf.push(i);
    }
  });
  const aTokens = tokenize(actualText);
  const grams = (toks: string[]) => {
    const m = new Map<string, number>();
    for (let i = 0; i + n <= toks.length; i++) {
      const g = toks.slice(i, i + n).join("\u0001");
      m.set(g, m.has(g) ? -1 : i);
    }
    return m;
  };
  const eg = grams(eTokens);
  const ag = grams(aTokens);
  const positions = new Map<number, number[]>();
  const anchored = new Set<number>();
  for (const [g, ei] of eg) {
    if (ei < 0) continue;
    const ch = chunkOf[ei];
    // An n-gram that runs into the next chunk belongs to both; anchor only whole-chunk ones.
    if (chunkOf[ei + n - 1] !== ch) continue;
    anchored.add(ch);
    const ai = ag.get(g);
    if (ai === undefined || ai < 0) continue;
    const list = positions.get(ch) ?? [];
    list.push(ai);
    positions.set(ch, list);
  }
  const placed: number[] = [];
  for (const ch of [...positions.keys()].sort((x, y) => x - y)) {
    const p = positions.get(ch)!.sort((x, y) => x - y);
    placed.push(p[(p.length - 1) >> 1]);
  }
  let pairs = 0;
  let concordant = 0;
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      pairs++;
      if (placed[i] < placed[j]) concordant++;
      else if (placed[i] === placed[j]) concordant += 0.5;
    }
  }
  return { chunks: anchored.size, matched: placed.length, reading_order: pairs === 0 ? null : concordant / pairs };
}

export interface FurnitureScore {
  /** Furniture lines listed for the page. */
  lines: number;
  /** Of those, lines the actual output does not repeat beyond the expected body. */
  removed: number;
  /** The furniture lines still present, for failure messages. */
  present: string[];
}

function countInLines(lines: string[][], f: string[]): number {
  let count = 0;
  for (const line of lines) {
    for (let i = 0; i + f.length <= line.length; i++) {
      // A short line (a page number, "Page 3 of 9") counts only at the start or end of an
      // output line, so a "3" inside a sentence is not mistaken for a page number.
      if (f.length < 4 && i !== 0 && i + f.length !== line.length) continue;
      let k = 0;
      while (k < f.length && line[i + k] === f[k]) k++;
      if (k === f.length) count++;
    }
  }
  return count;
}

/**
 * Page furniture removed: each furniture line (running head, page number, banner) counts
 * as removed when the actual output holds it no more often than the expected Markdown
 * does (a running head that repeats the page's own heading is allowed once).
 */
export function furnitureRemoved(actual: string, expected: string, furniture: string[]): FurnitureScore {
  const lineTokens = (md: string) => extractStructure(md).plainText.split("\n").map(tokenize).filter((l) => l.length > 0);
  const a = lineTokens(actual);
  const e = lineTokens(expected);
  const present: string[] = [];
  let lines = 0;
  for (const raw of furniture) {
    const f = tokenize(raw);
    if (f.length === 0) continue;
    lines++;
    if (countInLines(a, f) > countInLines(e, f)) present.push(raw.trim());
  }
  return { lines, removed: lines - present.length, present };
}

export interface TableCellScore {
  truth_cells: number;
  output_cells: number;
  matched: number;
  /** matched / truth_cells; null when the truth has no cell. */
  recall: number | null;
  /** matched / output_cells; null when nothing is output or the truth is incomplete. */
  precision: number | null;
  /** Right and lower neighbour relations of matched truth cells. */
  adjacency_pairs: number;
  /** Of those, relations the output keeps (the neighbour is its right or lower neighbour). */
  adjacency_kept: number;
  adjacency: number | null;
}

/** The table README's cell key: NFKC, case-folded, no white space, no full stops. */
export function normalizeCell(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/[\s.]+/g, "");
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (cur[j] < best) best = cur[j];
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length];
}

interface GridCell {
  table: number;
  row: number;
  col: number;
  key: string;
}

function gridCells(tables: string[][][]): { cells: GridCell[]; neighbours: (i: number) => number[] } {
  const cells: GridCell[] = [];
  const at = new Map<string, number>();
  tables.forEach((rows, t) =>
    rows.forEach((row, r) =>
      row.forEach((text, c) => {
        const key = normalizeCell(text);
        if (!key) return;
        at.set(`${t},${r},${c}`, cells.length);
        cells.push({ table: t, row: r, col: c, key });
      }),
    ),
  );
  const neighbours = (i: number): number[] => {
    const { table, row, col } = cells[i];
    const rows = tables[table];
    const out: number[] = [];
    for (let c = col + 1; c < rows[row].length; c++) {
      const j = at.get(`${table},${row},${c}`);
      if (j !== undefined) {
        out.push(j);
        break;
      }
    }
    for (let r = row + 1; r < rows.length; r++) {
      const j = at.get(`${table},${r},${col}`);
      if (j !== undefined) {
        out.push(j);
        break;
      }
    }
    return out;
  };
  return { cells, neighbours };
}

/**
 * Table cells against truth grids (the recipe of shared/truth/tables/README.md): cells are
 * compared by `normalizeCell`, as multisets, exactly and then fuzzily (edit-distance
 * ratio ≥ `fuzzy`); adjacency counts the matched truth cells' right and lower neighbours
 * that are also a right or lower neighbour in the output. All tables of each side are
 * pooled, so how a peer splits or merges tables does not matter, only what the cells say
 * and which cell sits beside which.
 */
export function scoreTables(truth: string[][][], output: string[][][], opts: { complete?: boolean; fuzzy?: number } = {}): TableCellScore {
  const fuzzy = opts.fuzzy ?? 0.9;
  const T = gridCells(truth);
  const O = gridCells(output);
  const match = new Array<number>(T.cells.length).fill(-1);
  const used = new Uint8Array(O.cells.length);
  const byKey = new Map<string, number[]>();
  O.cells.forEach((c, i) => {
    const l = byKey.get(c.key) ?? [];
    l.push(i);
    byKey.set(c.key, l);
  });
  T.cells.forEach((c, i) => {
    const l = byKey.get(c.key);
    const j = l?.find((x) => !used[x]);
    if (j !== undefined) {
      match[i] = j;
      used[j] = 1;
    }
  });
  T.cells.forEach((c, i) => {
    // Below 10 characters one edit already drops the ratio under 0.9: exact only.
    if (match[i] >= 0 || c.key.length < 10) return;
    let best = -1;
    let bestRatio = fuzzy;
    O.cells.forEach((o, j) => {
      if (used[j]) return;
      const len = Math.max(c.key.length, o.key.length);
      const limit = Math.floor(len * (1 - fuzzy));
      const d = editDistance(c.key, o.key, limit);
      if (d > limit) return;
      const ratio = 1 - d / len;
      if (ratio >= bestRatio) {
        bestRatio = ratio;
        best = j;
      }
    });
    if (best >= 0) {
      match[i] = best;
      used[best] = 1;
    }
  });
  const matched = match.filter((j) => j >= 0).length;
  let pairs = 0;
  let kept = 0;
  T.cells.forEach((_, i) => {
    if (match[i] < 0) return;
    const outNeighbours = O.neighbours(match[i]);
    for (const n of T.neighbours(i)) {
      pairs++;
      if (match[n] >= 0 && outNeighbours.includes(match[n])) kept++;
    }
  });
  const complete = opts.complete ?? true;
  return {
    truth_cells: T.cells.length,
    output_cells: O.cells.length,
    matched,
    recall: T.cells.length === 0 ? null : matched / T.cells.length,
    precision: !complete || O.cells.length === 0 ? null : matched / O.cells.length,
    adjacency_pairs: pairs,
    adjacency_kept: kept,
    adjacency: pairs === 0 ? null : kept / pairs,
  };
}
