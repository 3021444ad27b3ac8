// SPEC.md §Output (inline code as code spans; the text as the page reads it); issue 9 ("a
// reader would accept the Markdown as a faithful copy"). extract/mupdf_page.ts codePadding:
// the gap a browser pads an inline code span's background with is no space before the stop
// or bracket after the code ("Run `npm test`; all tests must pass"). svc-md-1.1.38.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("Chromium's print of a README (fixtures/excerpts/chromium-readme.pdf)", () => {
  const convert = () => excerptMarkdown("chromium-readme.pdf");

  it("sets no space between a code span and the semicolon after it (before: '`npm test` ;')", async () => {
    const md = await convert();
    expect(md).toContain("2. Run `npm test`; all tests must pass.");
    expect(md).not.toMatch(/` ;/);
  });

  it("keeps the spaces the page sets around code: before it, after it before a word", async () => {
    const md = await convert();
    expect(md).toContain("Pass `{ units: \"ft\" }` for feet.");
    expect(md).toContain("3. Open a pull request against `main`.");
  });

  it("reads the listings, the options table and the link as on the page", async () => {
    const md = await convert();
    expect(md).toContain('```\nimport { TideTable } from "tidewater";\n\nconst table = await TideTable.load("bergen", { days: 3 });');
    expect(md).toContain("| `cacheDir` | string | `~/.tidewater` | Where responses are kept |");
    expect(md).toContain("[Harbour Office API](https://example.org/api)");
  });
});
