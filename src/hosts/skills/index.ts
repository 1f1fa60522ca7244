// The skills host: occupation and skill taxonomy (E14–E20).
import { listOccupations } from "./occupations.ts";
import { listSkills } from "./skills.ts";
import { skillDetail } from "./skill-detail.ts";

export const skillsRoutes = [listOccupations, listSkills, skillDetail];
