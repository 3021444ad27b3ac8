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
        for (const row of rows) {
          const cells = row.map((cell) => inlineText(cell.tokens, c).trim());
          for (const cell of cells) if (cell) c.tableCells.push(cell);
          c.blocks.push(cells.join(" "));
        }
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
  const c: Collector = { blocks: [], headings: [], listItems: [], tableCells: [], codeLines: [], links: [] };
  blockTokens(Lexer.lex(markdown.replace(/\r\n?/g, "\n"), { gfm: true }), c, 0);
  return {
    plainText: c.blocks.join("\n"),
    headings: c.headings,
    listItems: c.listItems,
    tableCells: c.tableCells,
    codeLines: c.codeLines,
    links: c.links,
  };
}

// Han, kana and Hangul are written without spaces, so each character is a token there;
// elsewhere a token is a run of letters/digits/marks, or a single other symbol.
const TOKEN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}\p{M}_]+|[^\s\p{L}\p{N}\p{M}_]/gu;

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
  const codeKey = (s: string) => s.normalize("NFKC");
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
