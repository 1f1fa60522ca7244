// Entry of the single executable (`npm run build`). The snapshot is compiled in as a file. On first start it
// is unpacked once beside STATE_DB, named by its snapshot_id, and opened from there: SQLite then reads pages
// from disk as needed instead of holding the whole database in memory, and later starts skip the copy.
// A newer build placed beside the executable (any *.sqlite snapshot in its folder, or in SNAPSHOT_DIR when set)
// is served instead, at start and on reload (SIGHUP, POST /admin/snapshot/reload). SNAPSHOT_PATH, when set (and
// SNAPSHOT_DIR not), names the one file to serve instead of the embedded one.
// `workforce-api healthcheck` and `workforce-api keys …` need no snapshot (src/cli/commands.ts).
import snapshotFile from "../build/snapshot.sqlite" with { type: "file" };
import snapshotId from "../build/snapshot.id" with { type: "text" };
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { hostname } from "node:os";
import { start } from "./main.ts";
import { commandOf, runCommand } from "./cli/commands.ts";

const command = commandOf(process.argv);
if (command.name !== "serve") process.exit(await runCommand(command));
let embeddedSnapshot: string | undefined;
if (!process.env.SNAPSHOT_PATH) {
  const dir = resolve(dirname(process.env.STATE_DB || "var/state.sqlite"));
  const unpacked = join(dir, `snapshot-${snapshotId.trim()}.sqlite`);
  if (!existsSync(unpacked)) {
    mkdirSync(dir, { recursive: true });
    // Host name and pid: replicas sharing a volume are all pid 1 in their containers, and a retry overwrites its own.
    const tmp = `${unpacked}.${hostname()}-${process.pid}.tmp`;
    await Bun.write(tmp, Bun.file(snapshotFile));
    renameSync(tmp, unpacked); // atomic: a concurrent start sees the whole file or none
  }
  embeddedSnapshot = unpacked;
  process.env.SNAPSHOT_DIR ||= dirname(process.execPath);
}
start({ embeddedSnapshot });
