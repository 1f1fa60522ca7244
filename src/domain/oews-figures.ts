// The OEWS figures a file may publish for no area of a kind, and how answers name them.
/** Figures an OEWS file may leave out for a whole kind of area (May 2025's all-areas CSV: every hourly percentile). */
export const OPTIONAL_FIGURES = ["a_mean", "h_mean", "h_median", "h_pct10", "h_pct25", "h_pct75", "h_pct90"] as const;
export type OptionalFigure = (typeof OPTIONAL_FIGURES)[number];
/** How notes name them. */
export const FIGURE_NAMES: Record<OptionalFigure, string> = {
  a_mean: "annual mean",
  h_mean: "hourly mean",
  h_median: "hourly median",
  h_pct10: "hourly 10th percentile",
  h_pct25: "hourly 25th percentile",
  h_pct75: "hourly 75th percentile",
  h_pct90: "hourly 90th percentile",
};

/** The figures as one phrase: "annual mean, hourly mean or hourly median" (notes say none of them is published). */
export function figureNames(figures: readonly OptionalFigure[]): string {
  const names = figures.map((f) => FIGURE_NAMES[f]);
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
