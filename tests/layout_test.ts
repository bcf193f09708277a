// Copyright 2026 the skillscope authors. MIT license.
// The architecture as the file tree shows it: each folder of src/ imports
// only from the folders below it, no module imports itself in a circle, and
// the main entry point carries no MCP or install code.
import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";

const REPO = new URL("..", import.meta.url).pathname;
const SRC = join(REPO, "src");

/** What each folder may import from (itself included). */
const ALLOWED: Record<string, readonly string[]> = {
  shared: ["shared"],
  parse: ["parse", "shared"],
  content: ["content", "parse", "shared"],
  discover: ["discover", "content", "parse", "shared"],
  audit: ["audit", "discover", "content", "parse", "shared"],
  serve: ["serve", "audit", "discover", "content", "parse", "shared"],
  clients: ["clients", "serve", "discover", "content", "parse", "shared"],
  web: ["web", "serve", "discover", "content", "parse", "shared"],
  install: [
    "install",
    "web",
    "clients",
    "serve",
    "audit",
    "discover",
    "content",
    "parse",
    "shared",
  ],
  mcp: [
    "mcp",
    "web",
    "serve",
    "audit",
    "discover",
    "content",
    "parse",
    "shared",
  ],
  embed: ["embed", "serve", "discover", "content", "parse", "shared"],
  cli: [
    "cli",
    "mcp",
    "web",
    "install",
    "embed",
    "clients",
    "serve",
    "audit",
    "discover",
    "content",
    "parse",
    "shared",
  ],
};

async function modules(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  // Each folder with its sub-folders (discover/parallel/ is discover's).
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".ts")) files.push(path);
    }
  };
  for (const folder of Object.keys(ALLOWED)) await walk(join(SRC, folder));
  {
    for (const file of files) {
      const entry = { name: file.slice(file.lastIndexOf("/") + 1) };
      const text = await Deno.readTextFile(file);
      // Static and dynamic imports of our own modules (examples in doc
      // comments import the package by name and are not matched).
      // An entry point's `export type *` of the main entry (the types its
      // signatures share) is public surface, not an import of logic.
      const code = entry.name === "mod.ts"
        ? text.replace(/^export type \* from "\.\.\/\.\.\/mod\.ts";$/gm, "")
        : text;
      const specifiers = [
        ...code.matchAll(/^(?:import|export)[^;]*? from "(\.[^"]+)";/gms),
        ...text.matchAll(/import\("(\.[^"]+)"\)/g),
      ].map((m) => join(dirname(file), m[1]!));
      graph.set(file, specifiers);
    }
  }
  return graph;
}

