// The service's wire types, as the client publishes them. scripts/generate.mjs reads this
// file with the TypeScript checker and writes each alias out in full, structurally, into
// src/generated/types.ts: the package then carries no import of the service, yet its types
// are the service's own (a field added to the Conversion view appears here at the next
// build, and test/client/generated.test.ts fails while the committed copy is stale).
//
// Only `export type X = ...` aliases belong here; every one is written out.
import type { z } from "zod";
import type { ConvertOptionsSchema, TocOptionsSchema } from "../../../src/api/options.js";
import type { ConversionView } from "../../../src/api/conversion_view.js";
import type { TocEntry as EngineTocEntry } from "../../../src/engine/result.js";
import type { WireWarning } from "../../../src/errors/warnings.js";
import type { AccountView } from "../../../src/store/orgs.js";
import type { UsageRecordList, UsageSummary as StoreUsageSummary } from "../../../src/store/usage.js";

/** The options of POST /v1/convert as a caller may send them (every field optional). */
export type ConvertOptions = z.input<typeof ConvertOptionsSchema>;
/** The options of POST /v1/toc: only `metadata`. */
export type TocOptions = z.input<typeof TocOptionsSchema>;
/** The Conversion object (SPEC.md §Resources). */
export type Conversion = ConversionView;
/** One warning of a conversion or outline. */
export type Warning = WireWarning;
/** GET /v1/account. */
export type Account = AccountView;
/** One entry of the document outline of POST /v1/toc. */
export type TocEntry = EngineTocEntry;
/** The 200 body of POST /v1/toc (DECISIONS.md §POST /v1/toc; src/api/routes/v1_toc.ts). */
export type Toc = {
  object: "toc";
  id: string;
  engine: string;
  created_at: string;
  document: { page_count: number };
  entries: EngineTocEntry[];
  warnings: WireWarning[];
  warning_summary: ConversionView["warning_summary"];
  usage: ConversionView["usage"];
  metadata?: Record<string, string>;
};
/** GET /v1/usage. */
export type UsageSummary = StoreUsageSummary;
/** One page of GET /v1/usage/records. */
export type UsageRecordPage = UsageRecordList;
