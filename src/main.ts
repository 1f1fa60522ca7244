// Start-up: configuration, snapshot check, indexes, then serve all three hosts on one port.
import { loadConfig } from "./config.ts";
import { createApp } from "./app.ts";
import { SnapshotError } from "./snapshot/open.ts";
import { commandOf, runCommand } from "./cli/commands.ts";
import type { AppOptions } from "./app.ts";
import { isWorker, superviseWorkers, workerLogField } from "./workers.ts";

export async function start(options: AppOptions = {}) {
  const started = performance.now();
  // SIGHUP's default ends the process: until the service can reload, a HUP is logged and otherwise ignored.
  let onHangup = () =>
    console.log(JSON.stringify({ level: "info", msg: "SIGHUP before the service was ready; ignored" }));
  process.on("SIGHUP", () => onHangup());
  let app, config;
  try {
    config = loadConfig();
    if (config.WORKERS > 1 && !isWorker()) return superviseWorkers(config.WORKERS);
    app = createApp(config, options);
    await app.ready;
  } catch (err) {
    // A missing or wrong snapshot, or bad configuration, stops start-up with a message that says what to do.
    console.error(`workforce-api: ${(err as Error).message}`);
    process.exit(err instanceof SnapshotError ? 2 : 1);
  }

  const server = Bun.serve({
    port: config.PORT,
    hostname: config.LISTEN_ADDRESS,
    // No cap of Bun's: bodies stream, and ours (MAX_BODY_BYTES, by Content-Length or while reading) answers every
    // oversized one with the 413 envelope, however large.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    idleTimeout: Math.min(255, Math.ceil(config.REQUEST_TIMEOUT_MS / 1000) + 5),
    fetch: app.fetch,
    // Workers share the port: the kernel hands each new connection to one of them.
    reusePort: config.WORKERS > 1,
  });

  console.log(
    JSON.stringify({
      level: "info",
      msg: "listening",
      port: server.port,
      pid: process.pid,
      ...workerLogField(),
      hosts: { salary: config.SALARY_HOST, cost: config.COST_HOST, skills: config.SKILLS_HOST },
      snapshot_id: app.services.snapshotId,
      startup_ms: Math.round(performance.now() - started),
    }),
  );

  // SIGHUP: serve the newest snapshot at SNAPSHOT_PATH or in SNAPSHOT_DIR, without dropping a request (live-snapshot.ts).
  onHangup = () => void app.reloadSnapshot("SIGHUP");

  // Graceful shutdown: answer what was received, stop accepting, close the databases, exit 0 (docs/api-guide.md, "Shutdown").
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      // A second signal while stopping: the operator wants out now.
      if (stopping) process.exit(1);
      stopping = true;
      // The whole stop (answers, then closing the stores) is bounded: past it, connections are cut and the process exits.
      const cut = setTimeout(() => {
        console.error(
          JSON.stringify({
            level: "error",
            msg: "shutdown timed out; cutting remaining connections",
            timeout_ms: config.SHUTDOWN_TIMEOUT_MS,
          }),
        );
        void server.stop(true);
        setTimeout(() => process.exit(1), 1_000).unref();
      }, config.SHUTDOWN_TIMEOUT_MS);
      let code = 0;
      try {
        // Requests whose bytes came while the loop was busy (a large report) are still unread, and their keep-alive
        // connections look idle: one turn of the loop reads and dispatches them before stop() closes idle connections.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await server.stop(); // no new connections; waits for requests in flight, closes idle connections
        await app.close();
        console.log(JSON.stringify({ level: "info", msg: "stopped", signal }));
      } catch (err) {
        console.error(JSON.stringify({ level: "error", msg: "shutdown failed", error: (err as Error).message }));
        code = 1;
      } finally {
        clearTimeout(cut);
      }
      process.exit(code);
    });
  }
}

if (import.meta.main) {
  const command = commandOf(process.argv);
  if (command.name !== "serve") process.exit(await runCommand(command));
  start();
}
