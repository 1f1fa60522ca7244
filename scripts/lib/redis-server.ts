// A throwaway redis-server (Debian's package) on a free loopback port, for tests and scripts.
import type { Subprocess } from "bun";
import { freePort } from "./proc.ts";

export const redisAvailable = () => Bun.spawnSync(["sh", "-c", "command -v redis-server"]).exitCode === 0;

export interface RunningRedis { url: string; port: number; proc: Subprocess; stop(): Promise<void> }

export async function startRedis(): Promise<RunningRedis> {
  const port = freePort();
  const proc = Bun.spawn(["redis-server", "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdout: "pipe", stderr: "pipe" });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (Bun.spawnSync(["redis-cli", "-p", String(port), "ping"]).stdout.toString().trim() === "PONG") {
      return { url: `redis://127.0.0.1:${port}`, port, proc, async stop() { proc.kill(); await proc.exited; } };
    }
    await Bun.sleep(20);
  }
  proc.kill();
  throw new Error(`redis-server did not start on port ${port}`);
}
