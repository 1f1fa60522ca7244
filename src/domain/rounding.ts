// The one rounding rule of every served figure: to a number of decimals, as Math.round does (halves up).
// null stays null, so a missing figure passes through unrounded and unchanged.

export function round(x: number, decimals?: number): number;
export function round(x: number | null, decimals?: number): number | null;
export function round(x: number | null, decimals = 0): number | null {
  if (x === null) return null;
  const scale = 10 ** decimals;
  return Math.round(x * scale) / scale;
}
