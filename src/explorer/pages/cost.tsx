// Cost of living: CPI history for up to six countries on one chart (E9), optionally rebased to 100 at a month;
// a series E9 marks stale (its publisher stopped or lags) is named with its last month beside the chart and in its legend and table;
// a country E9 has no months for from the chosen start (404) is left out of the chart and named with its last month;
// PPP factors and price levels (E12); a U.S. metro's price parities and average prices (X3 → E13).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiFailure, call, latestOnly, sourceOf, type Enveloped } from "../api.ts";
import { ChartFigure, Combobox, ErrorBox, formatNumber, type Option } from "../components.tsx";
import type { CpiCountries, CpiHistory, MetroAreas, MetroPrices, PppHistory } from "../api-types.ts";

type CpiCountry = CpiCountries[number];
type Ppp = PppHistory;
type Metro = MetroPrices;

const MAX_COUNTRIES = 6;
const month = (period: string) => period.slice(0, 7);
/** A country's name in the legend and the data table, with the last month of a series E9 marks stale: text, not colour alone. */
const seriesLabel = (h: CpiHistory) =>
  h.stale ? `${h.country_name} (stale, ends ${month(h.latest_period)})` : h.country_name;

export function CostPage() {
  const [catalogue, setCatalogue] = useState<CpiCountry[]>([]);
  const [chosen, setChosen] = useState<string[]>(["US", "DE"]);
  const [adding, setAdding] = useState("");
  const [start, setStart] = useState("2015-01");
  const [rebase, setRebase] = useState(false);
  const [base, setBase] = useState("2020-01");
  const [history, setHistory] = useState<Enveloped<CpiHistory>[]>([]);
  const [cpiMissing, setCpiMissing] = useState<{ country: string; reason: ApiFailure }[]>([]);
  const latestSeen = useRef(new Map<string, string>()); // each country's latest_period from E9's earlier answers
  const [ppp, setPpp] = useState<Enveloped<Ppp>[]>([]);
  const [pppMissing, setPppMissing] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    call<Enveloped<CpiCountry[]>>("cost", "/api/v1/cpi/countries").then((r) => setCatalogue(r.data), setError);
  }, []);
  useEffect(() => {
    let live = true; // answers for an earlier choice of countries or start month are dropped
    setError(null);
    Promise.allSettled(
      chosen.map((c) =>
        call<Enveloped<CpiHistory>>("cost", `/api/v1/cpi/countries/${c}/history`, {
          query: { start_date: `${start}-01` },
        }),
      ),
    ).then((settled) => {
      if (!live) return;
      const answers = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      for (const h of answers) latestSeen.current.set(h.data.country_code, h.data.latest_period);
      setHistory(answers);
      // A country with no months from the start chosen (404, e.g. a series that ended before it) is left out of the
      // chart and named; the others are still charted. Any other failure is shown as the error it is.
      const failures = settled.flatMap((r, i) =>
        r.status === "rejected" ? [{ country: chosen[i], reason: r.reason as unknown }] : [],
      );
      setCpiMissing(
        failures.flatMap((f) =>
          f.reason instanceof ApiFailure && f.reason.status === 404 ? [{ country: f.country, reason: f.reason }] : [],
        ),
      );
      const other = failures.find((f) => !(f.reason instanceof ApiFailure && f.reason.status === 404));
      if (other) setError(other.reason);
    });
    Promise.allSettled(chosen.map((c) => call<Enveloped<Ppp>>("cost", `/api/v1/ppp/countries/${c}`))).then(
      (settled) => {
        if (!live) return;
        setPpp(settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])));
        // A country the World Bank has no PPP for (404) is named; any other failure is shown as the error it is.
        const failures = settled.flatMap((r, i) =>
          r.status === "rejected" ? [{ country: chosen[i], reason: r.reason }] : [],
        );
        setPppMissing(
          failures.filter((f) => f.reason instanceof ApiFailure && f.reason.status === 404).map((f) => f.country),
        );
        const other = failures.find((f) => !(f.reason instanceof ApiFailure && f.reason.status === 404));
        if (other) setError(other.reason);
      },
    );
    return () => {
      live = false;
    };
  }, [chosen.join(), start]);

  const periods = [...new Set(history.flatMap((h) => h.data.observations.map((o) => month(o.period))))].sort();
  // Rebasing is a change of reference month only: each index ÷ its own value at the base month × 100.
  const series = history.flatMap((h) => {
    const byMonth = new Map(h.data.observations.map((o) => [month(o.period), o.value]));
    const divisor = rebase ? byMonth.get(base) : 1;
    if (!divisor) return [];
    const value = (v: number) => (rebase ? Math.round((v / divisor) * 10_000) / 100 : v);
    return [
      { label: seriesLabel(h.data), values: periods.map((p) => (byMonth.has(p) ? value(byMonth.get(p)!) : null)) },
    ];
  });
  const stale = history.filter((h) => h.data.stale).map((h) => h.data);
  // What the API said of a left-out country: its last month (an earlier E9 answer, else the catalogue) when that is
  // before the start chosen, else E9's own message and suggestion.
  const missingNotes = cpiMissing.map(({ country, reason }) => {
    const known = catalogue.find((c) => c.country_code === country);
    const name = known?.country_name ?? country;
    const last = latestSeen.current.get(country) ?? known?.last_period;
    return last && month(last) < start
      ? `${name} (${country}): its CPI series ends ${month(last)}, before ${start}.`
      : `${name} (${country}): ${reason.message}${reason.suggestion ? ` ${reason.suggestion}` : ""}`;
  });
  const notRebased = rebase
    ? history.filter((h) => !h.data.observations.some((o) => month(o.period) === base)).map((h) => h.data.country_name)
    : [];

  return (
    <>
      <h1>Cost of living</h1>
      <form
        class="controls"
        onSubmit={(e) => {
          e.preventDefault();
          if (adding && !chosen.includes(adding) && chosen.length < MAX_COUNTRIES) setChosen([...chosen, adding]);
        }}
      >
        <ul class="chips" aria-label="Countries">
          {chosen.map((c) => (
            <li>
              {catalogue.find((x) => x.country_code === c)?.country_name ?? c}{" "}
              <button type="button" aria-label={`Remove ${c}`} onClick={() => setChosen(chosen.filter((x) => x !== c))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <label>
          Country{" "}
          <select value={adding} onChange={(e) => setAdding(e.currentTarget.value)}>
            <option value="">(choose)</option>
            {catalogue
              .filter((c) => !chosen.includes(c.country_code))
              .map((c) => (
                <option value={c.country_code}>{c.country_name}</option>
              ))}
          </select>
        </label>
        <button type="submit" disabled={!adding || chosen.length >= MAX_COUNTRIES}>
          Add country
        </button>
        <span class="hint">
          {chosen.length} of {MAX_COUNTRIES}.
        </span>
        <label>
          From{" "}
          <input
            type="month"
            value={start}
            onChange={(e) => e.currentTarget.value && setStart(e.currentTarget.value)}
          />
        </label>
        <label class="toggle">
          <input type="checkbox" checked={rebase} onChange={(e) => setRebase(e.currentTarget.checked)} /> Rebase to 100
          at
        </label>
        <input
          type="month"
          aria-label="Base month"
          value={base}
          onChange={(e) => e.currentTarget.value && setBase(e.currentTarget.value)}
        />
      </form>
      <ErrorBox error={error} />
      {missingNotes.length ? (
        <p class="warning" id="cpi-missing">
          <strong>Not on the chart:</strong> {missingNotes.join(" ")}
        </p>
      ) : null}
      {stale.length ? (
        <p class="warning" id="cpi-stale">
          <strong>Stale series</strong> (well behind the freshest CPI series this service holds):{" "}
          {stale.map((c, i) => (
            <>
              {i ? "; " : ""}
              {c.country_name} ({c.country_code}) ends {month(c.latest_period)}, {c.months_behind} months behind
            </>
          ))}
          . {stale.length === 1 ? "Its line stops" : "Their lines stop"} there; later months are not in the data.
        </p>
      ) : null}
      {history.length ? (
        <ChartFigure
          id="cpi-chart"
          title={rebase ? `Consumer prices, ${base} = 100` : "Consumer price index, as published"}
          kind="line"
          labels={periods}
          series={series}
          unit={rebase ? `index, ${base} = 100` : "index (each source's own base)"}
          note={
            <>
              {rebase
                ? "Rebased: each country's index ÷ its value in the base month × 100. "
                : "Each source publishes on its own base year, so levels differ; rebase to compare growth. "}
              {notRebased.length ? `No value in ${base} for: ${notRebased.join(", ")}.` : ""}
            </>
          }
          source={
            <ul class="sources">
              {history.map((h) => (
                <li>
                  {h.data.country_name}: {h.data.series_id}. {sourceOf(h.metadata)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {ppp.length ? <PppTable ppp={ppp} /> : null}
      {pppMissing.length ? <p class="note">No PPP data for: {pppMissing.join(", ")}.</p> : null}
      <MetroPanel />
    </>
  );
}

function PppTable({ ppp }: { ppp: Enveloped<Ppp>[] }) {
  const latest = ppp.map((p) => ({
    country: p.data.country_name,
    row: [...p.data.years].reverse().find((y) => y.price_level_ratio !== null || y.ppp_factor !== null),
  }));
  return (
    <section>
      <h2>Purchasing power parities and price levels</h2>
      <ChartFigure
        id="ppp-chart"
        title="Price level ratio, latest year (United States = 1)"
        kind="hbar"
        labels={latest.map((l) => `${l.country} (${l.row?.year ?? "—"})`)}
        series={[{ label: "Price level ratio", values: latest.map((l) => l.row?.price_level_ratio ?? null) }]}
        unit="price level ratio (PPP ÷ market exchange rate)"
        note={
          <>
            PPP factor, local currency per international dollar:{" "}
            {latest.map((l) => `${l.country} ${formatNumber(l.row?.ppp_factor ?? null, 3)}`).join("; ")}.
          </>
        }
        source={sourceOf(ppp[0].metadata)}
      />
    </section>
  );
}

const suggestMetros = async (q: string, signal: AbortSignal): Promise<Option[]> => {
  const r = await call<Enveloped<MetroAreas>>("cost", "/api/v1/prices/us/metro-areas", {
    query: { q, page_size: 8 },
    signal,
  });
  return r.data.map((m) => ({
    label: m.area_name,
    value: m.area_code,
    hint: m.has_items ? "(with average prices)" : "",
  }));
};

function MetroPanel() {
  const [text, setText] = useState("");
  const [metro, setMetro] = useState<Enveloped<Metro> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const requests = useMemo(latestOnly, []);
  const pick = (o: Option) => {
    const token = requests.begin();
    setText(o.label);
    setError(null);
    call<Enveloped<Metro>>("cost", `/api/v1/prices/us/metro-areas/${encodeURIComponent(o.value)}`).then(
      (m) => requests.current(token) && setMetro(m),
      (e) => {
        if (requests.current(token)) {
          setMetro(null);
          setError(e);
        }
      },
    );
  };
  const m = metro?.data;
  const parts = m
    ? ([
        ["All items", m.rpp_overall],
        ["Goods", m.rpp_goods],
        ["Housing rents", m.rpp_rents],
        ["Utilities", m.rpp_utilities],
        ["Other services", m.rpp_other_services],
      ] as const)
    : [];
  return (
    <section>
      <h2>A U.S. metro area</h2>
      <Combobox
        label="Metro area"
        value={text}
        onInput={setText}
        onPick={pick}
        suggest={suggestMetros}
        placeholder="e.g. Austin, 10001, New York"
      />
      <ErrorBox error={error} />
      {m ? (
        <>
          <ChartFigure
            id="rpp-chart"
            title={`Regional price parities, ${m.area_name}, ${m.latest_year}`}
            kind="hbar"
            labels={parts.map(([l]) => l)}
            series={[{ label: "RPP", values: parts.map(([, v]) => v) }]}
            unit="U.S. average = 100"
            source={sourceOf(metro!.metadata)}
          />
          {m.items.length ? (
            <table class="data-table">
              <caption>BLS average prices, {m.area_name}</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Month</th>
                  <th scope="col">Price (USD)</th>
                </tr>
              </thead>
              <tbody>
                {m.items.map((i) => (
                  <tr>
                    <th scope="row">{i.item_name ?? i.item_code}</th>
                    <td>{month(i.period)}</td>
                    <td>{formatNumber(i.price, 3)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p class="note">BLS publishes no average prices for this metro (it is not one of the CPI's metro areas).</p>
          )}
        </>
      ) : null}
    </section>
  );
}
