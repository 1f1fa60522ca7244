// BENCHMARKS.md: one section per benchmark, replaced in place, each stamped with the machine and commit.
import { cpus, totalmem } from "node:os";

export async function writeBenchmarkSection(title: string, body: string, file = "BENCHMARKS.md") {
  const commit = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"]).stdout.toString().trim() || "uncommitted";
  // BENCHMARKS.md itself changes as sections are written; only other changes make the measured code differ from the commit.
  const changed = Bun.spawnSync(["git", "status", "--porcelain", "--untracked-files=no"])
    .stdout.toString()
    .split("\n")
    .filter((l) => l.trim() && !l.endsWith(file));
  const dirty = changed.length ? " (with uncommitted changes)" : "";
  const stamp = `_Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit}${dirty} on ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}._`;
  const section = `## ${title}\n\n${stamp}\n\n${body}\n`;
  const existing = (await Bun.file(file).exists())
    ? await Bun.file(file).text()
    : "# Benchmarks\n\nRun `npm run bench`. Every figure is measured in one run on one machine against a baseline measured in the same run.\n";
  const pattern = new RegExp(`## ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n[\\s\\S]*?(?=\\n## |$)`);
  await Bun.write(
    file,
    pattern.test(existing)
      ? existing.replace(pattern, section.trimEnd() + "\n")
      : `${existing.trimEnd()}\n\n${section}`,
  );
}
