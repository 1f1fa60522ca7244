// The factors of a pay-equity model as raw values per employee, and the regression columns they become for any
// subset of the employees (the whole workforce, or one category of it): a numeric factor is its value (and its
// square where the model asks), a categorical factor one 0/1 column per level except its reference level.

export type ReferenceRule = "highest" | "most_frequent";

export type FactorSpec =
  | { name: string; kind: "numeric"; values: readonly number[]; squared?: boolean }
  | { name: string; kind: "categorical"; values: readonly string[]; reference: ReferenceRule };

export interface Column {
  name: string;
  factor: string;
  values: Float64Array;
}

export interface Design {
  columns: Column[];
  /** Factors that take a single value among these employees: they explain nothing here and get no column. */
  constant: string[];
  /** The reference level each categorical factor is measured against. */
  references: Record<string, string>;
}

/** Level order: numerically for codes ("2" < "10"), otherwise alphabetically. */
const byLevel = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

function referenceLevel(levels: readonly string[], counts: Map<string, number>, rule: ReferenceRule): string {
  if (rule === "highest") return levels.at(-1)!;
  // The most frequent level; on a tie the first in level order.
  return levels.reduce((best, l) => (counts.get(l)! > counts.get(best)! ? l : best));
}

/** The columns of the factors over the employees at `rows` (indices into the factors' value arrays). */
export function designOf(factors: readonly FactorSpec[], rows: readonly number[]): Design {
  const columns: Column[] = [],
    constant: string[] = [],
    references: Record<string, string> = {};
  const take = (f: (i: number) => number) => Float64Array.from(rows, f);
  for (const factor of factors) {
    if (factor.kind === "numeric") {
      const values = take((i) => factor.values[i]);
      if (values.every((v) => v === values[0])) {
        constant.push(factor.name);
        continue;
      }
      columns.push({ name: factor.name, factor: factor.name, values });
      if (factor.squared)
        columns.push({ name: `${factor.name}_squared`, factor: factor.name, values: values.map((v) => v * v) });
      continue;
    }
    const counts = new Map<string, number>();
    for (const i of rows) counts.set(factor.values[i], (counts.get(factor.values[i]) ?? 0) + 1);
    const levels = [...counts.keys()].sort(byLevel);
    if (levels.length < 2) {
      constant.push(factor.name);
      continue;
    }
    const reference = referenceLevel(levels, counts, factor.reference);
    references[factor.name] = reference;
    for (const level of levels) {
      if (level !== reference)
        columns.push({
          name: `${factor.name}=${level}`,
          factor: factor.name,
          values: take((i) => (factor.values[i] === level ? 1 : 0)),
        });
    }
  }
  return { columns, constant, references };
}

/** How many columns a factor becomes over every employee (before any is found constant or aliased). */
export function columnCount(factor: FactorSpec): number {
  return factor.kind === "numeric" ? (factor.squared ? 2 : 1) : new Set(factor.values).size - 1;
}
