// `npm run keys -- create --tier pro --scopes salary:read,costapi:read [--name N] [--daily-limit N]`,
// `npm run keys -- list`, `npm run keys -- revoke <key id>` (the executable's `workforce-api keys …` is the same).
import { keysCommand } from "../src/cli/keys.ts";

process.exit(await keysCommand(process.argv.slice(2), "npm run keys --"));
