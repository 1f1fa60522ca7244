// A mirror folder that reads as another mirror with some files replaced: every other file is a symbolic link to
// the original. The download stages new files this way and builds from it before touching the real mirror; tests
// build a second, different snapshot the same way.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * `replaced`: mirror-relative path → absolute path of the file to use instead (new paths are added); `hidden`:
 * mirror-relative paths the overlay leaves out.
 */
export function overlayMirror(
  mirror: string,
  dest: string,
  replaced: ReadonlyMap<string, string>,
  hidden: ReadonlySet<string> = new Set(),
): string {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  // Folders holding a replaced file are made real (recursively); everything else is linked whole.
  const realDirs = new Set<string>([""]);
  for (const path of [...replaced.keys(), ...hidden])
    for (let d = dirname(path); d !== "." && d !== ""; d = dirname(d)) realDirs.add(d);
  const walk = (rel: string) => {
    const from = join(mirror, rel);
    for (const name of existsSync(from) ? readdirSync(from) : []) {
      const child = rel ? `${rel}/${name}` : name;
      if (replaced.has(child) || hidden.has(child) || child === ".download-staging") continue; // the download's own staging folder
      // statSync follows links: a mirror folder that is itself a link (to another disk, say) is made real too.
      if (realDirs.has(child) && statSync(join(from, name)).isDirectory()) {
        mkdirSync(join(dest, child), { recursive: true });
        walk(child);
      } else {
        symlinkSync(resolve(mirror, child), join(dest, child));
      }
    }
  };
  walk("");
  for (const [path, file] of replaced) {
    mkdirSync(dirname(join(dest, path)), { recursive: true });
    symlinkSync(resolve(file), join(dest, path));
  }
  return dest;
}
