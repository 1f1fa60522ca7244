// Pay-gap report: an employee file read in the browser (nothing is uploaded but the records E7 needs, and nothing
// is stored), its columns mapped, then E7's report: gaps, categories, quartile bands, unmatched titles to place.
// Print styles turn the report into a clean PDF with its methodology and disclaimer.
import { useMemo, useState } from "preact/hooks";
import { call, latestOnly } from "../api.ts";
import { ChartFigure, ErrorBox, formatNumber } from "../components.tsx";
import {
  FIELDS,
  guessMapping,
  MIXED_PERIOD_RATIO,
  readEmployeeFile,
  toRecords,
  type EmployeeTable,
  type Field,
  type Mapping,
  type Period,
} from "./employee-file.ts";
import { FilePeriodSelect } from "./file-period.tsx";
// The countries the Pay Transparency Directive reaches (E7 answers for those with SES data): the API's own list.
import { EU_EEA } from "../../domain/european-countries.ts";
import type { PayGapReport } from "../api-types.ts";

const countryName = new Intl.DisplayNames(["en"], { type: "region" });

// ISCO-08 major groups (ILO), to place a title the matcher could not.
const ISCO_MAJOR = [
  ["1", "Managers"],
  ["2", "Professionals"],
  ["3", "Technicians and associate professionals"],
  ["4", "Clerical support workers"],
  ["5", "Service and sales workers"],
  ["6", "Skilled agricultural, forestry and fishery workers"],
  ["7", "Craft and related trades workers"],
  ["8", "Plant and machine operators, and assemblers"],
  ["9", "Elementary occupations"],
  ["0", "Armed forces occupations"],
];

type Report = PayGapReport;
type Category = Report["categories"][number];
type Override = { isco_code?: string; category?: string };
/** A category's means are per hour, or per year full-time equivalent (E7's pay_basis). */
const per = (c: Category) => (c.pay_basis === "hourly" ? "/ hour" : "/ year");

const pct = (v: number | null) => (v === null ? "—" : `${formatNumber(v)}%`);

