// The skills host: occupation and skill taxonomy (E14–E20). Static paths before parameterised ones.
import { listOccupations } from "./occupations.ts";
import { searchOccupations } from "./occupation-search.ts";
import { occupationSkills } from "./occupation-skills.ts";
import { occupationWages } from "./occupation-wages.ts";
import { listSkills } from "./skills.ts";
import { searchSkills } from "./skill-search.ts";
import { skillDetail } from "./skill-detail.ts";
import { occupationTechnologies } from "./occupation-technologies.ts";
import { searchTechnologies } from "./technology-search.ts";

export const skillsRoutes = [
  listOccupations,
  searchOccupations,
  occupationSkills,
  occupationWages,
  occupationTechnologies,
  listSkills,
  searchSkills,
  skillDetail,
  searchTechnologies,
];
