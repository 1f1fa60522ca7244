// Start-up: configuration, snapshot check, indexes, then serve all three hosts on one port.
import { loadConfig, type Config } from "./config.ts";
import { StartupError } from "./startup-error.ts";
import { createApp } from "./app.ts";
import { commandOf, runCommand } from "./cli/commands.ts";
import type { App, AppOptions } from "./app.ts";
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
    // A missing or wrong snapshot, or bad configuration, stops start-up with one line that says what to do.
    const known = err instanceof StartupError;
    console.error(`workforce-api: ${known ? (err as Error).message : oneLine(err)}`);
    process.exit(known ? 2 : 1);
  }

  let server;
  try {
    server = listen(config, app);
  } catch (err) {
    console.error(`workforce-api: ${listenFailure(err, config)}`);
    process.exit(2);
  }

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

  // Announced once SIGTERM and SIGINT stop it gracefully: a supervisor or orchestrator may signal it at once.
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
}

if (import.meta.main) {
  const command = commandOf(process.argv);
  if (command.name !== "serve") process.exit(await runCommand(command));
  start();
}

function listen(config: Config, { fetch, routes }: Pick<App, "fetch" | "routes">) {
  return Bun.serve({
    port: config.PORT,
    hostname: config.LISTEN_ADDRESS,
    // No cap of Bun's: bodies stream, and ours (MAX_BODY_BYTES, by Content-Length or while reading) answers every
    // oversized one with the 413 envelope, however large.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    idleTimeout: Math.min(255, Math.ceil(config.REQUEST_TIMEOUT_MS / 1000) + 5),
    fetch,
    routes,
    // Workers share the port: the kernel hands each new connection to one of them.
    reusePort: config.WORKERS > 1,
  });
}

/** Why the port could not be opened, and what to do, in one line (Bun's own error carries a stack and source lines). */
function listenFailure(err: unknown, config: Config): string {
  const where = `port ${config.PORT} on ${config.LISTEN_ADDRESS}`;
  switch ((err as { code?: string }).code) {
    case "EADDRINUSE":
      return `${where} is already in use by another process; stop that process or set PORT to a free port`;
    case "EACCES":
      return config.PORT > 0 && config.PORT < 1024
        ? `not allowed to listen on ${where}: ports below 1024 need privileges; set PORT to 1024 or above`
        : `not allowed to listen on ${where}; check what the process may open, or set another PORT`;
    case "EADDRNOTAVAIL":
      return `LISTEN_ADDRESS ${config.LISTEN_ADDRESS} is not an address of this machine; set it to one of its addresses, or 0.0.0.0 for all`;
    default:
      return `cannot listen on ${where}: ${oneLine(err)}`;
  }
}

function oneLine(err: unknown): string {
  return String((err as Error)?.message ?? err).split("\n")[0];
}
