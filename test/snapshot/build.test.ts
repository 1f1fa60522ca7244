// The build: missing files are named and skipped (optional) or fatal (required); same inputs, same content.
import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, mkdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { planBuild, buildSnapshot } from "../../scripts/snapshot/build.ts";
import { defaultMirror } from "../../scripts/snapshot/manifest.ts";

const dir = mkdtempSync(join(tmpdir(), "wf-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A mirror of symlinks to the real one, without the given files. */
function mirrorWithout(name: string, ...omit: string[]): string {
  const root = join(dir, name);
  for (const f of new Bun.Glob("**/*").scanSync({ cwd: defaultMirror() })) {
    if (omit.includes(f)) continue;
    mkdirSync(dirname(join(root, f)), { recursive: true });
    symlinkSync(resolve(defaultMirror(), f), join(root, f));
  }
  return root;
}

describe("missing publisher files", () => {
  test("an optional dataset's file: named with the dataset it feeds, dataset skipped, build goes on", async () => {
    const errors = spyOn(console, "error").mockImplementation(() => {});
    const plan = await planBuild(mirrorWithout("optional", "bls-ap/ap.item"));
    expect(plan.skipped.map((d) => d.manifest.id)).toEqual(["bls_ap"]);
    expect(plan.usable.some((d) => d.manifest.id === "bls_cpi")).toBe(true);
    expect(errors.mock.calls.flat().join("\n")).toContain("bls-ap/ap.item (feeds bls_ap; built without it)");
    errors.mockRestore();
  });

  test("a required dataset's file: the build fails naming the dataset", async () => {
    const errors = spyOn(console, "error").mockImplementation(() => {});
    await expect(planBuild(mirrorWithout("required", "bls-cpi/cu.series"))).rejects.toThrow(
      "required datasets incomplete: bls_cpi",
    );
    expect(errors.mock.calls.flat().join("\n")).toContain("bls-cpi/cu.series (feeds bls_cpi, required)");
    errors.mockRestore();
  });

  test("an optional file, or one of two alternative layouts, may be missing; both alternatives missing fails naming them", async () => {
    const errors = spyOn(console, "error").mockImplementation(() => {});
    const plan = await planBuild(mirrorWithout("alternatives", "bls-cpi/cpiai.csv"));
    expect(plan.usable.some((d) => d.manifest.id === "bls_cpi")).toBe(true);
    // The mirror holds the derived cu.area.csv, not BLS's cu.area: one of them is enough. Without it, neither is there.
    await expect(planBuild(mirrorWithout("neither", "bls-cpi/cu.area.csv"))).rejects.toThrow(
      "required datasets incomplete: bls_cpi",
    );
    expect(errors.mock.calls.flat().join("\n")).toContain("one of bls-cpi/cu.area.csv, bls-cpi/cu.area (cu.area)");
    errors.mockRestore();
  });
});

describe("determinism", () => {
  // Without the title ranker's cache: the fit itself must give the same model, or reusing it would hide a difference.
  test("a second build from the same inputs has the same snapshot_id and the same content, table by table", async () => {
    const again = join(dir, "again.sqlite");
    const log = spyOn(console, "log").mockImplementation(() => {});
    await buildSnapshot(defaultMirror(), again, { rankerCache: false });
    log.mockRestore();
    const a = new Database(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite", { readonly: true });
    const b = new Database(again, { readonly: true });
    const tables = a
      .query<{ name: string }, []>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((t) => t.name);
    expect(
      b
        .query<{ name: string }, []>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all()
        .map((t) => t.name),
    ).toEqual(tables);
    const digest = (db: Database, table: string) => {
      const columns = db.query(`SELECT count(*) AS n FROM pragma_table_info('${table}')`).get() as { n: number };
      const orderBy = Array.from({ length: columns.n }, (_, i) => i + 1).join(", ");
      const h = new Bun.CryptoHasher("sha256");
      // Only the build's own clock may differ: meta built_at (when it ran).
      const rows = db
        .query(`SELECT * FROM "${table}" ${table === "meta" ? "WHERE key <> 'built_at'" : ""} ORDER BY ${orderBy}`)
        .values();
      for (const row of rows) h.update(JSON.stringify(row));
      return h.digest("hex");
    };
    const id = (db: Database) =>
      (db.query("SELECT value FROM meta WHERE key = 'snapshot_id'").get() as { value: string }).value;
    expect(id(b)).toBe(id(a));
    for (const t of tables) expect(`${t}:${digest(b, t)}`).toBe(`${t}:${digest(a, t)}`);
    a.close();
    b.close();
  }, 240_000); // a full build, title ranker training included
});
