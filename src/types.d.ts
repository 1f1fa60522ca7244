// The executable imports the snapshot with Bun's sqlite import attribute.
declare module "*.sqlite" {
  import type { Database } from "bun:sqlite";
  const db: Database;
  export default db;
}
