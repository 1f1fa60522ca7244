// O*NET: 30.0 text release (occupations, titles, job zones, content model, scales) and the 29.3
// Excel release (skills, knowledge and work styles ratings, technology skills, reported titles, related occupations).
import { readTable, str, num } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

const TEXT = "onet/db_30_0_text/";
const EXCEL = "onet/db_29_3_excel/";

export async function loadOnet30(ctx: LoadContext): Promise<LoadResult> {
  const occupations = await readTable(ctx.file(TEXT + "Occupation Data.txt"), {
    required: ["O*NET-SOC Code", "Title", "Description"],
  });
  const zones = await readTable(ctx.file(TEXT + "Job Zones.txt"), { required: ["O*NET-SOC Code", "Job Zone"] });
  const zoneOf = new Map(zones.rows.map((r) => [str(r["O*NET-SOC CODE"]), num(r["JOB ZONE"])]));
  let rows = insertRows(
    ctx.db,
    "onet_occupation",
    ["soc_code", "title", "description", "job_zone"],
    occupations.rows.map((r) => [
      str(r["O*NET-SOC CODE"]),
      str(r.TITLE),
      str(r.DESCRIPTION),
      zoneOf.get(str(r["O*NET-SOC CODE"])) ?? null,
    ]),
  );

  const titles: unknown[][] = occupations.rows.map((r) => [
    str(r["O*NET-SOC CODE"]),
    str(r.TITLE),
    "title",
    "Occupation Data",
  ]);
  const alternates = await readTable(ctx.file(TEXT + "Alternate Titles.txt"), {
    required: ["O*NET-SOC Code", "Alternate Title", "Short Title"],
  });
  for (const r of alternates.rows) {
    const code = str(r["O*NET-SOC CODE"]);
    titles.push([code, str(r["ALTERNATE TITLE"]), "alternate", str(r["SOURCE(S)"])]);
    const short = str(r["SHORT TITLE"]);
    if (short && short.toLowerCase() !== "n/a") titles.push([code, short, "short", str(r["SOURCE(S)"])]);
  }
  rows += insertRows(ctx.db, "onet_title", ["soc_code", "title", "kind", "source"], titles);

  const zoneRef = await readTable(ctx.file(TEXT + "Job Zone Reference.txt"), { required: ["Job Zone", "Name"] });
  rows += insertRows(
    ctx.db,
    "onet_job_zone",
    ["job_zone", "name", "experience", "education", "training", "examples", "svp_range"],
    zoneRef.rows.map((r) => [
      num(r["JOB ZONE"]),
      str(r.NAME),
      str(r.EXPERIENCE),
      str(r.EDUCATION),
      str(r["JOB TRAINING"]),
      str(r.EXAMPLES),
      str(r["SVP RANGE"]),
    ]),
  );
  const elements = await readTable(ctx.file(TEXT + "Content Model Reference.txt"), {
    required: ["Element ID", "Element Name"],
  });
  rows += insertRows(
    ctx.db,
    "onet_element",
    ["element_id", "name", "description"],
    elements.rows.map((r) => [str(r["ELEMENT ID"]), str(r["ELEMENT NAME"]), str(r.DESCRIPTION)]),
  );
  const scales = await readTable(ctx.file(TEXT + "Scales Reference.txt"), {
    required: ["Scale ID", "Minimum", "Maximum"],
  });
  rows += insertRows(
    ctx.db,
    "onet_scale",
    ["scale_id", "name", "minimum", "maximum"],
    scales.rows.map((r) => [str(r["SCALE ID"]), str(r["SCALE NAME"]), num(r.MINIMUM), num(r.MAXIMUM)]),
  );
  return { rows };
}

