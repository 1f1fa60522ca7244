// Eurostat publishes minimum wages by semester: S1 is January–June (the rate on 1 January), S2 July–December.

export interface Semester {
  year: number;
  semester: 1 | 2;
}

/** The semester a date falls in (UTC). */
export const semesterOn = (date: Date): Semester => ({
  year: date.getUTCFullYear(),
  semester: date.getUTCMonth() < 6 ? 1 : 2,
});

/** One number per semester that orders them: 2026-S1 < 2026-S2 < 2027-S1. */
export const semesterOrdinal = (s: Semester) => s.year * 2 + (s.semester - 1);

export const semesterLabel = (s: Semester) => `${s.year}-S${s.semester}`;
