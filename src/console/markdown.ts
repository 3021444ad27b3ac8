// Markdown → HTML for the console's Try it page, rendered on the server with marked (GFM) so
// that nothing from the document can run in the browser: raw HTML in the Markdown (a PDF
// whose text is `<script>…`, or `tables: html`) is shown as text, never parsed; links keep
// only http(s) and mailto destinations; images are shown as their alt text (the page's CSP
// would refuse other origins anyway). The page's CSP (script-src 'self') is the second wall.
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./html.js";

const SAFE_HREF = /^(https?:|mailto:)/i;

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Link["tokens"]): string } }, token: Tokens.Link): string {
      const inner = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href.trim())) return inner;
      return `<a href="${escapeHtml(token.href.trim())}" rel="noopener noreferrer nofollow" target="_blank">${inner}</a>`;
    },
    image(token: Tokens.Image): string {
      return `<span class="md-image">[image: ${escapeHtml(token.text)}]</span>`;
    },
  },
});

/** The Markdown as HTML in which no element or attribute comes from the document itself. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false }) as string;
}
