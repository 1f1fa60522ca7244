// Issue 35: every required dataset comes from its publisher. A fake publisher (test/support/fake-publisher.ts) serves
// each file data/sources.json names at its official address, in the publisher's layout, made here from the mirror's
// content: zips holding members under the publisher's names, workbooks where the mirror keeps CSV, gzip, BLS's
// tab-delimited code lists, the World Bank's bulk CSV, O*NET's own crosswalk. The download runs into a mirror that
// holds none of the required files (nor the derived copies that stand in for some), the build reads only what came
// down, and the snapshot's tables and a few answers must equal those of the snapshot built from the shared mirror.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { Database } from "bun:sqlite";
import { gzipSync, zipSync } from "fflate";
import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";
import { overlayMirror } from "../../scripts/data/overlay.ts";
import { runToEnd } from "../../scripts/lib/service-process.ts";
import { datasets, type ManifestFile } from "../../scripts/snapshot/manifest.ts";
import { startFakePublisher, type FakeFile } from "../support/fake-publisher.ts";
import { blsCodeList, onetCrosswalk, worldBankPppBulk } from "../support/publisher-layouts.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { FRED_CPI_ITEM } from "../../scripts/snapshot/loaders/bls-prices.ts";

const shared = resolve(process.env.DATA_MIRROR ?? "../shared/data");
const work = resolve(`build/test/download-every-${process.pid}`);
const downloaded = join(work, "mirror.sqlite");
const served = resolve(process.env.SNAPSHOT_PATH ?? "build/snapshot.sqlite");
const at = (url: string) => {
  const u = new URL(url);
  return `/${u.host}${u.pathname}${u.search}`;
};

const required = datasets.filter((d) => d.required);
const downloadable = (f: ManifestFile) => !f.package && !f.project && f.download !== false;

/** Files the publishers serve in another layout than the mirror's derived copy of them: made from that copy. */
const PUBLISHER_LAYOUT: Record<string, () => string> = {
  "bls-cpi/cu.area": () => blsCodeList("area"),
  "bls-cpi/cu.item": () => blsCodeList("item"),
  "isco/2010_to_2019_Crosswalk.csv": onetCrosswalk,
  "worldbank/API_PA.NUS.PPP_DS2_en_csv_v2.csv": worldBankPppBulk,
};
/**
 * The mirror's derived copies: the download replaces them with the publishers' files, so the test hides them. (The
 * all-items CSV stays: no publisher file replaces it, and it holds months the mirror's flat file does not.)
 */
const DERIVED_COPIES = [
  "bls-cpi/cu.area.csv",
  "bls-cpi/cu.item.csv",
  "worldbank/ppp-gdp.csv",
  "isco/onet_soc_2010_to_2019_crosswalk.csv",
];

/** A file's content as its publisher serves it before any packing (zip, gzip). */
function publisherContent(path: string, file: ManifestFile): Uint8Array {
  const text = PUBLISHER_LAYOUT[path];
  if (text) return new TextEncoder().encode(text());
  const bytes = new Uint8Array(readFileSync(join(shared, path)));
  if (file.convert !== "xlsx-csv") return bytes;
  // A workbook where the mirror keeps CSV: the publisher's title above the table, every cell as the CSV has it.
  const grid = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([[`${basename(path)} as published`], [], ...grid]),
    "Data",
  );
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
}

/** What the publishers serve for every required dataset, by the fake server's path; and the mirror paths involved. */
function publisherFiles(): { files: Map<string, FakeFile>; paths: string[] } {
  const files = new Map<string, FakeFile>();
  const zips = new Map<string, Record<string, Uint8Array>>();
  const paths: string[] = [];
  for (const file of required.flatMap((d) => d.files).filter(downloadable)) {
    if (file.glob) {
      for (const path of new Bun.Glob(file.glob).scanSync({ cwd: shared })) {
        paths.push(path);
        files.set(at(file.url.replace("{name}", basename(path).replace(/\.[^.]+$/, ""))), {
          body: new Uint8Array(readFileSync(join(shared, path))),
        });
      }
      continue;
    }
    const path = file.path!;
    paths.push(path);
    const content = publisherContent(path, file);
    if (file.member) {
      // The member under the publisher's name: the mirror's own when it matches the pattern, else one with a build number.
      const name = new Bun.Glob(file.member).match(basename(path))
        ? basename(path)
        : file.member.replaceAll("*", "7021");
      zips.set(file.url, {
        ...zips.get(file.url),
        [name]: content,
        "README.txt": new TextEncoder().encode("Published files.\n"),
      });
    } else {
      files.set(at(file.url), { body: file.url.includes("compressed=true") ? gzipSync(content) : content });
    }
  }
  for (const [url, members] of zips) files.set(at(url), { body: zipSync(members) });
  return { files, paths };
}

