// CPU time for benchmarks on a shared machine: wall time moves with whoever else runs, CPU
// time much less. This process's own CPU (its worker threads included) comes from
// process.cpuUsage; the CPU of child processes it has waited for (mutool, `svc convert`)
// from /proc/self/stat, which Linux keeps per process (cutime + cstime).
import { spawnSync } from "node:child_process";
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

/** A command run as a whole process: a name for the tables and its argv. */
export interface ProcessCommand {
  name: string;
  argv: string[];
}

/**
 * Runs each command `runs` times, interleaved run by run so each sees the same machine, and
 * returns each one's wall and CPU seconds per run (CPU of the child, from /proc/self/stat).
 * Throws on a command that fails: a benchmark of a failing command measures nothing.
 */
export function timeProcesses(commands: readonly ProcessCommand[], runs: number): { wall: number[]; cpu: number[] }[] {
  const samples = commands.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let run = 0; run < runs; run++) {
    commands.forEach((c, i) => {
      const cpuBefore = childrenCpuMs();
      const started = performance.now();
      const r = spawnSync(c.argv[0], c.argv.slice(1), { stdio: ["ignore", "ignore", "pipe"] });
      const wall = performance.now() - started;
      if (r.status !== 0) throw new Error(`${c.name} failed: ${r.stderr?.toString().slice(0, 300)}`);
      samples[i].wall.push(wall / 1000);
      samples[i].cpu.push((childrenCpuMs() - cpuBefore) / 1000);
    });
  }
  return samples;
}