Deno.test("each folder of src/ imports only from the folders below it", async () => {
  const wrong: string[] = [];
  const graph = await modules();
  const edges = [...graph.values()].reduce((n, list) => n + list.length, 0);
  assert.ok(edges > 100, `only ${edges} imports found`);
  for (const [file, imports] of graph) {
    const folder = relative(SRC, file).split("/")[0]!;
    for (const target of imports) {
      const to = relative(SRC, target).split("/")[0]!;
      if (!ALLOWED[folder]!.includes(to)) {
        wrong.push(`${relative(REPO, file)} -> ${relative(REPO, target)}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("no module of src/ takes part in an import cycle", async () => {
  const graph = await modules();
  const state = new Map<string, "open" | "done">();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      cycles.push(
        [...path.slice(path.indexOf(file)), file].map((f) => relative(REPO, f))
          .join(" -> "),
      );
      return;
    }
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) {
      if (graph.has(next)) visit(next, [...path, file]);
    }
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  assert.deepEqual(cycles, []);
});

interface GraphModule {
  specifier: string;
  dependencies?: {
    isDynamic?: boolean;
    code?: { specifier: string };
    type?: { specifier: string };
  }[];
}

/** The modules of `file`'s graph (`deno info`), dynamic imports included. */
async function graphModules(file: string): Promise<GraphModule[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", `--config=${join(REPO, "deno.json")}`, file],
    stdout: "piped",
    stderr: "null",
  }).output();
  return (JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: GraphModule[];
  }).modules;
}

/** The specifiers of every module on the main entry's graph, dynamic imports included. */
async function mainEntryGraph(): Promise<string[]> {
  return (await graphModules(join(REPO, "mod.ts"))).map((m) => m.specifier);
}

/** The specifiers `file` loads when it is imported (static imports only). */
async function staticGraph(file: string): Promise<string[]> {
  const modules = await graphModules(file);
  const bySpecifier = new Map(modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const visit = (specifier: string): void => {
    if (seen.has(specifier)) return;
    seen.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      const target = dep.code?.specifier;
      if (dep.isDynamic !== true && target !== undefined) visit(target);
    }
  };
  visit(new URL(`file://${file}`).href);
  return [...seen];
}

/** The specifiers the main entry loads when it is imported (static imports only). */
function mainEntryStaticGraph(): Promise<string[]> {
  return staticGraph(join(REPO, "mod.ts"));
}

Deno.test("the main entry point loads no MCP, install, embed generator or crypto code", async () => {
  const specifiers = await mainEntryGraph();
  assert.ok(specifiers.length > 10);
  const offending = specifiers.filter((s) =>
    s.includes("@modelcontextprotocol") || s.includes("/src/install/") ||
    s.includes("/src/mcp/") || s.includes("/src/embed/") ||
    s === "node:process"
  );
  assert.deepEqual(offending, []);
  // Crypto is loaded only on first use (approvals, hashing): a dynamic
  // import of it is read but never run by a discovery-only program.
  const loaded = await mainEntryStaticGraph();
  assert.ok(loaded.length > 10);
  assert.deepEqual(loaded.filter((s) => s === "node:crypto"), []);
  // js-yaml for frontmatter the fast parser leaves, smol-toml for Codex's
  // config.toml: each loaded on first use, neither by a plain discovery.
  const npm = specifiers.filter((s) => s.startsWith("npm:"));
  assert.deepEqual(npm.map((s) => s.replace(/@[\d.]+$/, "")).sort(), [
    "npm:/js-yaml",
    "npm:/smol-toml",
  ]);
  assert.deepEqual(loaded.filter((s) => s.includes("smol-toml")), []);
});

Deno.test("a command over named roots loads no client table, agent settings or website code; mcp answers its handshake before the skills' modules load", async () => {
  const agentsOnly = (s: string): boolean =>
    s.endsWith("/src/clients/clients_table.ts") ||
    s.endsWith("/src/clients/default_roots.ts") ||
    s.includes("/src/clients/settings") || s.includes("/src/web/well_known");
  for (
    const command of ["list", "validate", "read", "asset", "catalog", "search"]
  ) {
    const loaded = await staticGraph(join(SRC, "cli", `${command}.ts`));
    assert.ok(loaded.length > 20, command);
    assert.deepEqual(loaded.filter(agentsOnly), [], command);
  }
  // What answers initialize on stdio: the command, then serveMcp and the SDK.
  assert.ok(
    (await staticGraph(join(SRC, "mcp", "serve.ts"))).some((s) =>
      s.includes("@modelcontextprotocol")
    ),
  );
  for (const module of ["cli/mcp.ts", "mcp/serve.ts"]) {
    const loaded = await staticGraph(join(SRC, module));
    assert.ok(loaded.length > 5, module);
    assert.deepEqual(
      loaded.filter((s) =>
        s.includes("/src/serve/") || s.includes("/src/discover/") ||
        s.includes("/src/clients/")
      ),
      [],
      module,
    );
  }
});

Deno.test("no module the main entry loads builds a Unicode property class when it loads", async () => {
  // V8 builds a `\p{…}` class when it creates the regular expression, about
  // half a millisecond each: at module level, every importer pays it.
  const files = (await mainEntryGraph()).filter((s) => s.startsWith("file:"));
  assert.ok(files.length > 10);
  const offending: string[] = [];
  for (const specifier of files) {
    const text = await Deno.readTextFile(new URL(specifier));
    // Module-level statements start in column 0 and run to a line ending in ";".
    const statements = text.split("\n").reduce<string[]>((all, line) => {
      if (/^(export )?(const|let|var) /.test(line)) all.push(line);
      else if (all.length > 0 && !all.at(-1)!.trimEnd().endsWith(";")) {
        all[all.length - 1] += `\n${line}`;
      }
      return all;
    }, []);
    for (const statement of statements) {
      // A literal at module level: not inside a function body (`=>`, `{`).
      const head = statement.split(/=>|\bfunction\b|\{\n/)[0]!;
      if (/\/[^/\n]*\\p\{[^/\n]*\/[a-z]*u/.test(head)) {
        offending.push(
          `${relative(REPO, new URL(specifier).pathname)}: ${
            statement.split("\n")[0]
          }`,
        );
      }
    }
  }
  assert.deepEqual(offending, []);
});

Deno.test("tests/deno.json maps every dependency of deno.json to the same version and checks with the same compiler options", async () => {
  const root = JSON.parse(await Deno.readTextFile(join(REPO, "deno.json")));
  const tests = JSON.parse(
    await Deno.readTextFile(join(REPO, "tests", "deno.json")),
  );
  for (const [name, target] of Object.entries(root.imports)) {
    assert.equal(tests.imports[name], target, `tests/deno.json: ${name}`);
  }
  assert.deepEqual(tests.compilerOptions, root.compilerOptions);
  // The package's own name resolves to this checkout, for the doc examples.
  for (const [entry, path] of Object.entries(root.exports)) {
    const name = entry === "." ? root.name : `${root.name}/${entry.slice(2)}`;
    assert.equal(
      tests.imports[name],
      (path as string).replace("./", "../"),
    );
  }
});

Deno.test("the README's folder list names every folder of src/, in an order the imports keep", async () => {
  const readme = await Deno.readTextFile(join(REPO, "README.md"));
  const section = readme.slice(
    readme.indexOf("Under `src/`, one folder per subsystem"),
  );
  const listed = [...section.matchAll(/^- `([a-z]+)\/`/gm)].map((m) => m[1]!);
  const folders: string[] = [];
  for await (const entry of Deno.readDir(SRC)) {
    if (entry.isDirectory) folders.push(entry.name);
  }
  assert.deepEqual(
    [...listed].sort(),
    folders.sort(),
    "the README lists src/'s folders",
  );
  assert.deepEqual([...listed].sort(), Object.keys(ALLOWED).sort());
  // A folder may import only from itself and those listed above it.
  listed.forEach((folder, i) => {
    const above = new Set(listed.slice(0, i + 1));
    for (const to of ALLOWED[folder]!) {
      assert.ok(above.has(to), `${folder}/ may import ${to}/, listed below it`);
    }
  });
});