let publisher: Awaited<ReturnType<typeof startFakePublisher>>;
let result: { code: number | null; stdout: string; stderr: string };
let paths: string[] = [];
beforeAll(async () => {
  const made = publisherFiles();
  paths = made.paths;
  publisher = await startFakePublisher(made.files);
  // The shared mirror's optional datasets (ESCO, the title lists) stay; every required file is left out.
  const mirror = overlayMirror(shared, join(work, "mirror"), new Map(), new Set([...paths, ...DERIVED_COPIES]));
  result = await runToEnd(
    [process.execPath, "scripts/snapshot/build.ts", "--download", ...required.flatMap((d) => ["--dataset", d.id])],
    {
      DATA_MIRROR: mirror,
      DATA_DOWNLOAD_BASE: publisher.base,
      DATA_CONTACT: "data-team@example.org",
      SNAPSHOT_PATH: downloaded,
    },
  );
}, 600_000); // workbooks of 300,000 rows are written here and read back by the download; then a full build

afterAll(async () => {
  await publisher?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("the download fetches every required dataset from its publisher's address and builds a snapshot from them", () => {
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  for (const path of paths) expect(existsSync(join(work, "mirror", path))).toBe(true);
  // Every address asked for once, from the publisher's host.
  const asked = new Set(publisher.seen.map((r) => r.target));
  expect(asked.size).toBe(publisher.seen.length);
  for (const d of required)
    for (const f of d.files.filter(downloadable)) if (!f.glob) expect(asked.has(at(f.url))).toBe(true);
  for (const layout of [
    "cu.area (BLS, tab-delimited)",
    "PA.NUS.PPP (World Bank bulk CSV)",
    "2010_to_2019_Crosswalk.csv (O*NET)",
  ])
    expect(result.stdout).toContain(layout);
});

test("a glob of required files names the files the build reads, so an empty mirror knows what to fetch", () => {
  const fred = required.flatMap((d) => d.files).find((f) => f.glob === "bls-cpi/fred/CPI*NS.csv")!;
  expect(fred.names!.map((n) => n.replace(/\.csv$/, "")).sort()).toEqual(Object.keys(FRED_CPI_ITEM).sort());
  for (const f of required.flatMap((d) => d.files).filter((f) => f.glob)) expect(f.names?.length).toBeGreaterThan(0);
});

// Tables that record where files came from (their bytes differ: CSV written back from a workbook) are not data.
const PROVENANCE = new Set(["source_files", "sources", "meta"]);

test("every data table equals the one built from the shared mirror, row for row", () => {
  const db = new Database(served, { readonly: true });
  try {
    db.run(`ATTACH DATABASE '${downloaded}' AS fresh`);
    const tables = db
      .query<{ name: string }, []>(
        "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((r) => r.name);
    expect(tables.length).toBeGreaterThan(20);
    // Per table, the rows one snapshot has and the other has not (their first column, to name them).
    const differing = tables
      .filter((t) => !PROVENANCE.has(t))
      .flatMap((t) => {
        const only = (a: string, b: string) =>
          db
            .query<Record<string, unknown>, []>(`SELECT * FROM ${a}."${t}" EXCEPT SELECT * FROM ${b}."${t}" LIMIT 3`)
            .all()
            .map((r) => String(Object.values(r)[0]));
        const rows = [...only("main", "fresh"), ...only("fresh", "main")];
        return rows.length ? [`${t}: ${rows.join(", ")}`] : [];
      });
    expect(differing).toEqual([]);
  } finally {
    db.close();
  }
});

test("the service answers from the downloaded snapshot as from the mirror's: salary, CPI, PPP, skills, wages", async () => {
  const servers: TestServer[] = [
    startTestServer({ SNAPSHOT_PATH: served }),
    startTestServer({ SNAPSHOT_PATH: downloaded }),
  ];
  try {
    for (const [host, path] of [
      ["salary", "/api/v1/salary?job_title=Registered%20Nurses&location=Austin%2C%20TX"],
      ["salary", "/api/v1/salary?job_title=Krankenpfleger&location=DE"],
      ["cost", "/api/v1/cpi/countries/US/history?start_date=2021-01-01"],
      ["cost", "/api/v1/ppp/countries/DE"],
      ["skills", "/api/v1/occupations/15-1252.00/skills"],
      ["skills", "/api/v1/occupations/15-1252/wages?area_code=0000000"],
    ] as const) {
      const [mirrorAnswer, downloadAnswer] = await Promise.all(
        servers.map(async (s) => {
          const r = await s.call(host, path);
          return { status: r.status, body: withoutRequestFacts(await r.json()) };
        }),
      );
      expect(mirrorAnswer.status).toBe(200);
      expect(downloadAnswer).toEqual(mirrorAnswer);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
});

/** An answer without what differs between any two requests (its id, timings) or between snapshots (the id). */
function withoutRequestFacts(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body, (key, value) =>
      ["request_id", "snapshot_id", "generated_at", "sha256"].includes(key) ? undefined : value,
    ),
  );
}
