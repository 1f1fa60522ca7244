// Wages by state on a U.S. map: the Census Bureau's state shapes as packaged by us-atlas (pre-projected to
// Albers USA), turned into SVG paths by d3-geo. Loaded only when an occupation page needs it. Medians fall in
// five quantile bins; a state with no published median is grey. The table beside it holds the same figures.
import { useEffect, useState } from "preact/hooks";
import { formatNumber } from "../components.tsx";

export interface StateWage {
  stateFips: string;
  name: string;
  median: number | null;
}
interface Shape {
  fips: string;
  path: string;
}

// ColorBrewer "Blues", 5 classes: light to dark, each step distinguishable in print and for colour-blind readers.
const BINS = ["#eff3ff", "#bdd7e7", "#6baed6", "#3182bd", "#08519c"];
const NONE = "#d9d9d9";

let shapes: Promise<Shape[]> | undefined;
function stateShapes(): Promise<Shape[]> {
  shapes ??= Promise.all([import("topojson-client"), import("us-atlas/states-albers-10m.json"), import("d3-geo")]).then(
    ([topojson, atlas, d3]) => {
      const topology = (atlas as { default?: unknown }).default ?? atlas;
      const states = topojson.feature(
        topology as never,
        (topology as { objects: { states: never } }).objects.states,
      ) as unknown as GeoJSON.FeatureCollection;
      const path = d3.geoPath();
      return states.features.map((f) => ({ fips: String(f.id), path: path(f) ?? "" }));
    },
  );
  return shapes;
}

const Swatch = ({ color }: { color: string }) => (
  <svg class="swatch" viewBox="0 0 16 16" aria-hidden="true">
    <rect width="16" height="16" fill={color} stroke="#4a5563" />
  </svg>
);

/** Upper bounds of five bins holding about as many states each. */
function quantileBounds(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return BINS.map(
    (_, i) => sorted[Math.min(sorted.length - 1, Math.ceil(((i + 1) * sorted.length) / BINS.length) - 1)],
  );
}

export function StateMap({ wages, year, source }: { wages: StateWage[]; year: number; source: string }) {
  const [paths, setPaths] = useState<Shape[] | null>(null);
  useEffect(() => {
    stateShapes().then(setPaths, () => setPaths([]));
  }, []);
  if (!paths?.length) return null;
  const byFips = new Map(wages.map((w) => [w.stateFips, w]));
  const bounds = quantileBounds(wages.flatMap((w) => (w.median === null ? [] : [w.median])));
  const fill = (m: number | null) => (m === null ? NONE : BINS[bounds.findIndex((b) => m <= b)]);
  return (
    <figure class="state-map">
      <figcaption>Median annual wage by state, May {year}</figcaption>
      <svg
        viewBox="0 0 975 610"
        role="img"
        aria-label={`Median annual wage by state, May ${year}. The figures are in the table below.`}
      >
        {paths.map((p) => {
          const w = byFips.get(p.fips);
          return (
            <path d={p.path} fill={fill(w?.median ?? null)} stroke="#ffffff" stroke-width="0.8" data-fips={p.fips}>
              <title>
                {w ? `${w.name}: ${w.median === null ? "not published" : `$${formatNumber(w.median, 0)}`}` : p.fips}
              </title>
            </path>
          );
        })}
      </svg>
      <ul class="legend">
        {BINS.map((color, i) => (
          <li>
            <Swatch color={color} /> {i === 0 ? "up to" : `${formatNumber(bounds[i - 1] + 1, 0)} to`}{" "}
            {formatNumber(bounds[i], 0)}
          </li>
        ))}
        <li>
          <Swatch color={NONE} /> not published
        </li>
      </ul>
      <p class="source">Source: {source}. State shapes: U.S. Census Bureau cartographic boundaries, via us-atlas.</p>
    </figure>
  );
}
