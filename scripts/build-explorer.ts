// `npm run explorer` → build/explorer/: the browser explorer (src/explorer) bundled with Bun.build. The server
// serves these files at /explore/assets/ (index.html at / and /explore/…), and `npm run build` embeds them in
// the executable (--asset), so nothing loads from the internet. Hashed names let browsers keep assets for good.
import { rmSync } from "node:fs";

export const EXPLORER_OUT = "build/explorer";

export async function buildExplorer(): Promise<void> {
  rmSync(EXPLORER_OUT, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: ["src/explorer/index.html"],
    outdir: EXPLORER_OUT,
    target: "browser",
    minify: true,
    splitting: true, // the spreadsheet reader loads only when a workbook is dropped
    publicPath: "/explore/assets/",
    naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("explorer build failed");
  }
}

if (import.meta.main) await buildExplorer();
