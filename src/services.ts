// Everything a route handler may use, built once at start-up from the snapshot.
import type { Snapshot } from "./snapshot/open.ts";
import { SourcesRepository } from "./snapshot/repositories/sources.ts";
import { OccupationsRepository } from "./snapshot/repositories/occupations.ts";
import { SkillsRepository } from "./snapshot/repositories/skills.ts";
import { CpiRepository } from "./snapshot/repositories/cpi.ts";
import { TitleSearch, occupationTitleSearch } from "./snapshot/repositories/title-search.ts";
import { WagesRepository } from "./snapshot/repositories/wages.ts";

export interface Services {
  snapshotId: string;
  sources: SourcesRepository;
  occupations: OccupationsRepository;
  skills: SkillsRepository;
  cpi: CpiRepository;
  occupationSearch: TitleSearch;
  skillSearch: TitleSearch;
  wages: WagesRepository;
}

export function createServices(snapshot: Snapshot): Services {
  const skills = new SkillsRepository(snapshot.db);
  return {
    snapshotId: snapshot.snapshotId,
    sources: new SourcesRepository(snapshot.db),
    occupations: new OccupationsRepository(snapshot.db),
    skills,
    cpi: new CpiRepository(snapshot.db),
    occupationSearch: occupationTitleSearch(snapshot.db),
    skillSearch: new TitleSearch(skills.all.map((s) => ({ key: s.skillId, text: s.name }))),
    wages: new WagesRepository(snapshot.db),
  };
}
