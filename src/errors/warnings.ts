// What the API adds to the engine's warnings (src/engine/warnings.ts, the catalogue): the
// reference link of each code, making the SPEC.md Warning object. The docs base is the
// configured {docs_url} (src/config/env.ts `docsBaseUrl`), passed in by the caller.
import type { EngineWarning, WarningCode } from "../engine/warnings.js";

/** The code's anchor on the warnings page under {docs_url}. */
export function warningDocUrl(docsUrl: string, code: WarningCode): string {
  return `${docsUrl}/warnings#${code}`;
}

export type WireWarning = EngineWarning & { doc_url: string };

/** The SPEC.md Warning object: the engine's warning plus its reference link under `docsUrl`. */
export function toWireWarning(warning: EngineWarning, docsUrl: string): WireWarning {
  return { ...warning, doc_url: warningDocUrl(docsUrl, warning.code) };
}