export async function loadOnet29(ctx: LoadContext): Promise<LoadResult> {
  let rows = 0;
  // Work Styles are rated on importance only, and carry no "Not Relevant" column (str() of a missing cell is null).
  // Abilities ratings are optional: the mirror has none today; O*NET's Excel or text release has them.
  const abilities = ctx.present(EXCEL + "Abilities.xlsx") ?? ctx.present(TEXT + "Abilities.txt");
  for (const [path, category] of [
    [ctx.file(EXCEL + "Skills.xlsx"), "skill"],
    [ctx.file(EXCEL + "Knowledge.xlsx"), "knowledge"],
    [ctx.file(EXCEL + "Work Styles.xlsx"), "work_style"],
    ...(abilities ? [[abilities, "ability"] as const] : []),
  ] as const) {
    const t = await readTable(path, {
      required: ["O*NET-SOC Code", "Element ID", "Scale ID", "Data Value"],
    });
    rows += insertRows(
      ctx.db,
      "onet_rating",
      [
        "soc_code",
        "element_id",
        "category",
        "scale_id",
        "value",
        "n",
        "standard_error",
        "lower_ci",
        "upper_ci",
        "recommend_suppress",
        "not_relevant",
        "date",
        "domain_source",
      ],
      t.rows.map((r) => [
        str(r["O*NET-SOC CODE"]),
        str(r["ELEMENT ID"]),
        category,
        str(r["SCALE ID"]),
        num(r["DATA VALUE"]),
        num(r.N),
        num(r["STANDARD ERROR"]),
        num(r["LOWER CI BOUND"]),
        num(r["UPPER CI BOUND"]),
        str(r["RECOMMEND SUPPRESS"]),
        str(r["NOT RELEVANT"]),
        str(r.DATE),
        str(r["DOMAIN SOURCE"]),
      ]),
    );
  }
  const tech = await readTable(ctx.file(EXCEL + "Technology Skills.xlsx"), {
    required: ["O*NET-SOC Code", "Example", "Commodity Code", "Commodity Title", "Hot Technology", "In Demand"],
  });
  rows += insertRows(
    ctx.db,
    "onet_technology",
    ["soc_code", "example", "commodity_code", "commodity_title", "hot_technology", "in_demand"],
    tech.rows.map((r) => [
      str(r["O*NET-SOC CODE"]),
      str(r.EXAMPLE),
      num(r["COMMODITY CODE"]),
      str(r["COMMODITY TITLE"]),
      yesNo(r["HOT TECHNOLOGY"], "Hot Technology"),
      yesNo(r["IN DEMAND"], "In Demand"),
    ]),
  );
  const reported = await readTable(ctx.file(EXCEL + "Sample of Reported Titles.xlsx"), {
    required: ["O*NET-SOC Code", "Reported Job Title"],
  });
  rows += insertRows(
    ctx.db,
    "onet_title",
    ["soc_code", "title", "kind", "source"],
    reported.rows.map((r) => [
      str(r["O*NET-SOC CODE"]),
      str(r["REPORTED JOB TITLE"]),
      "reported",
      "Sample of Reported Titles",
    ]),
  );
  const related = await readTable(ctx.file(EXCEL + "Related Occupations.xlsx"), {
    required: ["O*NET-SOC Code", "Related O*NET-SOC Code"],
  });
  rows += insertRows(
    ctx.db,
    "onet_related",
    ["soc_code", "related_soc_code", "tier", "rank"],
    related.rows.map((r) => [
      str(r["O*NET-SOC CODE"]),
      str(r["RELATED O*NET-SOC CODE"]),
      str(r["RELATEDNESS TIER"]),
      num(r.INDEX),
    ]),
  );
  return { rows };
}

/** O*NET's Y/N flag as 1/0; any other value stops the build rather than read as "no". */
function yesNo(cell: unknown, column: string): 0 | 1 {
  const v = String(cell ?? "").trim();
  if (v === "Y" || v === "N") return v === "Y" ? 1 : 0;
  throw new Error(`Technology Skills.xlsx: ${column} is "${v}", not Y or N`);
}
