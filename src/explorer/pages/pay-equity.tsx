// Equal pay analysis: an employee file read in the browser, its model chosen (the Swiss office's data sheet is
// recognised and mapped by its headings; any other file is mapped by the user, who also picks the factors), then the
// pay-equity endpoint's analysis as a printable report. Only the mapped columns are sent, and nothing is stored.
import { useMemo, useState } from "preact/hooks";
import { call, latestOnly } from "../api.ts";
import { ErrorBox, formatNumber } from "../components.tsx";
import { MIXED_PERIOD_RATIO, type EmployeeTable, type Period } from "./employee-file.ts";
import { FilePeriodSelect } from "./file-period.tsx";
import {
  CUSTOM_FIELDS,
  defaultFactors,
  factorNames,
  guessCustomMapping,
  numericColumn,
  isSwissSheet,
  readPayEquityFile,
  swissMapping,
  SWISS_FIELDS,
  type CustomMapping,
  type Model,
  type SwissMapping,
} from "./pay-equity-file.ts";
import { toCustomRecords, toSwissRecords, type FactorChoice } from "./pay-equity-records.ts";
import { AnalysisReport, MODEL_NAMES, type Analysis } from "./pay-equity-report.tsx";

type FactorUse = Record<string, FactorChoice["kind"] | undefined>;
/** The office's headings run to several lines; the first names the column. */
const shortName = (column: string) => column.split("\n")[0].trim();

export function PayEquityPage() {
  const [file, setFile] = useState<{ name: string; table: EmployeeTable; sheet: string | null; swiss: boolean } | null>(
    null,
  );
  const [model, setModel] = useState<Model>("custom");
  const [swissMap, setSwissMap] = useState<SwissMapping>({});
  const [customMap, setCustomMap] = useState<CustomMapping>({});
  const [factorUse, setFactorUse] = useState<FactorUse>({});
  const [filePeriod, setFilePeriod] = useState<Period | undefined>(undefined);
  const [currency, setCurrency] = useState("");
  const [result, setResult] = useState<{ analysis: Analysis; fileRows: number[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const requests = useMemo(latestOnly, []);
  const table = file?.table;

  const names = useMemo(() => factorNames(table?.columns ?? []), [table]);
  const numeric = useMemo(() => new Set((table?.columns ?? []).filter((c) => numericColumn(table!, c))), [table]);
  // Any column but the ones that identify the person or give the pay may be a factor (the category one too).
  const candidates = (table?.columns ?? []).filter(
    (c) => !(["id", "gender", "salary", "salary_period", "weekly_hours"] as const).some((f) => customMap[f] === c),
  );
  const factors: FactorChoice[] = candidates
    .filter((c) => factorUse[c])
    .map((c) => ({ column: c, name: names[c], kind: factorUse[c]! }));
  const prepared = useMemo(
    () =>
      !table
        ? null
        : model === "swiss_standard"
          ? toSwissRecords(table, swissMap)
          : toCustomRecords(table, customMap, factors, filePeriod),
    [table, model, swissMap, customMap, JSON.stringify(factors), filePeriod],
  );

  async function open(chosen: File | undefined) {
    if (!chosen) return;
    setError(null);
    setResult(null);
    setFilePeriod(undefined);
    try {
      const t = await readPayEquityFile(chosen);
      const swiss = isSwissSheet(t.columns);
      const custom = guessCustomMapping(t.columns);
      setFile({ name: chosen.name, table: t, sheet: t.sheet, swiss });
      setModel(swiss ? "swiss_standard" : "custom");
      setSwissMap(swissMapping(t.columns));
      setCustomMap(custom);
      setFactorUse(
        Object.fromEntries(defaultFactors(t, custom).map((c) => [c, numericColumn(t, c) ? "number" : "category"])),
      );
      setCurrency(swiss ? "CHF" : ""); // the office's data sheet is in Swiss francs
    } catch (e) {
      setError(e);
    }
  }

  async function run() {
    if (!prepared || prepared.mixedPeriods) return; // mixed periods are never averaged: the page says why and waits
    const token = requests.begin();
    setBusy(true);
    setError(null);
    let next: Analysis | null = null,
      failed: unknown = null;
    try {
      next = await call<Analysis>("salary", "/api/v1/compliance/pay-equity-analysis", {
        body: { model, ...(currency ? { currency } : {}), employees: prepared.records },
      });
    } catch (e) {
      failed = e;
    }
    if (!requests.current(token)) return; // a newer run answers instead
    setResult(next ? { analysis: next, fileRows: prepared.fileRows } : null);
    setError(failed);
    setBusy(false);
  }

  const fields = model === "swiss_standard" ? SWISS_FIELDS : CUSTOM_FIELDS;
  const mapping: Record<string, string | undefined> = model === "swiss_standard" ? swissMap : customMap;
  const setField = (field: string, column: string | undefined) =>
    model === "swiss_standard"
      ? setSwissMap({ ...swissMap, [field]: column })
      : setCustomMap({ ...customMap, [field]: column });
  const missing = fields.filter((f) => f.required && !mapping[f.field]);
  return (
    <>
      <h1>Equal pay analysis</h1>
      <div class="controls no-print">
        <p>
          How much of the gender pay gap objective factors explain, whether the rest is significant, and what closing it
          would cost. Your file is read in this browser; only the mapped columns of each record are sent to this
          service, which computes the analysis and stores nothing. The Swiss office's Logib data sheet (module 1) is
          recognised as it is.
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
        {file && table ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              run();
            }}
          >
            <p>
              {file.name}
              {file.sheet ? `, sheet "${file.sheet}"` : ""}: {table.rows.length} rows, {table.columns.length} columns.
            </p>
            {file.swiss ? (
              <p class="note" id="model-detected">
                Recognised as the Swiss office's data sheet: {MODEL_NAMES.swiss_standard}, columns mapped by their
                headings.
              </p>
            ) : null}
            <label>
              Model{" "}
              <select name="model" value={model} onChange={(e) => setModel(e.currentTarget.value as Model)}>
                <option value="swiss_standard">{MODEL_NAMES.swiss_standard}</option>
                <option value="custom">Own factors (custom)</option>
              </select>
            </label>
            {/* The office's sheet is mapped by its headings: the choices stay at hand, folded, so the report is in view. */}
            <details class="mapping" style={{ flexBasis: "100%" }} open={!file.swiss || missing.length > 0}>
              <summary>
                Columns: {fields.filter((f) => mapping[f.field]).length} of {fields.length} fields mapped
              </summary>
              <fieldset>
                <legend>Columns</legend>
                {fields.map((f) => (
                  <label class="mapping">
                    {f.label}
                    {f.required ? " (required)" : ""}
                    <select
                      name={f.field}
                      value={mapping[f.field] ?? ""}
                      onChange={(e) => setField(f.field, e.currentTarget.value || undefined)}
                    >
                      <option value="">(none)</option>
                      {table.columns.map((c) => (
                        <option value={c}>{shortName(c)}</option>
                      ))}
                    </select>
                  </label>
                ))}
              </fieldset>
            </details>
            {model === "custom" ? (
              <FactorPicker
                candidates={candidates}
                names={names}
                numeric={numeric}
                use={factorUse}
                onChange={setFactorUse}
              />
            ) : null}
            {model === "custom" && !customMap.salary_period ? (
              <FilePeriodSelect value={filePeriod} mixed={Boolean(prepared?.mixedPeriods)} onChange={setFilePeriod} />
            ) : null}
            <label>
              Currency (optional){" "}
              <input
                name="currency"
                value={currency}
                size={4}
                pattern="[A-Z]{3}"
                title="an ISO 4217 code, e.g. CHF or EUR"
                onInput={(e) => setCurrency(e.currentTarget.value.trim().toUpperCase())}
              />
            </label>
            {prepared?.mixedPeriods ? (
              <div class="warning" id="mixed-periods" role="alert">
                <p>
                  The amounts in "{customMap.salary}" run from {formatNumber(prepared.mixedPeriods.min)} to{" "}
                  {formatNumber(prepared.mixedPeriods.max)}, more than {MIXED_PERIOD_RATIO} times apart: they cannot all
                  be pay for the same period. Map the column that gives each amount's period, or choose the period of
                  every amount. Nothing is sent until then.
                </p>
              </div>
            ) : null}
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
              {busy ? "Analysing…" : `Analyse ${prepared?.records.length ?? 0} records`}
            </button>
            {missing.length ? <p class="hint">Map {missing.map((f) => f.label).join(", ")} first.</p> : null}
          </form>
        ) : null}
      </div>
      <ErrorBox error={error} />
      {result ? <AnalysisReport a={result.analysis} fileRows={result.fileRows} /> : null}
    </>
  );
}

