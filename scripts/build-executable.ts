// `npm run build` → build/workforce-api: one executable with the snapshot (and its id) and the explorer embedded.
import { existsSync } from "node:fs";
import { Database } from "bun:sqlite";
import { buildExplorer, EXPLORER_OUT } from "./build-explorer.ts";

const snapshot = "build/snapshot.sqlite";
if (!existsSync(snapshot)) {
  console.error(`${snapshot} is missing: run \`npm run data\` first.`);
  process.exit(2);
}
const db = new Database(snapshot, { readonly: true });
const id = db.query<{ value: string }, []>("SELECT value FROM meta WHERE key = 'snapshot_id'").get()?.value;
db.close();
if (!id) {
  console.error(`${snapshot} has no snapshot_id: rebuild it with \`npm run data\`.`);
  process.exit(2);
}
await Bun.write("build/snapshot.id", id);
await buildExplorer();
// --asset: the explorer's files ride inside the binary (Bun.embeddedFiles, names under explorer/). The snapshot
// check's worker is an entry point of its own (Bun bundles a worker only when named). --bytecode: the modules ride
// compiled, so start-up skips parsing them (exec → first answer 60–115 ms sooner in two alternating runs, BENCHMARKS.md).
const result = Bun.spawnSync(
  [
    process.execPath,
    "build",
    "--compile",
    "--minify",
    "--bytecode",
    "--format=esm",
    "src/executable.ts",
    "src/snapshot/check-worker.ts",
    "--asset",
    EXPLORER_OUT,
    "--outfile",
    "build/workforce-api",
    // Bun's cap on request line and headers, raised so URLs up to 64 KiB get the API's own 414 envelope (server.ts).
    "--compile-exec-argv=--max-http-header-size=65536",
  ],
  { stdout: "inherit", stderr: "inherit" },
);
process.exit(result.exitCode);
