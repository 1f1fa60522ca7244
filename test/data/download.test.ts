// `npm run data -- --download`, offline: a fake publisher (test/support/fake-publisher.ts) serves, at the official
// URL paths, the archives and files the publishers serve, built here from the mirror's own files. The download
// runs as the real command against a scratch mirror (the shared one is only read), and must reproduce the mirror's
// files byte for byte, through zip members, gzip, a redirect, a 503 and a body cut short; and leave everything
// untouched when a file is missing (404), keeps being cut off, or is not what it should be.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Database } from "bun:sqlite";
import { readSnapshotInfo } from "../../src/snapshot/check.ts";
import { gzipSync, zipSync } from "fflate";
import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";
import { overlayMirror } from "../../scripts/data/overlay.ts";
import { runToEnd } from "../../scripts/lib/service-process.ts";
import { datasets } from "../../scripts/snapshot/manifest.ts";
import { startFakePublisher, type FakeFile } from "../support/fake-publisher.ts";
import { blsCodeList, onetCrosswalk, worldBankPppBulk } from "../support/publisher-layouts.ts";

setDefaultTimeout(120_000);

const shared = resolve(process.env.DATA_MIRROR ?? "../shared/data");
const work = resolve(`build/test/download-${process.pid}`);
const CONTACT = "data-team@example.org";
const bytesOf = (path: string) => new Uint8Array(readFileSync(join(shared, path)));
const sha = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
/** The fake server's path for an official URL (what DATA_DOWNLOAD_BASE maps it to). */
const at = (url: string) => {
  const u = new URL(url);
  return `/${u.host}${u.pathname}${u.search}`;
};
const urlOf = (path: string) => datasets.flatMap((d) => d.files).find((f) => f.path === path)!.url;

const RPP = [
  "bea-rpp/MARPP_MSA_2008_2024.csv",
  "bea-rpp/SARPP_STATE_2008_2023.csv",
  "bea-rpp/PARPP_PORT_2008_2024.csv",
];
const MIN_WAGE = "eurostat/estat_earn_mw_cur.tsv";
const CBSA = ["census-cbsa/list1_2023.xlsx", "census-cbsa/list2_2023.xlsx"];
const AP = ["bls-ap/ap.series", "bls-ap/ap.item", "bls-ap/ap.area", "bls-ap/ap.data.2.Gasoline"];

/** What the publishers serve: BEA's zips (the table among other members), Eurostat's gzip TSV, Census workbooks. */
function publisherFiles(): Map<string, FakeFile> {
  const files = new Map<string, FakeFile>();
  for (const path of RPP) {
    const name = path.split("/").pop()!;
    files.set(at(urlOf(path)), {
      body: zipSync({ [name]: bytesOf(path), "definitions.xml": new TextEncoder().encode("<definitions/>") }),
    });
  }
  // MARPP moved: the official address redirects to where the zip now is.
  files.set("/apps.bea.gov/regional/zip/2025/MARPP.zip", files.get(at(urlOf(RPP[0])))!);
  files.set(at(urlOf(RPP[0])), { redirectTo: "/apps.bea.gov/regional/zip/2025/MARPP.zip" });
  files.set(at(urlOf(MIN_WAGE)), { body: gzipSync(bytesOf(MIN_WAGE)), unavailableFirst: 1 });
  files.set(at(urlOf(CBSA[0])), { body: bytesOf(CBSA[0]) });
  files.set(at(urlOf(CBSA[1])), { body: bytesOf(CBSA[1]), cutFirst: 1 });
  for (const path of AP) files.set(at(urlOf(path)), { body: bytesOf(path) });
  return files;
}

/**
 * A scratch mirror reading as the shared one: the folders the download writes to are real, their files links,
 * so renaming a new file into place replaces a link here and never touches the shared mirror.
 */