/** The custom model's factors: a tick per column, and for columns of numbers whether they are amounts or levels (grade 1, 2, 3). */
function FactorPicker({
  candidates,
  names,
  numeric,
  use,
  onChange,
}: {
  candidates: string[];
  names: Record<string, string>;
  numeric: Set<string>;
  use: FactorUse;
  onChange: (use: FactorUse) => void;
}) {
  return (
    <fieldset class="factors">
      <legend>Objective factors (what may justify a difference in pay)</legend>
      {candidates.length ? null : <p class="hint">No columns left to use as factors.</p>}
      {candidates.map((c) => (
        <span class="factor">
          <label class="toggle">
            <input
              type="checkbox"
              name="factor"
              value={c}
              checked={Boolean(use[c])}
              onChange={(e) =>
                onChange({
                  ...use,
                  [c]: e.currentTarget.checked ? (numeric.has(c) ? "number" : "category") : undefined,
                })
              }
            />
            {shortName(c)} <small>({names[c]})</small>
          </label>
          {use[c] && numeric.has(c) ? (
            <label>
              Read {shortName(c)} as{" "}
              <select
                name={`kind:${c}`}
                value={use[c]}
                onChange={(e) => onChange({ ...use, [c]: e.currentTarget.value as FactorChoice["kind"] })}
              >
                <option value="number">numbers</option>
                <option value="category">categories</option>
              </select>
            </label>
          ) : null}
        </span>
      ))}
    </fieldset>
  );
}
