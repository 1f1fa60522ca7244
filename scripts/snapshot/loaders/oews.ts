// BLS OEWS: the national workbooks and the area CSVs the manifest lists (May 2014–2024 and May 2024–2025 today).
import { readTable, sheetGrids, parseNumber, str, num, type Row, type Marker } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";
import { basename } from "node:path";

/** The manifest path a row's source_file names ("bls-oews/oews_M2025_all_areas.csv"), from the file's absolute path. */
const relativeName = (path: string) => `bls-oews/${basename(path)}`;

const WAGE_COLUMNS = [
  "TOT_EMP",
  "H_MEAN",
  "A_MEAN",
  "H_PCT10",
  "H_PCT25",
  "H_MEDIAN",
  "H_PCT75",
  "H_PCT90",
  "A_PCT10",
  "A_PCT25",
  "A_MEDIAN",
  "A_PCT75",
  "A_PCT90",
] as const;

// The files are the manifest's (data/sources.json): a new May vintage is a manifest entry, not an edit here.
// National workbooks (national_MYYYY_dl.xlsx) first, then the area CSVs (oews_MYYYY_*.csv), each in year order:
// the workbook's national rows (with hourly percentiles) win on overlap.
const NATIONAL_WORKBOOKS = "bls-oews/national_M*_dl.xlsx";
const AREA_FILES = "bls-oews/oews_M*.csv";

/** 7-digit BLS area code: 0000000 national, SS00000 state/territory, 00 + CBSA for an MSA, nonmetro as published. */
export function areaCodeOf(area: string, areaType: number): string {
  if (areaType === 1) return "0000000";
  if (areaType === 2 || areaType === 3) return area.padStart(2, "0") + "00000";
  return area.padStart(7, "0");
}

/** SOC aggregation level from the code's shape, for files that do not carry O_GROUP. */
export function socGroup(code: string): string {
  if (code === "00-0000") return "total";
  if (code.endsWith("-0000")) return "major";
  if (code.endsWith("00")) return "minor";
  if (code.endsWith("0")) return "broad";
  return "detailed";
}

const yearOf = (path: string) => Number(/_M(\d{4})[_.]/.exec(basename(path))![1]);
const byYear = (paths: string[]) => [...paths].sort((a, b) => yearOf(a) - yearOf(b) || a.localeCompare(b));

export async function loadOews(ctx: LoadContext): Promise<LoadResult> {
  const out: unknown[][] = [];
  const topCodes: unknown[][] = [];
  const workbooks = byYear(ctx.glob(NATIONAL_WORKBOOKS));
  const files = [...workbooks, ...byYear(ctx.glob(AREA_FILES))];
  for (const path of files) {
    const table = await readTable(path, { required: ["OCC_CODE", "OCC_TITLE", "TOT_EMP", "A_MEDIAN"] });
    for (const row of table.rows) out.push(toRecord(row, yearOf(path), relativeName(path)));
  }
  // Each workbook states its top-code in its field descriptions ("$115.00 per hour or $239,200 per year"); the
  // separate field_descriptions.xlsx is May 2014's, whose workbook carries none.
  for (const path of [ctx.file("bls-oews/field_descriptions.xlsx"), ...workbooks]) {
    const found = await statedTopCode(path);
    if (found)
      topCodes.push([path.endsWith("field_descriptions.xlsx") ? 2014 : yearOf(path), found.annual, found.hourly]);
  }
  insertRows(ctx.db, "oews_top_code", ["year", "annual", "hourly"], topCodes, true);
  const rows = insertRows(
    ctx.db,
    "oews_wage",
    [
      "year",
      "area_code",
      "area",
      "area_type",
      "area_title",
      "prim_state",
      "occ_code",
      "occ_title",
      "o_group",
      "tot_emp",
      "h_mean",
      "a_mean",
      "h_pct10",
      "h_pct25",
      "h_median",
      "h_pct75",
      "h_pct90",
      "a_pct10",
      "a_pct25",
      "a_median",
      "a_pct75",
      "a_pct90",
      "annual_only",
      "hourly_only",
      "markers",
      "source_file",
    ],
    out,
    true,
  );
  // OEWS estimates refer to May of their year: the vintage is the newest file's.
  const years = files.map(yearOf).sort();
  return { rows, vintage: `May ${years.at(-1)}`, periodStart: `${years[0]}-05`, periodEnd: `${years.at(-1)}-05` };
}

function toRecord(row: Row, year: number, path: string): unknown[] {
  const area = str(row.AREA) ?? "99";
  const areaType = num(row.AREA_TYPE) ?? 1;
  const code = str(row.OCC_CODE)!;
  const markers: Partial<Record<string, Marker>> = {};
  const values = WAGE_COLUMNS.map((col) => {
    const parsed = parseNumber(row[col] ?? null);
    if (parsed.marker) markers[col.toLowerCase()] = parsed.marker;
    return parsed.value;
  });
  return [
    year,
    areaCodeOf(area, areaType),
    area,
    areaType,
    str(row.AREA_TITLE) ?? "U.S.",
    str(row.PRIM_STATE) ?? (areaType === 1 ? "US" : null),
    code,
    str(row.OCC_TITLE),
    str(row.O_GROUP ?? row.OCC_GROUP ?? null) ?? socGroup(code),
    ...values,
    row.ANNUAL === "TRUE" ? 1 : 0,
    row.HOURLY === "TRUE" ? 1 : 0,
    Object.keys(markers).length ? JSON.stringify(markers) : null,
    path,
  ];
}

async function statedTopCode(file: string): Promise<{ annual: number; hourly: number } | null> {
  for (const rows of await sheetGrids(file, /field/i)) {
    for (const r of rows) {
      const m = /\$([\d.,]+) per hour or \$([\d,]+) per year/.exec(r.join(" "));
      if (m) return { hourly: Number(m[1].replace(/,/g, "")), annual: Number(m[2].replace(/,/g, "")) };
    }
  }
  return null;
}
