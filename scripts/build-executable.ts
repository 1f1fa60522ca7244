// `npm run build` → build/workforce-api: one executable with the snapshot (and its id) embedded.
import { existsSync } from "node:fs";
import { Database } from "bun:sqlite";

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
const result = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "src/executable.ts", "--asset", "build/explorer", "--outfile", "build/workforce-api"], { stdout: "inherit", stderr: "inherit" });
process.exit(result.exitCode);
