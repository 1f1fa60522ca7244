// Everything a route handler may use, built once at start-up from the snapshot.
import type { Snapshot } from "./snapshot/open.ts";
import { SourcesRepository } from "./snapshot/repositories/sources.ts";
import { OccupationsRepository } from "./snapshot/repositories/occupations.ts";
import { SkillsRepository } from "./snapshot/repositories/skills.ts";
import { TitleSearch, storedTitleSearch, TITLE_INDEX, TECHNOLOGY_INDEX } from "./snapshot/repositories/title-search.ts";
import { TechnologiesRepository } from "./snapshot/repositories/technologies.ts";
import { storedLexicon, storedRanker } from "./snapshot/repositories/title-lexicon.ts";
import { WagesRepository } from "./snapshot/repositories/wages.ts";
import { TitleMatcher } from "./domain/title/match.ts";
import { LocationsRepository } from "./snapshot/repositories/locations.ts";
import { EuEarningsRepository } from "./snapshot/repositories/eu-earnings.ts";
import { IscoRepository } from "./snapshot/repositories/isco.ts";
import { PriceLevelsRepository } from "./snapshot/repositories/price-levels.ts";
import { SocRevisionRepository } from "./snapshot/repositories/soc-revision.ts";
import { CpiSeriesRepository } from "./snapshot/repositories/cpi-series.ts";
import { MetroPricesRepository } from "./snapshot/repositories/metro-prices.ts";
import { PppRepository } from "./snapshot/repositories/ppp.ts";
import { StatutoryMinimumWagesRepository } from "./snapshot/repositories/statutory-minimum-wages.ts";

export interface Services {
  snapshotId: string;
  sources: SourcesRepository;
  occupations: OccupationsRepository;
  skills: SkillsRepository;
  occupationSearch: TitleSearch;
  skillSearch: TitleSearch;
  wages: WagesRepository;
  titleMatcher: TitleMatcher;
  locations: LocationsRepository;
  euEarnings: EuEarningsRepository;
  /** Minimum wages as legislated: E8's legal check. */
  statutoryMinimumWages: StatutoryMinimumWagesRepository;
  isco: IscoRepository;
  priceLevels: PriceLevelsRepository;
  socRevision: SocRevisionRepository;
  technologies: TechnologiesRepository;
  /** Technology names (O*NET Technology Skills examples) by trigram similarity. */
  technologySearch: TitleSearch;
  cpiSeries: CpiSeriesRepository;
  metroPrices: MetroPricesRepository;
  metroSearch: TitleSearch;
  ppp: PppRepository;
}

export function createServices(snapshot: Snapshot): Services {
  const skills = new SkillsRepository(snapshot.db);
  const metroPrices = new MetroPricesRepository(snapshot.db);
  const occupationSearch = storedTitleSearch(snapshot.db, TITLE_INDEX);
  const wages = new WagesRepository(snapshot.db);
  let technologySearch: TitleSearch | undefined;
  return {
    snapshotId: snapshot.snapshotId,
    sources: new SourcesRepository(snapshot.db),
    occupations: new OccupationsRepository(snapshot.db),
    skills,
    occupationSearch,
    skillSearch: TitleSearch.build(skills.all.map((s) => ({ key: s.skillId, text: s.name }))),
    wages,
    locations: new LocationsRepository(snapshot.db, wages.latestYear),
    euEarnings: new EuEarningsRepository(snapshot.db),
    statutoryMinimumWages: new StatutoryMinimumWagesRepository(snapshot.db),
    isco: new IscoRepository(snapshot.db),
    priceLevels: new PriceLevelsRepository(snapshot.db),
    socRevision: new SocRevisionRepository(snapshot.db),
    technologies: new TechnologiesRepository(snapshot.db),
    // Restored on first use (technology search, E18's pointer): start-up memory stays within its budget.
    get technologySearch() {
      return (technologySearch ??= storedTitleSearch(snapshot.db, TECHNOLOGY_INDEX));
    },
    cpiSeries: new CpiSeriesRepository(snapshot.db),
    metroPrices,
    metroSearch: TitleSearch.build(metroPrices.metros.map((m) => ({ key: m.cbsa, text: m.name }))),
    ppp: new PppRepository(snapshot.db),
    titleMatcher: new TitleMatcher(storedLexicon(snapshot.db), storedRanker(snapshot.db)),
  };
}
