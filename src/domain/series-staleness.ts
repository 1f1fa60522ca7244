// When a monthly series is too old to set beside others: its last month more than a year behind the freshest
// series it is compared with. Publishers stop (Eurostat's HICP for the UK ends in 2020) or lag (the World Bank
// database), and a latest value or year-on-year change from then reads as current unless labelled.

/** A series more than this many months behind the reference is stale. */
export const STALE_AFTER_MONTHS = 12;

export interface Staleness {
  /** Whole months from the series' last month to the reference month (0 when it is the reference). */
  monthsBehind: number;
  stale: boolean;
}

/** Months since year 0 of a period written YYYY-MM or YYYY-MM-DD. */
const monthNumber = (period: string) => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1;

/** YYYY-MM of a period, as notes name months. */
export const monthOf = (period: string) => period.slice(0, 7);

/** How far a series ending at `last` is behind one ending at `reference`. */
export function staleness(last: string, reference: string): Staleness {
  const monthsBehind = Math.max(0, monthNumber(reference) - monthNumber(last));
  return { monthsBehind, stale: monthsBehind > STALE_AFTER_MONTHS };
}
