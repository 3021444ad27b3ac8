// The engine's Markdown for a PDF made in a test, converted in this thread with the default
// options (the tests that draw a page to check one rule, and those that read a real
// producer's print in fixtures/excerpts).
import { readFileSync } from "node:fs";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

export async function markdownOf(bytes: Uint8Array): Promise<string> {
  return (await convertDocument(openInProcess, { bytes, options: defaultRenderOptions })).markdown;
}

/** The engine's Markdown for a file of fixtures/excerpts (a real producer's print), converted
 *  as markdownOf converts. */
export async function excerptMarkdown(name: string): Promise<string> {
  return markdownOf(new Uint8Array(readFileSync(new URL(`../../fixtures/excerpts/${name}`, import.meta.url))));
}
