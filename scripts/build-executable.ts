// `npm run build` → build/workforce-api: one executable with the snapshot embedded.
import { existsSync } from "node:fs";

const snapshot = "build/snapshot.sqlite";
if (!existsSync(snapshot)) {
  console.error(`${snapshot} is missing: run \`npm run data\` first.`);
  process.exit(2);
}
const result = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "src/executable.ts", "--outfile", "build/workforce-api"], { stdout: "inherit", stderr: "inherit" });
process.exit(result.exitCode);
