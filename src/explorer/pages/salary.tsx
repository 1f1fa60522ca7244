// Salary: a title (suggested in the language typed by X9, else from E15) in up to ten places (suggested by X6), each place's published percentiles
// from E2 on one chart, the trend from E1 with its CAGR, and the matched occupation with its alternatives.
import { useMemo, useState } from "preact/hooks";
import { call, latestOnly, type Enveloped } from "../api.ts";
import { ChartFigure, Combobox, ErrorBox, formatNumber, type Option, type Series } from "../components.tsx";
import type {
  LocationSuggestions,
  OccupationSearch,
  SalaryAnswer,
  TitleSuggestions,
  TrendAnswer,
} from "../api-types.ts";

interface Place {
  label: string;
  location: string;
}
type PlaceResult = { place: Place; answer?: SalaryAnswer; error?: unknown };

const PERCENTILES = ["p10", "p25", "median", "p75", "p90"] as const;
/** What the chart draws per place: the percentiles on a line, then the mean on its own. */
const FIGURES = [...PERCENTILES, "mean"] as const;
/** The occupation an answer's figures are for, on its path (SOC for U.S. places, ISCO for EU ones). */
/** An EU answer's query (E2 answers an EU place in the EU shape, with `region: "eu"`), else null. */
const euQuery = (a: SalaryAnswer) => ("region" in a.query && a.query.region === "eu" ? a.query : null);
const codeOf = (a: SalaryAnswer) => euQuery(a)?.matched_isco_full ?? a.query.matched_soc;
const MAX_PLACES = 10;

/**
 * Titles in the language typed: X9 reads the text as E2's matcher does; when that is not English its labels are
 * offered (Softwareentw → Softwareentwickler/Softwareentwicklerin), else E15's O*NET titles.
 */
const suggestTitles = async (q: string, signal: AbortSignal): Promise<Option[]> => {
  const read = await call<TitleSuggestions>("salary", "/api/v1/titles/suggest", { query: { q, limit: 8 }, signal });
  if (read.language && read.language !== "en" && read.suggestions.length)
    return read.suggestions.map((t) => ({ label: t.label, value: t.label, hint: `(${t.title})` }));
  const r = await call<Enveloped<OccupationSearch>>("skills", "/api/v1/occupations/search", {
    query: { q, page_size: 8 },
    signal,
  });
  return r.data.items.map((o) => ({
    label: o.matched_title ?? o.title,
    value: o.matched_title ?? o.title,
    hint: o.matched_title && o.matched_title !== o.title ? `(${o.title})` : undefined,
  }));
};

const suggestPlaces = async (q: string, signal: AbortSignal): Promise<Option[]> => {
  const r = await call<LocationSuggestions>("salary", "/api/v1/locations/search", { query: { q }, signal });
  return r.suggestions.map((s) => ({
    label: s.label,
    value: s.location,
    hint:
      s.kind === "resolved"
        ? ""
        : s.kind === "alternative"
          ? s.name && s.name !== s.label
            ? `(for ${s.name})`
            : "(another place of that name)"
          : "(did you mean)",
  }));
};

