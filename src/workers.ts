// WORKERS=N: N processes serve one port (SO_REUSEPORT: the kernel spreads new connections over them), sharing keys
// and quotas through the state database or Redis exactly as replicas do (quota.ts leases). This process only
// starts them, passes signals on (SIGHUP reloads each; SIGINT and SIGTERM stop each gracefully) and ends when they
// have: with the first failure's exit code if one stopped on its own, which also stops the others, so a supervisor
// above (systemd, a container engine) sees one service and restarts it whole.
import type { ChildProcess } from "node:child_process";

/** Set in each worker's environment (1…N): the worker serves, it does not start workers of its own. */
export const WORKER_ENV = "WORKFORCE_WORKER";

export const isWorker = () => Boolean(process.env[WORKER_ENV]);

/** `{ worker: n }` in a worker (for its log lines), `{}` otherwise. */
export const workerLogField = (): { worker?: number } =>
  isWorker() ? { worker: Number(process.env[WORKER_ENV]) } : {};

export function superviseWorkers(count: number): void {
  // Loaded here, not at start-up: a process serving alone never spawns one.
  const { spawn } = require("node:child_process") as typeof import("node:child_process");
  // The same command again: `bun src/main.ts …`, or the executable's own arguments (its script is in /$bunfs).
  const args = process.argv[1]?.startsWith("/$bunfs/") ? process.argv.slice(2) : process.argv.slice(1);
  // Each worker in its own process group: a terminal's Ctrl-C reaches this process only, which passes it on once
  // (a worker's second signal means "stop now").
  const workers: ChildProcess[] = Array.from({ length: count }, (_, i) =>
    spawn(process.execPath, args, {
      env: { ...process.env, [WORKER_ENV]: String(i + 1) },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    }),
  );
  console.log(
    JSON.stringify({ level: "info", msg: "workers started", workers: count, pids: workers.map((w) => w.pid) }),
  );
  let stopping = false;
  let failure = 0;
  process.removeAllListeners("SIGHUP"); // start-up's own "not ready yet" handler: the workers decide now
  for (const signal of ["SIGHUP", "SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (signal !== "SIGHUP") stopping = true;
      for (const w of workers) if (w.exitCode === null) w.kill(signal);
    });
  }
  let running = count;
  workers.forEach((worker, i) =>
    worker.on("exit", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (!stopping) {
        stopping = true;
        failure = status || 1;
        console.error(
          JSON.stringify({
            level: "error",
            msg: "a worker stopped on its own; stopping the others",
            worker: i + 1,
            code,
            signal,
          }),
        );
        for (const other of workers) if (other !== worker && other.exitCode === null) other.kill("SIGTERM");
      } else if (status !== 0) {
        failure ||= status;
      }
      if (--running === 0) process.exit(failure);
    }),
  );
}
