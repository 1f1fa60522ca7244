// The pay-equity endpoint's answer as a report: the unexplained gap (Kennedy) with its interval and verdict against
// the Swiss office's target and limit values, what explains the raw gap (a bar per factor), the categories, the
// coefficients and the remediation. Every figure is the API's; the page only formats them.
import { ChartFigure, formatNumber } from "../components.tsx";
import type { PayEquityAnalysis } from "../api-types.ts";

export type Analysis = PayEquityAnalysis;
type Verdict = Analysis["verdict"];
/** The fit's figures for the sex coefficient: the whole model's (Analysis) or a category's. */
type Estimate = Pick<Analysis, "confidence_interval_pct" | "unexplained_gap_pct" | "p_value" | "significant">;

export const MODEL_NAMES = {
  swiss_standard: "Swiss standard analysis model (Logib module 1)",
  custom: "own factors",
} as const;
const VERDICTS: Record<Verdict, string> = {
  no_significant_gap: "No significant unexplained gap",
  within_target: "Within the target value",
  within_limit: "Within the limit value",
  limit_exceeded: "Limit value exceeded",
};

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${formatNumber(v)}%`);
/** Regression figures at 4 significant digits, the precision the office publishes them at (b −0.0265, t −7.925). */
const sig = (v: number | null) => (v === null ? "—" : v.toLocaleString("en-US", { maximumSignificantDigits: 4 }));
const pValue = (p: number | null) =>
  p === null ? "—" : p < 0.0001 ? "< 0.0001" : p.toLocaleString("en-US", { maximumSignificantDigits: 3 });
const interval = (e: Estimate) => `${pct(e.confidence_interval_pct.lower)} to ${pct(e.confidence_interval_pct.upper)}`;

/** fileRows: the file's row of each record sent; the endpoint's rows count the records, which skip unreadable rows. */
export function AnalysisReport({ a, fileRows }: { a: Analysis; fileRows: number[] }) {
  const d = a.decomposition;
  const row = (sent: number) => fileRows[sent - 1] ?? sent;
  return (
    <article class="report">
      <h2>Equal pay analysis, {MODEL_NAMES[a.model]}</h2>
      <p id="employees-analysed">
        <strong>{a.employees_analysed}</strong> of {fileRows.length} employees analysed ({a.women} women, {a.men} men).
        Pay compared: {a.pay_basis}, full time being {formatNumber(a.full_time_weekly_hours)} hours a week.
      </p>
      <dl class="headline">
        <div>
          <dt>Unexplained gap (Kennedy)</dt>
          <dd id="unexplained-gap">{pct(a.unexplained_gap_pct)}</dd>
        </div>
        <div>
          <dt>95% confidence interval</dt>
          <dd id="confidence-interval">{interval(a)}</dd>
        </div>
        <div>
          <dt>Target value</dt>
          <dd id="target-value">{pct(a.target_value_pct)}</dd>
        </div>
        <div>
          <dt>Limit value</dt>
          <dd id="limit-value">{pct(a.limit_value_pct)}</dd>
        </div>
        <div>
          <dt>Raw gap (mean, median)</dt>
          <dd id="raw-gap">
            {pct(a.mean_gap_pct)}, {pct(a.median_gap_pct)}
          </dd>
        </div>
      </dl>
      <p
        id="verdict"
        data-verdict={a.verdict}
        class={a.verdict === "within_limit" || a.verdict === "limit_exceeded" ? "verdict warning" : "verdict"}
      >
        <strong>{VERDICTS[a.verdict]}.</strong> {a.verdict_text}
      </p>
      <p id="significance">
        Sex coefficient b = {sig(a.sex_coefficient)} (standard error {sig(a.standard_error)}), t = {sig(a.t_statistic)}{" "}
        with {a.degrees_of_freedom} degrees of freedom, p {a.p_value < 0.0001 ? "" : "= "}
        {pValue(a.p_value)}: {a.significant ? "significant" : "not significant"} at the 5% level. R² ={" "}
        {a.r_squared.toLocaleString("en-US", { maximumFractionDigits: 3 })}. A negative gap means women are paid less
        than men with the factors held equal.
      </p>
      {a.excluded.length ? (
        <div class="excluded">
          <p>
            {a.excluded.length} {a.excluded.length === 1 ? "record was" : "records were"} left out of the analysis:
          </p>
          <ul>
            {a.excluded.slice(0, 20).map((x) => (
              <li>
                Row {row(x.row)}
                {x.id !== undefined ? ` (${x.id})` : ""}: {x.reason}
              </li>
            ))}
          </ul>
          {a.excluded.length > 20 ? <p>… and {a.excluded.length - 20} more.</p> : null}
        </div>
      ) : null}

      <h3>What explains the raw gap</h3>
      <p id="decomposition">
        Of the raw gap in mean log pay ({sig(d.raw_log_gap * 100)} log points), the factors explain{" "}
        {sig(d.explained * 100)}
        {d.explained_share_pct === null ? "" : ` (${pct(d.explained_share_pct)})`} and {sig(d.unexplained * 100)} remain
        unexplained.
      </p>
      {/* ×100 only restates the API's log points on the scale people read as percent; nothing is computed. */}
      <ChartFigure
        id="factor-chart"
        kind="hbar"
        title="Contributions to the raw gap (Oaxaca–Blinder)"
        unit="log points (100 × log pay; about % of pay)"
        labels={[...d.factors.map((f) => f.factor), "unexplained"]}
        series={[{ label: "Contribution", values: [...d.factors.map((f) => f.log_points * 100), d.unexplained * 100] }]}
        note="A positive bar is part of the gap women's lower pay shows; a negative one narrows it. The bars add up to the raw gap."
        source="Computed by workforce-api from the submitted records (pooled coefficients, sex indicator included)."
      />

      <CategoryTable categories={a.categories} />
      <CoefficientTable a={a} />
      <Remediation a={a} row={row} />

      <h3>Methodology</h3>
      <p class="methodology">{a.methodology_note}</p>
      <p class="disclaimer">
        <strong>Disclaimer:</strong> {a.disclaimer}
      </p>
      <button type="button" class="no-print" onClick={() => print()}>
        Print or save as PDF
      </button>
    </article>
  );
}

function CategoryTable({ categories }: { categories: Analysis["categories"] }) {
  if (!categories.length)
    return <p id="no-categories">No category column was mapped: the analysis covers the whole workforce only.</p>;
  return (
    <table class="categories">
      <caption>Categories of workers doing equal work or work of equal value</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Employees</th>
          <th scope="col">Women</th>
          <th scope="col">Men</th>
          <th scope="col">Mean gap</th>
          <th scope="col">Median gap</th>
          <th scope="col">Unexplained gap</th>
          <th scope="col">95% interval</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {categories.map((c) => (
          <tr class={c.requires_joint_assessment ? "flagged" : ""}>
            <th scope="row">{c.category}</th>
            <td>{c.employees}</td>
            <td>{c.women}</td>
            <td>{c.men}</td>
            <td>{pct(c.mean_gap_pct)}</td>
            <td>{pct(c.median_gap_pct)}</td>
            <td>{pct(c.estimate?.unexplained_gap_pct)}</td>
            <td>{c.estimate ? interval(c.estimate) : "—"}</td>
            <td>
              {c.k_anonymity_warning ? (
                <span class="flag warn">Fewer than 5 women or 5 men: figures withheld (k-anonymity)</span>
              ) : null}{" "}
              {c.requires_joint_assessment ? <span class="flag">Joint assessment (gap ≥ 5%)</span> : null}{" "}
              {c.reason && !c.k_anonymity_warning ? <small>{c.reason}.</small> : null}{" "}
              {c.factors_dropped.length ? <small>Left out here: {c.factors_dropped.join(", ")}.</small> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CoefficientTable({ a }: { a: Analysis }) {
  const references = Object.entries(a.reference_levels);
  return (
    <>
      <table class="coefficients">
        <caption>Coefficients of the model (log pay)</caption>
        <thead>
          <tr>
            <th scope="col">Term</th>
            <th scope="col">Estimate</th>
            <th scope="col">Standard error</th>
            <th scope="col">t</th>
            <th scope="col">p</th>
          </tr>
        </thead>
        <tbody>
          {a.coefficients.map((c) => (
            <tr>
              <th scope="row">{c.name}</th>
              {c.aliased ? (
                <td colSpan={4}>dropped: a combination of the terms above</td>
              ) : (
                <>
                  <td>{sig(c.estimate)}</td>
                  <td>{sig(c.standard_error)}</td>
                  <td>{sig(c.t_statistic)}</td>
                  <td>{pValue(c.p_value)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {references.length ? (
        <p class="note">
          Categories are measured against: {references.map(([f, level]) => `${f} = ${level}`).join("; ")}.
        </p>
      ) : null}
    </>
  );
}

function Remediation({ a, row }: { a: Analysis; row: (sent: number) => number }) {
  const r = a.remediation;
  const money = (v: number) => `${formatNumber(v)}${a.currency ? ` ${a.currency}` : ""}`;
  return (
    <section class="remediation">
      <h3>Remediation</h3>
      <p>{r.rule}</p>
      <dl class="headline">
        <div>
          <dt>Total cost a year</dt>
          <dd id="remediation-cost">{money(r.total_cost)}</dd>
        </div>
        <div>
          <dt>Employees adjusted</dt>
          <dd id="employees-adjusted">{r.employees_adjusted}</dd>
        </div>
        <div>
          <dt>Unexplained gap after</dt>
          <dd id="gap-after">{pct(r.unexplained_gap_pct_after)}</dd>
        </div>
      </dl>
      {r.adjustments.length ? (
        <table class="adjustments">
          <caption>Raises ({a.pay_basis}; annual cost at each employee's own hours)</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Key</th>
              <th scope="col">Pay</th>
              <th scope="col">Predicted pay</th>
              <th scope="col">Raise</th>
              <th scope="col">Raise %</th>
              <th scope="col">Annual cost</th>
            </tr>
          </thead>
          <tbody>
            {r.adjustments.map((x) => (
              <tr>
                <th scope="row">{row(x.row)}</th>
                <td>{x.id ?? "—"}</td>
                <td>{formatNumber(x.pay_before)}</td>
                <td>{formatNumber(x.pay_predicted)}</td>
                <td>{formatNumber(x.raise)}</td>
                <td>{pct(x.raise_pct)}</td>
                <td>{money(x.annual_cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
