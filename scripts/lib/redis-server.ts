// A throwaway redis-server (Debian's package) on a free loopback port, for tests and scripts. It can be paused
// (SIGSTOP: commands wait in its socket), killed hard and restarted on the same port and data folder, so fault
// tests see what a real Redis does.
import type { Subprocess } from "bun";
import { freePort } from "./proc.ts";

export const redisAvailable = () => Bun.spawnSync(["sh", "-c", "command -v redis-server"]).exitCode === 0;

export interface RedisOptions {
  port?: number;
  /** A data folder with the append-only file (appendfsync everysec), as compose.yaml runs it; none: nothing persists. */
  dir?: string;
}

export interface RunningRedis {
  url: string;
  port: number;
  proc: Subprocess;
  /** Stops it (SIGTERM) and waits. */
  stop(): Promise<void>;
  /** kill -9 and wait: no shutdown save. */
  kill(): Promise<void>;
  pause(): void;
  resume(): void;
  /** redis-cli against it; the reply's text. */
  cli(...args: string[]): string;
}

export async function startRedis(options: RedisOptions = {}): Promise<RunningRedis> {
  const port = options.port ?? freePort();
  const persistence = options.dir
    ? ["--dir", options.dir, "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""]
    : ["--save", "", "--appendonly", "no"];
  const proc = Bun.spawn(["redis-server", "--port", String(port), "--bind", "127.0.0.1", ...persistence], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const cli = (...args: string[]) =>
    Bun.spawnSync(["redis-cli", "-p", String(port), ...args])
      .stdout.toString()
      .trim();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (cli("ping") === "PONG") {
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        proc,
        cli,
        async stop() {
          proc.kill();
          await proc.exited;
        },
        async kill() {
          proc.kill("SIGKILL");
          await proc.exited;
        },
        pause: () => proc.kill("SIGSTOP"),
        resume: () => proc.kill("SIGCONT"),
      };
    }
    await Bun.sleep(20);
  }
  proc.kill();
  throw new Error(`redis-server did not start on port ${port}`);
}