export function SalaryPage() {
  const [title, setTitle] = useState("");
  const [placeText, setPlaceText] = useState("");
  const [places, setPlaces] = useState<Place[]>([]);
  const [currency, setCurrency] = useState("USD");
  const [adjust, setAdjust] = useState(false);
  const [occupationCode, setOccupationCode] = useState<string | null>(null);
  const [results, setResults] = useState<PlaceResult[] | null>(null);
  const [trend, setTrend] = useState<{ answer?: TrendAnswer; shortFor?: TrendAnswer; error?: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const requests = useMemo(latestOnly, []);

  /** The places with `p` added (unless empty, already there or over the limit). */
  const withPlace = (list: Place[], p: Place) =>
    !p.location.trim() || list.length >= MAX_PLACES || list.some((x) => x.location === p.location)
      ? list
      : [...list, p];
  const addPlace = (p: Place) => {
    setPlaces(withPlace(places, p));
    setPlaceText("");
  };

  async function lookUp(code: string | null, chosenPlaces = places) {
    const token = requests.begin();
    setBusy(true);
    const job = code ? { occupation_code: code } : { job_title: title };
    const chosen = chosenPlaces.length ? chosenPlaces : [{ label: "United States", location: "" }];
    const settled = await Promise.allSettled(
      chosen.map((p) =>
        call<SalaryAnswer>("salary", "/api/v1/salary", { query: { ...job, location: p.location, currency } }),
      ),
    );
    if (!requests.current(token)) return; // a newer lookup has started: its answers win
    setOccupationCode(code);
    setResults(
      settled.map((s, i) =>
        s.status === "fulfilled" ? { place: chosen[i], answer: s.value } : { place: chosen[i], error: s.reason },
      ),
    );
    // The trend is U.S. data: the first U.S. place's, else the national series.
    const usIndex = settled.findIndex((s, i) => chosen[i].location && s.status === "fulfilled" && !euQuery(s.value));
    const usPlace = usIndex >= 0 ? chosen[usIndex] : null;
    // A metro or state series can be short (the data holds few vintages for some areas): then the national one answers too.
    const trendOf = (location?: string) =>
      call<TrendAnswer>("salary", "/api/v1/trends", { query: { ...job, years: 10, location } });
    let next: typeof trend;
    try {
      const local = await trendOf(usPlace?.location || undefined);
      next = usPlace && local.trend.length < 2 ? { answer: await trendOf(), shortFor: local } : { answer: local };
    } catch (error) {
      next = { error };
    }
    if (!requests.current(token)) return;
    setTrend(next);
    setBusy(false);
  }

  const answered = (results ?? []).filter((r): r is Required<Pick<PlaceResult, "answer">> & PlaceResult => !!r.answer);
  const first = answered[0]?.answer;
  return (
    <>
      <h1>Salary</h1>
      <form
        class="controls"
        onSubmit={(e) => {
          e.preventDefault();
          // A place typed but not yet added counts: it is added, and looked up with the others.
          const next = withPlace(places, { label: placeText.trim(), location: placeText.trim() });
          setPlaces(next);
          setPlaceText("");
          lookUp(null, next);
        }}
      >
        <Combobox
          label="Job title"
          value={title}
          onInput={setTitle}
          onPick={(o) => setTitle(o.value)}
          suggest={suggestTitles}
          placeholder="e.g. Registered Nurse, Softwareentwickler"
        />
        <div class="place-picker">
          <Combobox
            label="Place"
            value={placeText}
            onInput={setPlaceText}
            onPick={(o) => addPlace({ label: o.label, location: o.value })}
            suggest={suggestPlaces}
            placeholder="e.g. Austin, TX; 94105; Berlin"
          />
          <button
            type="button"
            onClick={() => addPlace({ label: placeText.trim(), location: placeText.trim() })}
            disabled={!placeText.trim()}
          >
            Add place
          </button>
        </div>
        <ul class="chips" aria-label="Places">
          {places.map((p) => (
            <li>
              {p.label}{" "}
              <button
                type="button"
                aria-label={`Remove ${p.label}`}
                onClick={() => setPlaces(places.filter((x) => x !== p))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <p class="hint">
          {places.length
            ? `${places.length} of ${MAX_PLACES} places.`
            : "No place added: the U.S. national figures answer."}
        </p>
        <label>
          Currency{" "}
          <select value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
            <option>USD</option>
            <option>EUR</option>
          </select>
        </label>
        <button type="submit" disabled={!title.trim() || busy}>
          {busy ? "Looking up…" : "Look up"}
        </button>
      </form>

      <div aria-live="polite">
        {first ? (
          <MatchPanel
            answer={first}
            others={answered
              .slice(1)
              .map((r) => r.answer)
              .filter((a) => codeOf(a) !== codeOf(first))}
            chosenCode={occupationCode}
            busy={busy}
            onSwitch={(code) => lookUp(code)}
          />
        ) : null}
      </div>
      {results
        ?.filter((r) => r.error)
        .map((r) => (
          <div>
            <h3>{r.place.label}</h3>
            <ErrorBox error={r.error} />
          </div>
        ))}
      {answered.length ? (
        <>
          <label class="toggle">
            <input type="checkbox" checked={adjust} onChange={(e) => setAdjust(e.currentTarget.checked)} /> Adjust for
            cost of living
          </label>
          <PercentileChart results={answered.map((r) => ({ place: r.place, answer: r.answer! }))} adjust={adjust} />
        </>
      ) : null}
      {trend?.error ? (
        <>
          <h2>Trend</h2>
          <ErrorBox error={trend.error} />
        </>
      ) : null}
      {trend?.answer ? <TrendChart answer={trend.answer} shortFor={trend.shortFor} /> : null}
    </>
  );
}

function MatchPanel({
  answer,
  others,
  chosenCode,
  busy,
  onSwitch,
}: {
  answer: SalaryAnswer;
  /** Places whose figures are for another occupation than the first place's (another path, or another match). */
  others: SalaryAnswer[];
  chosenCode: string | null;
  busy: boolean;
  onSwitch: (code: string) => void;
}) {
  const q = answer.query;
  const code = codeOf(answer);
  return (
    <section class="match">
      <h2>Matched occupation</h2>
      <p>
        <strong class="matched-title">{q.matched_title}</strong> ({code}) · confidence{" "}
        <span class="confidence">{q.match_confidence.toFixed(2)}</span> ·{" "}
        {chosenCode ? "chosen by code" : `matched by ${q.match_method}`}
      </p>
      {others.length ? (
        <ul class="other-matches">
          {others.map((a) => (
            <li>
              {a.query.location}: <strong>{a.query.matched_title}</strong> ({codeOf(a)}
              {euQuery(a) ? ", ISCO-08" : ""}) · confidence {a.query.match_confidence.toFixed(2)}
            </li>
          ))}
        </ul>
      ) : null}
      {q.alternatives.length ? (
        <>
          <p>Not the right one? Switch to:</p>
          <ul class="alternatives">
            {q.alternatives.map((a) => (
              <li>
                <button
                  type="button"
                  class="alternative"
                  data-code={a.code}
                  disabled={busy}
                  onClick={() => onSwitch(a.code)}
                >
                  {a.title} ({a.code}, {a.confidence.toFixed(2)})
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function PercentileChart({ results, adjust }: { results: { place: Place; answer: SalaryAnswer }[]; adjust: boolean }) {
  // The adjustment is E3's: a figure ÷ (the place's price index ÷ 100); places without an index are left out.
  const usable = adjust ? results.filter((r) => r.answer.salary.cost_of_living_index) : results;
  // Percentiles on a line, the mean beside them as a point of its own: an EU place (Eurostat publishes a mean and
  // no percentiles) is drawn too, and a U.S. place's mean shows where OEWS publishes one.
  const firstCode = codeOf(results[0].answer);
  const series: Series[] = usable.map(({ answer }) => {
    const factor = adjust ? 100 / answer.salary.cost_of_living_index! : 1;
    const other = codeOf(answer) !== firstCode ? ` (${answer.query.matched_title})` : "";
    return {
      label: `${answer.query.location}${other}`,
      values: FIGURES.map((p) => (answer.salary[p] === null ? null : Math.round(answer.salary[p]! * factor))),
      emphasis: 2,
      alone: FIGURES.indexOf("mean"),
    };
  });
  const left = results.filter((r) => !usable.includes(r)).map((r) => r.answer.query.location);
  const meansOnly = usable.filter((r) => r.answer.salary.median === null && r.answer.salary.mean !== null);
  const currency = results[0].answer.query.currency;
  return (
    <ChartFigure
      id="percentile-chart"
      title={`Annual pay by percentile${adjust ? ", adjusted for cost of living" : ""}`}
      kind="line"
      labels={[...FIGURES]}
      series={series}
      unit={`${currency} per year${adjust ? " (U.S. average prices)" : ""}`}
      note={
        <>
          The median is the large diamond; the mean, where published, the triangle beside the percentiles.
          {adjust
            ? " Adjusted = figure ÷ (price index ÷ 100). U.S. places: BEA regional price parities (as E3's col_adjusted_median). EU places: World Bank price level ratios (U.S. = 100), a national and different basis."
            : ""}
          {left.length ? ` Left out (no price index): ${left.join(", ")}.` : ""}
          {meansOnly.length
            ? ` ${meansOnly.map((r) => `${r.answer.query.location}: Eurostat publishes no percentiles, only the mean (${formatNumber(r.answer.salary.mean, 0)} ${currency})`).join("; ")}.`
            : ""}
        </>
      }
      source={
        <ul class="sources">
          {results.map((r) => (
            <li>
              {r.answer.query.location}: {r.answer.data_source}, {r.answer.data_date}
            </li>
          ))}
        </ul>
      }
    />
  );
}

function TrendChart({ answer, shortFor }: { answer: TrendAnswer; shortFor?: TrendAnswer }) {
  const points = answer.trend;
  const span = points.length ? `${points[0].year}–${points.at(-1)!.year}` : "";
  return (
    <section>
      <h2>
        Trend: {answer.matched_title}, {answer.location}
      </h2>
      {shortFor ? (
        <p class="note">
          {shortFor.location} has {shortFor.trend.length} point{shortFor.trend.length === 1 ? "" : "s"} in this data, so
          the national trend is shown. {shortFor.notes.find((n) => /vintage/i.test(n)) ?? ""}
        </p>
      ) : null}
      <p class="cagr">
        Median pay grew <strong>{answer.cagr === null ? "—" : `${answer.cagr}%`}</strong> a year (compound annual growth
        rate, {span}).
      </p>
      <ChartFigure
        id="trend-chart"
        title={`Median annual pay, ${answer.location}`}
        kind="line"
        labels={points.map((p) => `May ${p.year}`)}
        series={[{ label: "Median", values: points.map((p) => p.median) }]}
        unit="USD per year"
        note={
          points.some((p) => p.basis !== "published")
            ? "Some points are derived from SOC 2010 codes (see the API's basis field and notes)."
            : undefined
        }
        source={`U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics (OEWS), May ${span.replace("–", " to May ")}`}
      />
    </section>
  );
}
