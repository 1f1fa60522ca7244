// Start the service as a real child process and wait for its "listening" line.
import type { Subprocess } from "bun";

export interface Running {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  port: number;
  startupMs: number;
}

/**
 * `keepOutput`: the caller reads stdout and stderr itself. Otherwise both are drained in the background, so a
 * long benchmark's access log cannot fill the pipe and stall the server. `cwd`: the folder it runs in (default: this one).
 */
export async function spawnService(
  cmd: string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
  keepOutput = false,
  cwd?: string,
): Promise<Running> {
  const t0 = performance.now();
  const proc = Bun.spawn(cmd, {
    env: { ...process.env, PORT: "0", LISTEN_ADDRESS: "127.0.0.1", ...env },
    cwd,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    const line = text.split("\n").find((l) => l.includes('"listening"'));
    if (line) {
      reader.releaseLock();
      if (!keepOutput)
        for (const stream of [proc.stdout, proc.stderr]) void stream.pipeTo(new WritableStream()).catch(() => {});
      return { proc, port: JSON.parse(line).port, startupMs: performance.now() - t0 };
    }
  }
  proc.kill();
  throw new Error(`service did not start: ${text} ${await new Response(proc.stderr).text()}`);
}

/** Run a command to completion and return its exit code and output. */
export async function runToEnd(cmd: string[], env: Record<string, string>) {
  const proc = Bun.spawn(cmd, { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}
