// Occupation profile: skills, knowledge and work styles as ranked bars (E16), technologies (X4) and wages by state (E17).
import { useEffect, useState } from "preact/hooks";
import { ApiFailure, call, sourceOf, type Enveloped } from "../api.ts";
import { ChartFigure, Combobox, ErrorBox, formatNumber, type Option } from "../components.tsx";
import { navigate } from "../router.ts";
import { StateMap } from "./state-map.tsx";
import type { OccupationSearch, OccupationSkills, OccupationTechnologies, OccupationWages } from "../api-types.ts";

type Rating = OccupationSkills[number];
type Technologies = OccupationTechnologies;
type Wage = OccupationWages[number];

const SOC_CODE = /^\d{2}-\d{4}(\.\d{2})?$/;
const CATEGORIES = [
  ["skill", "Skills"],
  ["knowledge", "Knowledge"],
  ["work_style", "Work styles"],
] as const;
const TOP = 15;

const suggestOccupations = async (q: string, signal: AbortSignal): Promise<Option[]> => {
  const r = await call<Enveloped<OccupationSearch>>("skills", "/api/v1/occupations/search", {
    query: { q, page_size: 8 },
    signal,
  });
  return r.data.items.map((o) => ({ label: `${o.title} (${o.soc_code})`, value: o.soc_code }));
};

export function OccupationPage({ soc }: { soc: string }) {
  const [text, setText] = useState("");
  return (
    <>
      <h1>Occupation profile</h1>
      <Combobox
        label="Occupation"
        value={text}
        onInput={setText}
        onPick={(o) => {
          setText(o.label);
          navigate(`/explore/occupation/${o.value}`);
        }}
        suggest={suggestOccupations}
        placeholder="e.g. Registered Nurses, data scientist"
      />
      {!soc ? (
        <p class="hint">Search an occupation by title, in any of the seven languages titles are matched in.</p>
      ) : SOC_CODE.test(soc) ? (
        <Profile soc={soc} key={soc} />
      ) : (
        <p class="error" role="alert">
          "{soc.slice(0, 40)}" is not an O*NET-SOC code (such as 15-1252.00). Search the occupation above.
        </p>
      )}
    </>
  );
}

function Profile({ soc }: { soc: string }) {
  const [ratings, setRatings] = useState<Record<string, Enveloped<Rating[]>>>({});
  const [tech, setTech] = useState<Enveloped<Technologies> | null>(null);
  const [wages, setWages] = useState<Enveloped<Wage[]> | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    for (const [category] of CATEGORIES) {
      call<Enveloped<Rating[]>>("skills", `/api/v1/occupations/${soc}/skills`, { query: { category } }).then(
        (r) => setRatings((x) => ({ ...x, [category]: r })),
        setError,
      );
    }
    call<Enveloped<Technologies>>("skills", `/api/v1/occupations/${soc}/technologies`).then(setTech, setError);
    // No wages (404: OEWS publishes none for the code) shows nothing; any other failure is shown.
    call<Enveloped<Wage[]>>("skills", `/api/v1/occupations/${soc}/wages`).then(setWages, (e) => {
      setWages(null);
      if (!(e instanceof ApiFailure && e.status === 404)) setError(e);
    });
  }, [soc]);
  return (
    <>
      <h2 id="occupation-title">
        {soc}
        {tech ? `: ${tech.data.title}` : ""}
      </h2>
      <ErrorBox error={error} />
      {CATEGORIES.map(([category, name]) => {
        const r = ratings[category];
        if (!r) return null;
        const top = [...r.data].sort((a, b) => b.importance - a.importance).slice(0, TOP);
        return top.length ? (
          <ChartFigure
            id={`${category}-chart`}
            title={`${name}: the ${top.length} most important of ${r.data.length}`}
            kind="hbar"
            labels={top.map((s) => s.name)}
            series={[
              { label: "Importance", values: top.map((s) => s.importance) },
              ...(category === "work_style" ? [] : [{ label: "Level", values: top.map((s) => s.level) }]),
            ]}
            unit="0–1, O*NET scale normalised"
            source={sourceOf(r.metadata)}
          />
        ) : (
          <section>
            <h3>{name}</h3>
            <p class="note">None rated for this occupation. {r.metadata.methodology_notes}</p>
          </section>
        );
      })}
      {tech ? <TechnologyList tech={tech} /> : null}
      {wages ? <WageTable wages={wages} /> : null}
    </>
  );
}

function TechnologyList({ tech }: { tech: Enveloped<Technologies> }) {
  return (
    <section>
      <h3>Technologies ({tech.data.technology_count})</h3>
      {tech.data.commodities.length ? (
        <dl class="technologies">
          {tech.data.commodities.slice(0, 12).map((c) => (
            <>
              <dt>{c.commodity_title}</dt>
              <dd>
                {c.examples.slice(0, 12).map((e, i) => (
                  <>
                    {i ? ", " : ""}
                    {e.name}
                    {e.in_demand ? <span class="badge">in demand</span> : null}
                    {e.hot_technology ? <span class="badge">hot</span> : null}
                  </>
                ))}
              </dd>
            </>
          ))}
        </dl>
      ) : (
        <p class="note">{tech.metadata.methodology_notes}</p>
      )}
      <p class="source">
        Source: {sourceOf(tech.metadata)}. "In demand": frequent in employers' job postings; "hot": an O*NET Hot
        Technology.
      </p>
    </section>
  );
}

function WageTable({ wages }: { wages: Enveloped<Wage[]> }) {
  const rows = wages.data.filter((w) => w.area_type === "state" || w.area_type === "national");
  const states = rows
    .filter((w) => w.area_type === "state")
    .map((w) => ({ stateFips: w.area_code.slice(0, 2), name: w.area_title, median: w.median }));
  return (
    <section>
      <h3>Wages by state, May {rows[0]?.year}</h3>
      {states.length ? <StateMap wages={states} year={rows[0].year} source={sourceOf(wages.metadata)} /> : null}
      <table class="data-table wages">
        <caption>Annual wages (USD); — where BLS publishes none</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">10th percentile</th>
            <th scope="col">Median</th>
            <th scope="col">90th percentile</th>
            <th scope="col">Employment</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((w) => (
            <tr>
              <th scope="row">{w.area_title}</th>
              <td>{formatNumber(w.pct10, 0)}</td>
              <td>{formatNumber(w.median, 0)}</td>
              <td>{formatNumber(w.pct90, 0)}</td>
              <td>{formatNumber(w.total_employment, 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="source">Source: {sourceOf(wages.metadata)}</p>
    </section>
  );
}
