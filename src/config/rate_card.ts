// Rate card version 1 and the credit packs (SPEC.md §Rate card, §Credit purchase), once.
// The rate card is immutable: a price change is a new version, pinned into every hold, so
// a request admitted under version 1 settles under version 1.
//
// All arithmetic is on integers (SPEC.md rule 1: no floating point in billing). Rounding
// always favours the customer: bonus credits round up.

export const RATE_CARD_VERSION = 1;
/** Every version a hold may pin. Adding one means adding its line items below. */
export const rateCardVersions: readonly number[] = [RATE_CARD_VERSION];

export type LineItemKind = "page_convert" | "toc_outline" | "page_probe" | "toc_infer";

export interface LineItemRate {
  readonly kind: LineItemKind;
  /** What one unit of `quantity` is. */
  readonly unit: "page" | "request";
  /** Credits charged per block of `unitsPerBlock` units; a part block rounds up. */
  readonly creditsPerBlock: number;
  readonly unitsPerBlock: number;
  readonly appliesTo: string;
  readonly enabled: boolean;
}

export const rateCardV1: Readonly<Record<LineItemKind, LineItemRate>> = {
  page_convert: { kind: "page_convert", unit: "page", creditsPerBlock: 1, unitsPerBlock: 1, appliesTo: "POST /v1/convert", enabled: true },
  toc_outline: { kind: "toc_outline", unit: "request", creditsPerBlock: 1, unitsPerBlock: 1, appliesTo: "POST /v1/toc", enabled: true },
  // 1 credit per 100 pages, rounded up: 101 pages cost 2.
  page_probe: { kind: "page_probe", unit: "page", creditsPerBlock: 1, unitsPerBlock: 100, appliesTo: "POST /v1/inspect scan=full", enabled: false },
  toc_infer: { kind: "toc_infer", unit: "page", creditsPerBlock: 1, unitsPerBlock: 1, appliesTo: "POST /v1/toc, inference path", enabled: false },
};

/** Credits for `quantity` units of a line item under rate card version 1. */
export function lineItemCredits(kind: LineItemKind, quantity: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`${kind} quantity must be a non-negative integer`);
  const rate = rateCardV1[kind];
  return Math.ceil(quantity / rate.unitsPerBlock) * rate.creditsPerBlock;
}

/** Base credits one US dollar buys (the 25 USD pack: 50,000 credits). */
export const BASE_CREDITS_PER_USD = 2_000;

export interface Pack {
  readonly usd: number;
  readonly baseCredits: number;
  /** Whole percent of the base credits added as bonus. */
  readonly bonusPercent: number;
}

export const packs: readonly Pack[] = [
  { usd: 25, baseCredits: 50_000, bonusPercent: 0 },
  { usd: 100, baseCredits: 200_000, bonusPercent: 10 },
  { usd: 500, baseCredits: 1_000_000, bonusPercent: 15 },
  { usd: 2_500, baseCredits: 5_000_000, bonusPercent: 20 },
];

export function packByUsd(usd: number): Pack | undefined {
  return packs.find((p) => p.usd === usd);
}

/** Bonus credits: base × percent / 100, rounded up (SPEC.md rule 8). */
export function bonusCredits(baseCredits: number, bonusPercent: number): number {
  return Math.ceil((baseCredits * bonusPercent) / 100);
}

export function packCredits(pack: Pack): { base: number; bonus: number; total: number } {
  const bonus = bonusCredits(pack.baseCredits, pack.bonusPercent);
  return { base: pack.baseCredits, bonus, total: pack.baseCredits + bonus };
}

/**
 * Effective price per 1,000 pages in USD with 4 decimals, as SPEC.md's pack table prints it
 * (half-up on the 5th decimal, computed on integers: 100 USD / 220,000 credits → "0.4545").
 */
export function effectivePricePer1000Usd(pack: Pack): string {
  const total = packCredits(pack).total;
  // USD × 1,000 pages × 10^4 (four decimals) ÷ credits, rounded half up.
  const scaled = Math.floor((pack.usd * 1_000 * 10_000 * 2 + total) / (2 * total));
  const whole = Math.floor(scaled / 10_000);
  return `${whole}.${String(scaled % 10_000).padStart(4, "0")}`;
}

/** The smallest pack granting at least `credits`, or undefined above the largest pack. */
export function smallestPackCovering(credits: number): Pack | undefined {
  return packs.find((p) => packCredits(p).total >= credits);
}
