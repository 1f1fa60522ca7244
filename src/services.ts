// Everything a route handler may use, built once at start-up from the snapshot.
import type { Snapshot } from "./snapshot/open.ts";
import { SourcesRepository } from "./snapshot/repositories/sources.ts";
import { OccupationsRepository } from "./snapshot/repositories/occupations.ts";
import { SkillsRepository } from "./snapshot/repositories/skills.ts";
import { CpiRepository } from "./snapshot/repositories/cpi.ts";

export interface Services {
  snapshotId: string;
  sources: SourcesRepository;
  occupations: OccupationsRepository;
  skills: SkillsRepository;
  cpi: CpiRepository;
}

export function createServices(snapshot: Snapshot): Services {
  return {
    snapshotId: snapshot.snapshotId,
    sources: new SourcesRepository(snapshot.db),
    occupations: new OccupationsRepository(snapshot.db),
    skills: new SkillsRepository(snapshot.db),
    cpi: new CpiRepository(snapshot.db),
  };
}