function scratchMirror(name: string): string {
  const writable = [...RPP, MIN_WAGE, ...CBSA, ...AP];
  return overlayMirror(shared, join(work, name), new Map(writable.map((p) => [p, join(shared, p)])));
}

const download = (mirror: string, base: string, args: string[], env: Record<string, string> = {}) =>
  runToEnd([process.execPath, "scripts/snapshot/build.ts", "--download", ...args], {
    DATA_MIRROR: mirror,
    DATA_DOWNLOAD_BASE: base,
    DATA_CONTACT: CONTACT,
    SNAPSHOT_PATH: join(mirror, "..", `${mirror.split("/").pop()}.sqlite`),
    DATA_DOWNLOAD_BACKOFF_MS: "10",
    DATA_DOWNLOAD_RETRIES: "2",
    ...env,
  });

/** Every file's bytes, modification time and kind (link or file), to show that a failed download changed nothing. */
const stateOf = (mirror: string, paths: string[]) =>
  paths.map((p) => {
    const file = join(mirror, p);
    return `${p} ${sha(new Uint8Array(readFileSync(file)))} ${statSync(file).mtimeMs}`;
  });

let publisher: Awaited<ReturnType<typeof startFakePublisher>>;
beforeAll(async () => {
  publisher = await startFakePublisher(publisherFiles());
});
afterAll(async () => {
  await publisher.stop();
  rmSync(work, { recursive: true, force: true });
});

