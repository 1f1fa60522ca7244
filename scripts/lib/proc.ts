// Facts about processes and ports on this Linux machine, for benchmarks and long runs.
import { readFileSync } from "node:fs";

/** Resident set size of a process, in MB (/proc/<pid>/status). */
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/** User + system CPU time of a process so far, in µs (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The CPU time of a process and its children still running (a supervisor's workers), in µs. */
export function treeCpuUs(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    /* gone */
  }
  return cpuUs(pid) + children.reduce((sum, child) => sum + treeCpuUs(child), 0);
}

/** A loopback port that was free a moment ago. */
export function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}
