// CPU time for benchmarks on a shared machine: wall time moves with whoever else runs, CPU
// time much less. This process's own CPU (its worker threads included) comes from
// process.cpuUsage; the CPU of child processes it has waited for (mutool, `svc convert`)
// from /proc/self/stat, which Linux keeps per process (cutime + cstime).
import { readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc reports CPU times in ticks of 1/100 s. */
const CLOCK_TICKS_PER_S = 100;

/** CPU milliseconds of this process (all threads) so far. */
export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU milliseconds of the children this process has waited for, or NaN off Linux. */
export function childrenCpuMs(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return NaN;
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
