// The stylesheet of the reference pages (/docs/errors, /docs/warnings), served by the service
// itself, so the pages' Content-Security-Policy forbids inline style and script entirely.
import { createHash } from "node:crypto";

export const DOCS_CSS = `
:root { --ink: #1d2433; --muted: #5b6478; --line: #d9dee8; --bg: #f6f7fa; --card: #fff; --accent: #2a5bd7; --mark: #fff4c2; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
header.top { background: var(--card); border-bottom: 1px solid var(--line); }
header.top nav { max-width: 980px; margin: 0 auto; padding: 0.6rem 1rem; display: flex; gap: 1.25rem; flex-wrap: wrap; align-items: center; }
header.top .brand { font-weight: 700; color: var(--ink); text-decoration: none; }
header.top a[aria-current="page"] { color: var(--ink); font-weight: 600; }
main { max-width: 980px; margin: 1.5rem auto; padding: 0 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 0.5rem; }
h2.group { font-size: 1.2rem; margin: 2rem 0 0.75rem; }
p.lead { color: var(--muted); margin: 0 0 1rem; }
nav.index { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; margin: 1rem 0; }
nav.index ul { margin: 0.25rem 0 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 0.35rem 0.9rem; }
section.entry { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1.1rem; margin: 0 0 0.75rem; scroll-margin-top: 1rem; }
section.entry:target { background: var(--mark); border-color: #e5c100; box-shadow: 0 0 0 3px #f3dd6b; }
section.entry h3 { margin: 0 0 0.4rem; font-size: 1.05rem; }
section.entry h3 a { color: var(--ink); text-decoration: none; }
dl.facts { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; margin: 0 0 0.5rem; }
dl.facts div { display: flex; gap: 0.4rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; font-weight: 600; }
p.what { margin: 0; }
p.what strong { color: var(--muted); font-weight: 600; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; }
`;

export const DOCS_CSS_ETAG = `"${createHash("sha256").update(DOCS_CSS).digest("hex").slice(0, 16)}"`;
