// BLS CPI-U and average prices: BLS time.series flat files, the BLS all-items CSV, and FRED copies of BLS series.
import { readTable, str, num, type Row } from "../tabular.ts";
import { insertRows, baseName, type LoadContext, type LoadResult } from "../context.ts";

// FRED ids of the CPI-U U.S. city average NSA major groups → BLS item codes (series CUUR0000 + item).
export const FRED_CPI_ITEM: Record<string, string> = {
  CPIAUCNS: "SA0",
  CPIFABNS: "SAF",
  CPIHOSNS: "SAH",
  CPIAPPNS: "SAA",
  CPITRNNS: "SAT",
  CPIMEDNS: "SAM",
  CPIRECNS: "SAR",
  CPIEDUNS: "SAE",
  CPIOGSNS: "SAG",
};

/** BLS period code (M01…M12) and year → YYYY-MM-01; annual (M13) and semiannual (S0x) periods are not monthly. */
const monthOf = (year: number, period: string) =>
  /^M(0[1-9]|1[0-2])$/.test(period) ? `${year}-${period.slice(1)}-01` : null;

function blsObservations(t: { rows: Row[] }, file: string): unknown[][] {
  return t.rows.flatMap((r) => {
    const period = monthOf(num(r.YEAR)!, str(r.PERIOD)!);
    const value = num(r.VALUE);
    return period && value !== null ? [[str(r.SERIES_ID), period, value, str(r.FOOTNOTE_CODES), file]] : [];
  });
}

/**
 * FRED's two-column CSV (<date>, <id>); "." marks a month FRED has no value for. The date column is "DATE" in older
 * downloads and "observation_date" in current ones.
 */
async function fredObservations(file: string, seriesId: string, source: string): Promise<unknown[][]> {
  const id = baseName(file);
  const t = await readTable(file, { required: [id] });
  const date = ["DATE", "OBSERVATION_DATE"].find((c) => t.columns.includes(c));
  if (!date) throw new Error(`${file}: no DATE or observation_date column`);
  return t.rows.flatMap((r) =>
    num(r[id.toUpperCase()]) === null ? [] : [[seriesId, str(r[date]), num(r[id.toUpperCase()]), null, source]],
  );
}

export async function loadBlsCpi(ctx: LoadContext): Promise<LoadResult> {
  const series = await readTable(ctx.file("bls-cpi/cu.series"), { required: ["series_id", "area_code", "item_code"] });
  let rows = insertRows(
    ctx.db,
    "cpi_series",
    ["series_id", "area_code", "item_code", "seasonal", "base_period", "title"],
    series.rows.map((r) => [
      str(r.SERIES_ID),
      str(r.AREA_CODE),
      str(r.ITEM_CODE),
      str(r.SEASONAL),
      str(r.BASE_PERIOD),
      str(r.SERIES_TITLE),
    ]),
  );
  const layouts: string[] = [];
  // The code lists: BLS's own tab-delimited files (area_code, area_name), or a mirror's CSV copies (code, name).
  for (const [list, table] of [
    ["area", "cpi_area"],
    ["item", "cpi_item"],
  ] as const) {
    const official = ctx.present(`bls-cpi/cu.${list}`);
    const t = official
      ? await readTable(official, { required: [`${list}_code`, `${list}_name`] })
      : await readTable(ctx.file(`bls-cpi/cu.${list}.csv`), { required: ["code", "name"] });
    layouts.push(official ? `cu.${list} (BLS, tab-delimited)` : `cu.${list}.csv (derived copy)`);
    const [code, name] = official ? [`${list}_code`.toUpperCase(), `${list}_name`.toUpperCase()] : ["CODE", "NAME"];
    rows += insertRows(
      ctx.db,
      table,
      ["code", "name"],
      t.rows.map((r) => [str(r[code]), str(r[name])]),
    );
  }
  // Order is preference on overlap: the BLS all-items CSV (newest; optional), then the BLS flat file, then FRED copies.
  const observations: unknown[][] = [];
  const allItemsCsv = ctx.present("bls-cpi/cpiai.csv");
  if (allItemsCsv) {
    const allItems = await readTable(allItemsCsv, { required: ["Date", "Index"] });
    for (const r of allItems.rows)
      if (num(r.INDEX) !== null)
        observations.push(["CUUR0000SA0", str(r.DATE), num(r.INDEX), null, "bls-cpi/cpiai.csv"]);
  }
  observations.push(
    ...blsObservations(
      await readTable(ctx.file("bls-cpi/cu.data.1.AllItems"), { required: ["series_id", "year", "period", "value"] }),
      "bls-cpi/cu.data.1.AllItems",
    ),
  );
  for (const file of ctx.glob("bls-cpi/fred/CPI*NS.csv")) {
    const item = FRED_CPI_ITEM[baseName(file)];
    if (item)
      observations.push(...(await fredObservations(file, `CUUR0000${item}`, `bls-cpi/fred/${baseName(file)}.csv`)));
  }
  rows += insertRows(
    ctx.db,
    "cpi_observation",
    ["series_id", "period", "value", "footnote", "source_file"],
    observations,
    true,
  );
  const periods = observations.map((o) => o[1] as string).sort();
  return { rows, periodStart: periods[0].slice(0, 7), periodEnd: periods.at(-1)!.slice(0, 7), layouts };
}

export async function loadBlsAveragePrices(ctx: LoadContext): Promise<LoadResult> {
  const series = await readTable(ctx.file("bls-ap/ap.series"), { required: ["series_id", "area_code", "item_code"] });
  let rows = insertRows(
    ctx.db,
    "ap_series",
    ["series_id", "area_code", "item_code", "title"],
    series.rows.map((r) => [str(r.SERIES_ID), str(r.AREA_CODE), str(r.ITEM_CODE), str(r.SERIES_TITLE)]),
  );
  for (const [file, table, codeCol, nameCol] of [
    ["bls-ap/ap.item", "ap_item", "item_code", "item_name"],
    ["bls-ap/ap.area", "ap_area", "area_code", "area_name"],
  ] as const) {
    const t = await readTable(ctx.file(file), { required: [codeCol, nameCol] });
    rows += insertRows(
      ctx.db,
      table,
      ["code", "name"],
      t.rows.map((r) => [str(r[codeCol.toUpperCase()]), str(r[nameCol.toUpperCase()])]),
    );
  }
  const observations = blsObservations(
    await readTable(ctx.file("bls-ap/ap.data.2.Gasoline"), { required: ["series_id", "year", "period", "value"] }),
    "bls-ap/ap.data.2.Gasoline",
  );
  for (const file of ctx.glob("bls-ap/fred/APU*.csv"))
    observations.push(...(await fredObservations(file, baseName(file), `bls-ap/fred/${baseName(file)}.csv`)));
  rows += insertRows(
    ctx.db,
    "ap_price",
    ["series_id", "period", "value", "footnote", "source_file"],
    observations,
    true,
  );
  const periods = observations.map((o) => o[1] as string).sort();
  return { rows, periodStart: periods[0].slice(0, 7), periodEnd: periods.at(-1)!.slice(0, 7) };
}
