// The engine's Markdown for a PDF made in a test, converted in this thread with the default
// options (the tests that draw a page to check one rule).
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

export async function markdownOf(bytes: Uint8Array): Promise<string> {
  return (await convertDocument(openInProcess, { bytes, options: defaultRenderOptions })).markdown;
}
