// An organization's limits (SPEC.md §Account `limits`): the published paid defaults, the
// range an operator may set each one to, and how the three layers combine:
//
//   published default  →  replaced by the organization's override (`svc admin org limits`)
//                      →  lowered, never raised, by a key's sub-limit (SPEC.md §Authentication 4)
//
// This file is the single source of the defaults; meters, headers and GET /v1/account read
// them through `orgLimits` / `effectiveLimits`.
import { limits } from "../config/limits.js";

export const accountLimitNames = [
  "requests_per_min",
  "pages_per_min",
  "concurrency",
  "upload_bytes_per_min",
  "inspect_per_min",
  "toc_per_min",
  "inspect_sample_pages_per_day",
  "unbilled_vcpu_ms_per_hour",
  "burn_cap_credits_per_day",
  "max_upload_bytes",
  "max_selected_pages",
] as const;
export type AccountLimitName = (typeof accountLimitNames)[number];
export type AccountLimits = Readonly<Record<AccountLimitName, number>>;
/** What an organization or a key stores: only the names it sets. */
export type AccountLimitOverrides = Readonly<Partial<Record<AccountLimitName, number>>>;

interface LimitRule {
  /** SPEC.md's paid default. */
  readonly default: number;
  /** Smallest value an operator may set. */
  readonly min: number;
  /** Largest value an operator may set. */
  readonly max: number;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

// Minimums are 1: a zero rate or concurrency would refuse every request, which is what
// suspending the organization is for. Maximums keep a typo (an extra digit or three) from
// lifting a meter out of reach; the per-request ceilings cannot exceed what the service
// itself accepts (32 MiB bodies, a 200-page synchronous hold).
const rules: Readonly<Record<AccountLimitName, LimitRule>> = {
  requests_per_min: { default: 120, min: 1, max: 100_000 },
  pages_per_min: { default: 12_000, min: 1, max: 10_000_000 },
  concurrency: { default: 4, min: 1, max: 1_000 },
  upload_bytes_per_min: { default: 512 * MiB, min: 1, max: 1024 * GiB },
  inspect_per_min: { default: 30, min: 1, max: 100_000 },
  toc_per_min: { default: 60, min: 1, max: 100_000 },
  inspect_sample_pages_per_day: { default: 2_000, min: 1, max: 100_000_000 },
  unbilled_vcpu_ms_per_hour: { default: 60_000, min: 1, max: 3_600_000_000 }, // up to 1,000 vCPU-hours
  // 0 means "no burn cap" (SPEC.md), so 0 is the default and the loosest value.
  burn_cap_credits_per_day: { default: 0, min: 0, max: 1_000_000_000_000 },
  max_upload_bytes: { default: limits.uploadBytesMax, min: 1, max: limits.uploadBytesMax },
  max_selected_pages: { default: limits.selectedPagesMax, min: 1, max: limits.selectedPagesMax },
};

/** Limits whose 0 means "none applies" rather than "nothing allowed". */
const zeroMeansUnlimited: ReadonlySet<AccountLimitName> = new Set(["burn_cap_credits_per_day"]);

export const paidLimitDefaults: AccountLimits = Object.freeze(
  Object.fromEntries(accountLimitNames.map((n) => [n, rules[n].default])) as Record<AccountLimitName, number>,
);

export function limitRange(name: AccountLimitName): { min: number; max: number } {
  return { min: rules[name].min, max: rules[name].max };
}

export function isAccountLimitName(name: string): name is AccountLimitName {
  return (accountLimitNames as readonly string[]).includes(name);
}

export type LimitsCheck =
  | { ok: true; values: Partial<Record<AccountLimitName, number | null>> }
  | { ok: false; problem: "unknown_name" | "out_of_range"; name: string; message: string };

/**
 * Checks a patch of limits: known names only, integers in range. `null` (when allowed)
 * clears an override so the published default applies again.
 */
export function checkLimits(patch: unknown, options: { allowNull: boolean }): LimitsCheck {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    return { ok: false, problem: "out_of_range", name: "", message: "must be an object of limit names to integers" };
  }
  const values: Partial<Record<AccountLimitName, number | null>> = {};
  for (const [name, value] of Object.entries(patch)) {
    if (!isAccountLimitName(name)) {
      return { ok: false, problem: "unknown_name", name, message: `is not a limit; limits are ${accountLimitNames.join(", ")}` };
    }
    if (value === null && options.allowNull) {
      values[name] = null;
      continue;
    }
    const { min, max } = rules[name];
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
      return { ok: false, problem: "out_of_range", name, message: `must be an integer from ${min} to ${max}` };
    }
    values[name] = value;
  }
  return { ok: true, values };
}

/**
 * Reads overrides back from storage. They were checked on write; a stored value that fails
 * the check now is corruption (or a range tightened without a migration), so it throws.
 */
export function storedOverrides(raw: unknown, what: string): AccountLimitOverrides {
  const check = checkLimits(raw ?? {}, { allowNull: false });
  if (!check.ok) throw new Error(`stored ${what} limits are invalid: ${check.name} ${check.message}`);
  return check.values as AccountLimitOverrides;
}

/** The organization's own limits: published defaults replaced by its overrides. */
export function orgLimits(orgOverrides: AccountLimitOverrides): AccountLimits {
  const out = { ...paidLimitDefaults } as Record<AccountLimitName, number>;
  for (const name of accountLimitNames) {
    const v = orgOverrides[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** The tighter of two values of one limit, reading 0 as "no limit" where it means that. */
function tighter(name: AccountLimitName, a: number, b: number): number {
  if (zeroMeansUnlimited.has(name)) {
    if (a === 0) return b;
    if (b === 0) return a;
  }
  return Math.min(a, b);
}

/**
 * The limits a request runs under: the organization's limits, each lowered by the key's
 * sub-limit when the key sets one. A sub-limit above the organization's value has no
 * effect (it never raises), so a key keeps working if the organization's limits shrink.
 */
export function effectiveLimits(orgOverrides: AccountLimitOverrides, keySubLimits: AccountLimitOverrides = {}): AccountLimits {
  const org = orgLimits(orgOverrides);
  const out = { ...org } as Record<AccountLimitName, number>;
  for (const name of accountLimitNames) {
    const sub = keySubLimits[name];
    if (sub !== undefined) out[name] = tighter(name, org[name], sub);
  }
  return out;
}
