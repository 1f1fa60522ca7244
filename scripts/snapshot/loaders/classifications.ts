// SOC 2018, ISCO-08 and the crosswalks between them.
import { readTable, str, num, type Cell, type Row } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

const SOC_LEVELS = ["Major Group", "Minor Group", "Broad Group", "Detailed Occupation"] as const;

export async function loadSoc2018(ctx: LoadContext): Promise<LoadResult> {
  const structure = await readTable(ctx.file("soc/soc_structure_2018.csv"), { required: [...SOC_LEVELS, "Title"] });
  const definitions = await readTable(ctx.file("soc/soc_2018_definitions.csv"), {
    required: ["SOC Code", "SOC Definition"],
  });
  const definitionOf = new Map(definitions.rows.map((r) => [str(r["SOC CODE"]), str(r["SOC DEFINITION"])]));
  const rows = structure.rows.flatMap((r) => {
    const level = SOC_LEVELS.find((l) => str(r[l.toUpperCase()]));
    if (!level) return [];
    const code = str(r[level.toUpperCase()]);
    return [[code, level.split(" ")[0].toLowerCase(), str(r.TITLE), definitionOf.get(code) ?? null]];
  });
  return { rows: insertRows(ctx.db, "soc_2018", ["code", "level", "title", "definition"], rows) };
}

export async function loadIsco08(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file("isco/ISCO-08 EN Structure and definitions.xlsx"), {
    required: ["Level", "ISCO 08 Code", "Title EN", "Included occupations", "Excluded occupations"],
  });
  // A code's length is its level; pad in case a cell lost its leading zero (armed forces, 0…).
  const codeOf = (r: Row) => String(r["ISCO 08 CODE"]).trim().padStart(num(r.LEVEL)!, "0");
  const coded = t.rows.filter((r) => str(r["ISCO 08 CODE"]));
  const rows = coded.map((r) => [codeOf(r), num(r.LEVEL), str(r["TITLE EN"]), str(r.DEFINITION)]);
  const examples = coded.filter((r) => num(r.LEVEL) === 4).flatMap((r) => iscoExamples(codeOf(r), r));
  return {
    rows:
      insertRows(ctx.db, "isco_08", ["code", "level", "title", "definition"], rows) +
      insertRows(ctx.db, "isco_example", ["title", "isco_code", "listed"], examples, true),
  };
}

type IscoExample = [title: string, iscoCode: string, listed: "included" | "excluded"];

/**
 * A unit group's example occupations as the ILO lists them: under "Examples of the occupations classified here:",
 * one per line ("- Radiographer"); under "Some related occupations classified elsewhere:", each with its unit
 * group, written "- Radiologist - 2212", "- Auditor – 2411", "Mine deputy - 3121" or "- Chiropractor 2269".
 */
function iscoExamples(unit: string, r: Row): IscoExample[] {
  const entries = (cell: Cell) =>
    String(cell ?? "")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.endsWith(":")) // the cell's heading
      .map((l) => l.replace(/^[-–]\s*/, "").replace(/\s+/g, " "));
  const included = entries(r["INCLUDED OCCUPATIONS"]).map((title): IscoExample => [title, unit, "included"]);
  const excluded = entries(r["EXCLUDED OCCUPATIONS"]).flatMap((l): IscoExample[] => {
    const m = /^(.+?)\s*(?:[-–]\s*)?(\d{4})$/.exec(l);
    return m ? [[m[1], m[2], "excluded"]] : [];
  });
  return [...included, ...excluded];
}

const ONET_CROSSWALK = "isco/2010_to_2019_Crosswalk.csv";

export async function loadIscoSocCrosswalk(ctx: LoadContext): Promise<LoadResult> {
  const xwalk = await readTable(ctx.file("isco/isco_soc_crosswalk.xls"), {
    sheet: "2010 SOC to ISCO-08",
    required: ["2010 SOC Code", "ISCO-08 Code"],
  });
  let rows = insertRows(
    ctx.db,
    "isco_soc2010",
    ["isco_code", "soc2010_code", "part"],
    xwalk.rows
      .filter((r) => str(r["ISCO-08 CODE"]) && str(r["2010 SOC CODE"]))
      .map((r) => [String(r["ISCO-08 CODE"]).trim().padStart(4, "0"), str(r["2010 SOC CODE"]), str(r.PART)]),
    true,
  );
  // O*NET's own crosswalk file ("O*NET-SOC 2010 Code", "O*NET-SOC 2019 Code"), or a mirror's copy with renamed headers.
  const official = ctx.present(ONET_CROSSWALK);
  const [from, to] = official ? ["O*NET-SOC 2010 Code", "O*NET-SOC 2019 Code"] : ["soc2010_code", "soc2019_code"];
  const bridge = await readTable(official ?? ctx.file("isco/onet_soc_2010_to_2019_crosswalk.csv"), {
    required: [from, to],
  });
  rows += insertRows(
    ctx.db,
    "onet_soc_2010_2019",
    ["soc2010_code", "soc2019_code"],
    bridge.rows.map((r) => [str(r[from.toUpperCase()]), str(r[to.toUpperCase()])]),
    true,
  );
  return {
    rows,
    layouts: [official ? "2010_to_2019_Crosswalk.csv (O*NET)" : "onet_soc_2010_to_2019_crosswalk.csv (derived copy)"],
  };
}
