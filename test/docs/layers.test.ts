// docs/ARCHITECTURE.md's "Who may import whom", checked over every import of src/ and scripts/snapshot/ (tests
// excluded; type-only imports are erased at run time and not counted), and no cycle of value imports.
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");
const scanners = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };
const files = [...new Glob("{src,scripts}/**/*.{ts,tsx}").scanSync(root)].filter((f) => !/\.test\.tsx?$/.test(f));

/** Per file (relative to the repository), what it imports with a value: repository files, or module names. */
const imports = new Map(
  files.map((file) => {
    const scanner = file.endsWith("x") ? scanners.tsx : scanners.ts;
    const found = scanner
      .scanImports(readFileSync(resolve(root, file), "utf8"))
      .filter((i) => i.kind === "import-statement" || i.kind === "dynamic-import")
      .map((i) => (i.path.startsWith(".") ? relative(root, resolve(root, dirname(file), i.path)) : i.path));
    return [file, found];
  }),
);

// The table's "Never imports" column, folder by folder.
const RULES: { folder: string; never: RegExp; except?: RegExp }[] = [
  { folder: "src/domain/", never: /^(src\/(http|snapshot|state|hosts)\/|bun:sqlite$|node:fs$)/ },
  { folder: "src/snapshot/", never: /^src\/(http|hosts|state)\// },
  { folder: "src/state/", never: /^src\/(?!state\/)[^/]+\// },
  { folder: "src/http/", never: /^src\/hosts\// },
  // The skills host reads its category list from the skills repository (a value; noted in ARCHITECTURE.md).
  {
    folder: "src/hosts/",
    never: /^(bun:sqlite$|src\/state\/|src\/snapshot\/)/,
    except: /^src\/snapshot\/repositories\/skills\.ts$/,
  },
  { folder: "src/explorer/", never: /^src\/(?!explorer\/|domain\/)/ },
  { folder: "scripts/snapshot/", never: /^src\/(http|hosts)\// },
];

for (const rule of RULES) {
  test(`${rule.folder} never imports what ARCHITECTURE.md says it must not`, () => {
    const broken = [...imports]
      .filter(([file]) => file.startsWith(rule.folder))
      .flatMap(([file, list]) =>
        list.filter((to) => rule.never.test(to) && !rule.except?.test(to)).map((to) => `${file} → ${to}`),
      );
    expect(broken).toEqual([]);
  });
}

test("a host never imports another host", () => {
  const hostOf = (path: string) => /^src\/hosts\/([^/]+)\//.exec(path)?.[1];
  const broken = [...imports].flatMap(([file, list]) =>
    list.filter((to) => hostOf(file) && hostOf(to) && hostOf(to) !== hostOf(file)).map((to) => `${file} → ${to}`),
  );
  expect(broken).toEqual([]);
});

test("no cycle of value imports", () => {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const to of imports.get(file) ?? []) {
      if (!existsSync(resolve(root, to))) continue; // a package
      if (state.get(to) === "open") cycles.push([...stack.slice(stack.indexOf(to)), to].join(" → "));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of imports.keys()) if (!state.has(file)) visit(file);
  expect(cycles).toEqual([]);
});

test("the scan reads imports: src/app.ts imports the three hosts' route lists", () => {
  const app = imports.get("src/app.ts") ?? [];
  for (const host of ["salary", "cost", "skills"])
    expect(app.some((to) => to.startsWith(`src/hosts/${host}/`))).toBe(true);
});