export function PayGapPage() {
  const [fileName, setFileName] = useState("");
  const [table, setTable] = useState<EmployeeTable | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [filePeriod, setFilePeriod] = useState<Period | undefined>(undefined); // the user's period for every row, when no column gives it
  const [country, setCountry] = useState("DE");
  const [overrides, setOverrides] = useState<Record<string, Override>>({});
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const prepared = useMemo(
    () => (table ? toRecords(table, mapping, overrides, filePeriod) : null),
    [table, mapping, overrides, filePeriod],
  );
  const requests = useMemo(latestOnly, []);

  async function open(file: File | undefined) {
    if (!file) return;
    setError(null);
    setReport(null);
    setOverrides({});
    setFilePeriod(undefined);
    try {
      const t = await readEmployeeFile(file);
      setFileName(file.name);
      setTable(t);
      setMapping(guessMapping(t.columns));
    } catch (e) {
      setError(e);
    }
  }

  async function run(nextOverrides = overrides) {
    if (!table) return;
    const { records, mixedPeriods } = toRecords(table, mapping, nextOverrides, filePeriod);
    if (mixedPeriods) return; // never averaged: the page says why and waits for a period
    const token = requests.begin();
    setBusy(true);
    setError(null);
    let next: Report | null = null;
    let failed: unknown = null;
    try {
      next = await call<Report>("salary", "/api/v1/compliance/pay-gap-report", {
        body: { country, employees: records },
      });
    } catch (e) {
      failed = e;
    }
    if (!requests.current(token)) return; // a newer run (another title placed) answers instead
    setReport(next);
    setError(failed);
    setBusy(false);
  }

  const missing = FIELDS.filter((f) => f.required && !mapping[f.field]);
  return (
    <>
      <h1>Pay-gap report</h1>
      <div class="controls no-print">
        <p>
          Your file is read in this browser. Only the mapped columns of each record are sent to this service, which
          computes the report and stores nothing.
        </p>
        <label
          class="drop"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            open(e.dataTransfer?.files[0]);
          }}
        >
          <span>Drop a CSV or Excel file here, or choose one:</span>
          <input type="file" accept=".csv,.txt,.xlsx,.xls,.ods" onChange={(e) => open(e.currentTarget.files?.[0])} />
        </label>
        {table ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              run();
            }}
          >
            <p>
              {fileName}: {table.rows.length} rows, columns {table.columns.join(", ")}.
            </p>
            <fieldset>
              <legend>Columns</legend>
              {FIELDS.map((f) => (
                <label class="mapping">
                  {f.label}
                  {f.required ? " (required)" : ""}
                  <select
                    name={f.field}
                    value={mapping[f.field] ?? ""}
                    onChange={(e) => setMapping({ ...mapping, [f.field as Field]: e.currentTarget.value || undefined })}
                  >
                    <option value="">(none)</option>
                    {table.columns.map((c) => (
                      <option value={c}>{c}</option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
            {mapping.salary_period ? null : (
              <FilePeriodSelect value={filePeriod} mixed={Boolean(prepared?.mixedPeriods)} onChange={setFilePeriod} />
            )}
            {prepared?.mixedPeriods ? (
              <div class="warning" id="mixed-periods" role="alert">
                <p>
                  The amounts in "{mapping.salary}" run from {formatNumber(prepared.mixedPeriods.min)} to{" "}
                  {formatNumber(prepared.mixedPeriods.max)}, more than {MIXED_PERIOD_RATIO} times apart: they cannot all
                  be pay for the same period, and averaging them would give a false gap. Map the column that says each
                  amount's period under "Pay period", or choose the period of every amount. No report is created until
                  then.
                </p>
              </div>
            ) : null}
            <label>
              Country{" "}
              <select name="country" value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
                {EU_EEA.map((c) => (
                  <option value={c}>{countryName.of(c)}</option>
                ))}
              </select>
            </label>
            {prepared?.problems.length ? (
              <div class="warning" role="status">
                <p>{prepared.problems.length} rows cannot be read and will not be sent:</p>
                <ul>
                  {prepared.problems.slice(0, 10).map((p) => (
                    <li>
                      Row {p.row}: {p.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <button type="submit" disabled={busy || missing.length > 0 || Boolean(prepared?.mixedPeriods)}>
              {busy ? "Computing…" : `Create report from ${prepared?.records.length ?? 0} records`}
            </button>
            {missing.length ? <p class="hint">Map {missing.map((f) => f.label).join(", ")} first.</p> : null}
          </form>
        ) : null}
      </div>
      <ErrorBox error={error} />
      {report ? (
        <ReportView
          report={report}
          overrides={overrides}
          onPlace={(title, o) => {
            const next = { ...overrides, [title]: o };
            setOverrides(next);
            run(next);
          }}
        />
      ) : null}
    </>
  );
}

function ReportView({
  report,
  overrides,
  onPlace,
}: {
  report: Report;
  overrides: Record<string, Override>;
  onPlace: (title: string, o: Override) => void;
}) {
  const bands = report.article_9_indicators.quartile_bands;
  return (
    <article class="report">
      <h2>
        Gender pay gap: {report.country_name}, {report.total_employees} employees
      </h2>
      <dl class="headline">
        <div>
          <dt>Mean gap ({report.pay_basis} pay)</dt>
          <dd id="overall-mean-gap">{pct(report.overall_mean_gap_pct)}</dd>
        </div>
        <div>
          <dt>Median gap</dt>
          <dd id="overall-median-gap">{pct(report.overall_median_gap_pct)}</dd>
        </div>
        <div>
          <dt>National average (Eurostat)</dt>
          <dd>{pct(report.national_average_gap_pct)}</dd>
        </div>
        <div>
          <dt>Joint pay assessment</dt>
          <dd>{report.requires_any_joint_assessment ? "Required for at least one category" : "Not triggered"}</dd>
        </div>
      </dl>
      <table class="categories">
        <caption>Categories of workers</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Women</th>
            <th scope="col">Men</th>
            <th scope="col">Mean, women</th>
            <th scope="col">Mean, men</th>
            <th scope="col">Mean gap</th>
            <th scope="col">Median gap</th>
            <th scope="col">National benchmark</th>
            <th scope="col">Flags</th>
          </tr>
        </thead>
        <tbody>
          {report.categories.map((c) => (
            <tr class={c.requires_joint_assessment ? "flagged" : ""}>
              <th scope="row">
                {c.category_name} <small>({c.isco_code})</small>
              </th>
              <td>{c.female_count}</td>
              <td>{c.male_count}</td>
              <td>
                {formatNumber(c.mean_female)} <small>{per(c)}</small>
              </td>
              <td>
                {formatNumber(c.mean_male)} <small>{per(c)}</small>
              </td>
              <td>{pct(c.gap_pct)}</td>
              <td>{pct(c.median_gap_pct)}</td>
              <td>{pct(c.national_benchmark_gap_pct)}</td>
              <td>
                {c.requires_joint_assessment ? <span class="flag">Joint assessment (gap ≥ 5%)</span> : null}{" "}
                {c.k_anonymity_warning ? (
                  <span class="flag warn">Fewer than 5 of one gender: do not publish</span>
                ) : null}{" "}
                {c.excluded_from_gap ? (
                  <span class="flag warn">{c.excluded_from_gap} part-time without hours left out of the gap</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ChartFigure
        id="quartile-chart"
        title={`Women and men in each quartile pay band (${report.article_9_indicators.quartile_basis} pay)`}
        kind="stacked"
        labels={bands.map((b) => `Band ${b.band}${b.band === 1 ? " (lowest)" : b.band === 4 ? " (highest)" : ""}`)}
        series={[
          { label: "Women", values: bands.map((b) => b.women_pct) },
          { label: "Men", values: bands.map((b) => b.men_pct) },
        ]}
        unit="% of the band"
        source="Computed by workforce-api E7 from the submitted records (Directive (EU) 2023/970, Article 9(1)(g))."
      />
      {report.unmatched_titles.length ? (
        <section class="unmatched no-print">
          <h3>Titles not matched to an occupation</h3>
          <p>
            These records are in "Unclassified". Place each title in an ISCO-08 major group or in your own category of
            equal work, and the report is recomputed.
          </p>
          <ul>
            {report.unmatched_titles.map((u) => (
              <UnmatchedTitle title={u} current={overrides[u.job_title]} onPlace={onPlace} />
            ))}
          </ul>
        </section>
      ) : null}
      <h3>Recommendations</h3>
      <ol>
        {report.recommendations.map((r) => (
          <li>{r}</li>
        ))}
      </ol>
      <h3>Methodology</h3>
      <p class="methodology">{report.methodology_note}</p>
      <p class="disclaimer">
        <strong>Disclaimer:</strong> {report.disclaimer}
      </p>
      <button type="button" class="no-print" onClick={() => print()}>
        Print or save as PDF
      </button>
    </article>
  );
}

function UnmatchedTitle({
  title,
  current,
  onPlace,
}: {
  title: Report["unmatched_titles"][number];
  current?: Override;
  onPlace: (title: string, o: Override) => void;
}) {
  const [own, setOwn] = useState(current?.category ?? "");
  return (
    <li class="unmatched-title">
      <strong>{title.job_title}</strong> ({title.employees} {title.employees === 1 ? "employee" : "employees"}){" "}
      <label>
        Major group{" "}
        <select
          value={current?.isco_code ?? ""}
          onChange={(e) => onPlace(title.job_title, { isco_code: e.currentTarget.value || undefined })}
        >
          <option value="">(choose)</option>
          {title.alternatives.map((a) => (
            <option value={a.code}>
              {a.title} ({a.code}, closest match)
            </option>
          ))}
          {ISCO_MAJOR.map(([code, name]) => (
            <option value={code}>
              {code}: {name}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        or own category <input value={own} onInput={(e) => setOwn(e.currentTarget.value)} />
      </label>
      <button type="button" disabled={!own.trim()} onClick={() => onPlace(title.job_title, { category: own.trim() })}>
        Use category
      </button>
    </li>
  );
}
