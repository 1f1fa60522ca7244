// Start-up: configuration, snapshot check, indexes, then serve all three hosts on one port.
import { loadConfig } from "./config.ts";
import { createApp } from "./app.ts";
import { SnapshotError } from "./snapshot/open.ts";
import { commandOf, runCommand } from "./cli/commands.ts";
import type { AppOptions } from "./app.ts";

export async function start(options: AppOptions = {}) {
  const started = performance.now();
  // SIGHUP's default ends the process: until the service can reload, a HUP is logged and otherwise ignored.
  let onHangup = () => console.log(JSON.stringify({ level: "info", msg: "SIGHUP before the service was ready; ignored" }));
  process.on("SIGHUP", () => onHangup());
  let app, config;
  try {
    config = loadConfig();
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
    // Bun's own cap sits above ours, so an oversized body gets our 413 envelope (json-body.ts) rather than Bun's.
    maxRequestBodySize: 2 * config.MAX_BODY_BYTES + 1024,
    idleTimeout: Math.min(255, Math.ceil(config.REQUEST_TIMEOUT_MS / 1000) + 5),
    fetch: app.fetch,
  });

  console.log(JSON.stringify({
    level: "info", msg: "listening", port: server.port,
    hosts: { salary: config.SALARY_HOST, cost: config.COST_HOST, skills: config.SKILLS_HOST },
    snapshot_id: app.services.snapshotId, startup_ms: Math.round(performance.now() - started),
  }));

  // SIGHUP: serve the newest snapshot at SNAPSHOT_PATH or in SNAPSHOT_DIR, without dropping a request (live-snapshot.ts).
  onHangup = () => void app.reloadSnapshot("SIGHUP");

  // Graceful shutdown: stop accepting, let in-flight requests finish, close the databases, exit 0.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      await server.stop();
      await app.close();
      console.log(JSON.stringify({ level: "info", msg: "stopped", signal }));
      process.exit(0);
    });
  }
}

if (import.meta.main) {
  const command = commandOf(process.argv);
  if (command.name !== "serve") process.exit(await runCommand(command));
  start();
}
