// What the API adds to the engine's warnings (src/engine/warnings.ts, the catalogue): the
// reference link of each code, making the SPEC.md Warning object.
import type { EngineWarning, WarningCode } from "../engine/warnings.js";
import { DOCS_BASE_URL } from "./catalogue.js";

export function warningDocUrl(code: WarningCode): string {
  return `${DOCS_BASE_URL}/warnings#${code}`;
}

export type WireWarning = EngineWarning & { doc_url: string };

/** The SPEC.md Warning object: the engine's warning plus its reference link. */
export function toWireWarning(warning: EngineWarning): WireWarning {
  return { ...warning, doc_url: warningDocUrl(warning.code) };
}