test("three datasets through zip members, a redirect, gzip, a 503 and a cut-off body: the mirror's files byte for byte, recorded in the snapshot", async () => {
  const mirror = scratchMirror("ok");
  const result = await download(mirror, publisher.base, [
    "--dataset",
    "bea_rpp",
    "--dataset",
    "eurostat_min_wage",
    "--dataset",
    "census_cbsa",
  ]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  for (const path of [...RPP, MIN_WAGE, ...CBSA]) {
    expect(lstatSync(join(mirror, path)).isFile()).toBe(true); // a real file now, no longer the link to the shared mirror
    expect(sha(new Uint8Array(readFileSync(join(mirror, path))))).toBe(sha(bytesOf(path)));
  }
  // What the publishers were asked, and how.
  const asked = (url: string) => publisher.seen.filter((r) => r.target === at(url));
  expect(publisher.seen.every((r) => r.userAgent?.includes(`contact: ${CONTACT}`))).toBe(true);
  expect(asked(urlOf(MIN_WAGE)).length).toBe(2); // 503, then the file
  expect(asked(urlOf(CBSA[1])).map((r) => r.range)).toEqual([
    null,
    `bytes=${Math.floor(bytesOf(CBSA[1]).byteLength / 2)}-`,
  ]); // resumed
  expect(result.stdout).toContain("retry 1/2");

  // The snapshot built from them: when and where each downloaded file came from, nothing for the others.
  const db = new Database(join(work, "ok.sqlite"), { readonly: true });
  const rows = db
    .query<
      { path: string; url: string; sha256: string; downloaded_at: string | null; downloaded_from: string | null },
      []
    >("SELECT path, url, sha256, downloaded_at, downloaded_from FROM source_files")
    .all();
  const row = (path: string) => rows.find((r) => r.path === path)!;
  // The address the file finally came from, as the publisher's (not the DATA_DOWNLOAD_BASE standing in for it).
  expect(row(RPP[0]).downloaded_from).toBe("https://apps.bea.gov/regional/zip/2025/MARPP.zip");
  expect(row(MIN_WAGE)).toMatchObject({
    url: urlOf(MIN_WAGE),
    sha256: sha(bytesOf(MIN_WAGE)),
    downloaded_from: urlOf(MIN_WAGE),
  });
  expect(Date.now() - Date.parse(row(CBSA[0]).downloaded_at!)).toBeLessThan(10 * 60_000);
  expect(row("bls-oews/national_M2024_dl.xlsx").downloaded_at).toBeNull();
  db.close();
  // Same bytes in, same snapshot out: the id equals the one built from the shared mirror.
  expect(readSnapshotInfo(join(work, "ok.sqlite")).snapshotId).toBe(
    readSnapshotInfo("build/snapshot.sqlite").snapshotId,
  );
  expect(existsSync(join(mirror, ".download-staging"))).toBe(false);
}, 240_000); // a full snapshot build (with the title ranker's training) runs inside

/** A download that must fail: it names the URL and the reason, and leaves the mirror and the snapshot as they were. */
async function expectUntouched(name: string, files: Map<string, FakeFile>, expected: RegExp) {
  const fake = await startFakePublisher(files);
  const mirror = scratchMirror(name);
  const before = stateOf(mirror, AP);
  const snapshot = join(work, `${name}.sqlite`); // the snapshot in service before the download
  writeFileSync(snapshot, `the previous snapshot of ${name}`);
  try {
    const result = await download(mirror, fake.base, ["--dataset", "bls_ap"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(expected);
    expect(stateOf(mirror, AP)).toEqual(before);
    expect(readFileSync(snapshot, "utf8")).toBe(`the previous snapshot of ${name}`);
    expect(readdirSync(work).filter((f) => f.startsWith(`${name}.sqlite.`))).toEqual([]); // no half-built file left
    expect(existsSync(join(mirror, ".download-staging"))).toBe(false);
    expect(existsSync(join(mirror, ".downloads.json"))).toBe(false);
  } finally {
    await fake.stop();
  }
}

const apFiles = (change: (files: Map<string, FakeFile>) => void) => {
  const files = publisherFiles();
  change(files);
  return files;
};

test("a 404 stops the download with the URL and the status; nothing is replaced", async () => {
  await expectUntouched(
    "missing",
    apFiles((f) => f.delete(at(urlOf("bls-ap/ap.data.2.Gasoline")))),
    /https:\/\/download\.bls\.gov\/pub\/time\.series\/ap\/ap\.data\.2\.Gasoline.*: HTTP 404/,
  );
});

test("a body cut short on every try fails after the retries, naming where it stopped; nothing is replaced", async () => {
  await expectUntouched(
    "cut",
    apFiles((f) => {
      f.get(at(urlOf("bls-ap/ap.item")))!.cutFirst = Infinity;
    }),
    /ap\.item.*failed after 3 tries: body cut off at \d+ of \d+ bytes/,
  );
});

test("a file without its expected columns (an error page answered 200) is refused before it replaces anything", async () => {
  await expectUntouched(
    "html",
    apFiles((f) =>
      f.set(at(urlOf("bls-ap/ap.series")), {
        body: new TextEncoder().encode(`<html><body>${"Service notice. ".repeat(400000)}</body></html>`),
      }),
    ),
    /ap\.series: no header row with columns series_id, area_code, item_code; the mirror's file is kept/,
  );
});

test("a file far smaller than the one it replaces is refused as probably cut short", async () => {
  const path = "bls-ap/ap.data.2.Gasoline";
  const text = new TextDecoder().decode(bytesOf(path));
  await expectUntouched(
    "small",
    apFiles((f) =>
      f.set(at(urlOf(path)), { body: new TextEncoder().encode(text.slice(0, text.indexOf("\n", 2000) + 1)) }),
    ),
    /less than half the \d+ of the file it would replace/,
  );
});

test("a zip without the member the manifest names is refused, naming the member", async () => {
  const files = publisherFiles();
  files.set(at(urlOf(RPP[1])), { body: zipSync({ "something-else.csv": bytesOf(RPP[1]) }) });
  const fake = await startFakePublisher(files);
  const mirror = scratchMirror("member");
  try {
    const result = await download(mirror, fake.base, ["--dataset", "bea_rpp"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("SARPP.zip: has no member SARPP_STATE_*.csv");
    expect(sha(new Uint8Array(readFileSync(join(mirror, RPP[0]))))).toBe(sha(bytesOf(RPP[0])));
    expect(lstatSync(join(mirror, RPP[0])).isSymbolicLink()).toBe(true); // still the link: nothing was renamed into place
  } finally {
    await fake.stop();
  }
});

test("without DATA_CONTACT, or with an unknown dataset, nothing is fetched and the message says what to do", async () => {
  const mirror = scratchMirror("refused");
  const before = publisher.seen.length;
  const noContact = await download(mirror, publisher.base, ["--dataset", "bls_ap"], { DATA_CONTACT: "" });
  expect(noContact.code).toBe(1);
  expect(noContact.stderr).toContain("set DATA_CONTACT");
  const unknown = await download(mirror, publisher.base, ["--dataset", "bls_oes"]);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain("unknown dataset bls_oes");
  expect(publisher.seen.length).toBe(before);
});

test("workbooks the mirror keeps as CSV (SOC 2018) are converted from the publisher's layout: a title above the header, the same table", async () => {
  const files = publisherFiles();
  for (const path of ["soc/soc_structure_2018.csv", "soc/soc_2018_definitions.csv"]) {
    // The publisher's workbook: a title and a blank row above the table the mirror's CSV holds.
    const grid = Papa.parse<string[]>(new TextDecoder().decode(bytesOf(path)), { skipEmptyLines: true }).data;
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([["Standard Occupational Classification 2018"], [], ...grid]),
      "SOC",
    );
    files.set(at(urlOf(path)), { body: new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" })) });
  }
  const fake = await startFakePublisher(files);
  const mirror = overlayMirror(
    shared,
    join(work, "soc"),
    new Map(["soc/soc_structure_2018.csv", "soc/soc_2018_definitions.csv"].map((p) => [p, join(shared, p)])),
  );
  try {
    const result = await download(mirror, fake.base, ["--dataset", "soc_2018"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const table = (path: string) => {
      const db = new Database(path, { readonly: true });
      const rows = db.query("SELECT code, level, title, definition FROM soc_2018 ORDER BY code").all();
      db.close();
      return rows;
    };
    const built = table(join(work, "soc.sqlite"));
    expect(built.length).toBeGreaterThan(1400);
    expect(built).toEqual(table("build/snapshot.sqlite"));
  } finally {
    await fake.stop();
  }
}, 240_000); // a full snapshot build (with the title ranker's training) runs inside

test("BLS's code lists, the World Bank's PPP and O*NET's crosswalk come from the publishers in their own layouts and replace the derived copies", async () => {
  // What BLS, the World Bank and O*NET serve for CPI-U, PPP and the ISCO–SOC bridge; the mirror's derived copies are not there.
  const fileOf = (path: string) => datasets.flatMap((d) => d.files).find((f) => f.path === path)!;
  const files = new Map<string, FakeFile>();
  const text = (t: string) => ({ body: new TextEncoder().encode(t) });
  for (const path of [
    "bls-cpi/cu.data.1.AllItems",
    "bls-cpi/cu.series",
    "bls-cpi/cu.period",
    "isco/isco_soc_crosswalk.xls",
  ])
    files.set(at(urlOf(path)), { body: bytesOf(path) });
  for (const name of readdirSync(join(shared, "bls-cpi/fred")))
    files.set(at(`https://fred.stlouisfed.org/graph/fredgraph.csv?id=${name.replace(/\.csv$/, "")}`), {
      body: bytesOf(`bls-cpi/fred/${name}`),
    });
  files.set(at(fileOf("bls-cpi/cu.area").url), text(blsCodeList("area")));
  files.set(at(fileOf("bls-cpi/cu.item").url), text(blsCodeList("item")));
  files.set(at(fileOf("isco/2010_to_2019_Crosswalk.csv").url), text(onetCrosswalk()));
  // The World Bank's zips: the indicator's CSV among its metadata files, under names with a build number.
  const rf = "worldbank/API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv",
    rfMeta = "worldbank/Metadata_Country_API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv";
  files.set(at(fileOf(rf).url), {
    body: zipSync({
      "API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv": bytesOf(rf),
      "Metadata_Country_API_PA.NUS.PPPC.RF_DS2_en_csv_v2_6595.csv": bytesOf(rfMeta),
    }),
  });
  files.set(at(fileOf("worldbank/API_PA.NUS.PPP_DS2_en_csv_v2.csv").url), {
    body: zipSync({
      "API_PA.NUS.PPP_DS2_en_csv_v2_7021.csv": new TextEncoder().encode(worldBankPppBulk()),
      "Metadata_Indicator_API_PA.NUS.PPP_DS2_en_csv_v2_7021.csv": new TextEncoder().encode('"INDICATOR_CODE"\n'),
    }),
  });
  const fake = await startFakePublisher(files);
  const kept = [
    "bls-cpi/cu.data.1.AllItems",
    "bls-cpi/cu.series",
    "bls-cpi/cu.period",
    "isco/isco_soc_crosswalk.xls",
    rf,
    rfMeta,
  ];
  const derived = new Set([
    "bls-cpi/cu.area.csv",
    "bls-cpi/cu.item.csv",
    "bls-cpi/cpiai.csv",
    "isco/onet_soc_2010_to_2019_crosswalk.csv",
    "worldbank/ppp-gdp.csv",
  ]);
  const mirror = overlayMirror(shared, join(work, "layouts"), new Map(kept.map((p) => [p, join(shared, p)])), derived);
  try {
    const result = await download(mirror, fake.base, [
      "--dataset",
      "bls_cpi",
      "--dataset",
      "isco_soc_crosswalk",
      "--dataset",
      "worldbank_ppp",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    for (const path of [
      "bls-cpi/cu.area",
      "bls-cpi/cu.item",
      "isco/2010_to_2019_Crosswalk.csv",
      "worldbank/API_PA.NUS.PPP_DS2_en_csv_v2.csv",
    ])
      expect(lstatSync(join(mirror, path)).isFile()).toBe(true);
    expect(result.stdout).toContain("read: PA.NUS.PPP (World Bank bulk CSV)");
    expect(result.stdout).toContain("read: cu.area (BLS, tab-delimited); cu.item (BLS, tab-delimited)");
    expect(result.stdout).toContain("read: 2010_to_2019_Crosswalk.csv (O*NET)");
    const table = (path: string, sql: string) => {
      const db = new Database(path, { readonly: true });
      try {
        return db.query(sql).all();
      } finally {
        db.close();
      }
    };
    for (const sql of [
      "SELECT code, name FROM cpi_area ORDER BY code",
      "SELECT code, name FROM cpi_item ORDER BY code",
      "SELECT soc2010_code, soc2019_code FROM onet_soc_2010_2019 ORDER BY 1, 2",
      "SELECT iso3, indicator, year, value FROM wb_indicator ORDER BY 1, 2, 3",
    ]) {
      const built = table(join(work, "layouts.sqlite"), sql);
      expect(built.length).toBeGreaterThan(50);
      expect(built).toEqual(table("build/snapshot.sqlite", sql));
    }
    // Without the all-items CSV, CPI-U all items comes from BLS's flat file: the same index on every month it has.
    const allItems = "SELECT period, value FROM cpi_observation WHERE series_id = 'CUUR0000SA0' ORDER BY period";
    const flat = table(join(work, "layouts.sqlite"), allItems) as { period: string; value: number }[];
    const copies = new Map(
      (table("build/snapshot.sqlite", allItems) as { period: string; value: number }[]).map((r) => [r.period, r.value]),
    );
    expect(flat.length).toBeGreaterThan(1_300); // 1913 onwards
    for (const r of flat) expect({ period: r.period, value: copies.get(r.period) }).toEqual(r);
  } finally {
    await fake.stop();
  }
}, 240_000); // a full snapshot build runs inside
