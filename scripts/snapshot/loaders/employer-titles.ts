// Employer-written job titles with the SOC 2018 code their filers chose (titles/employer_titles_dev.csv). Only the
// `dev` split is loaded: it teaches the matcher how filers write titles; `test` stays out of every index and judges it.
import { readTable, str, num } from "../tabular.ts";
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";

export async function loadEmployerTitles(ctx: LoadContext): Promise<LoadResult> {
  const t = await readTable(ctx.file("titles/employer_titles_dev.csv"), { required: ["title", "soc", "split"] });
  const rows = t.rows
    .filter((r) => str(r.SPLIT) === "dev" && /^\d{2}-\d{4}$/.test(str(r.SOC) ?? "") && str(r.TITLE))
    .map((r) => [str(r.SOC), str(r.TITLE), "employer_filing", num(r.RECORDS) ?? 1]);
  return { rows: insertRows(ctx.db, "coded_title", ["soc_code", "title", "source", "records"], rows) };
}
