// Copyright 2026 the skillscope authors. MIT license.
// A plain `skillscope list` under a temporary HOME: the agents installed
// there are detected by their own directories and their roots read, each
// skill says which agents see it, install's own copies are one skill (a
// hand-edited copy still clashes), and an empty result says where it looked.
import assert from "node:assert/strict";
import { join } from "node:path";
import { defaultSources, discover } from "../mod.ts";
import {
  CLIENT_TABLE,
  type ClientEntry,
} from "../src/clients/clients_table.ts";
import { defaultRoots } from "../src/clients/default_roots.ts";
import { recordedCopies } from "../src/install/same_install.ts";
import {
  type CliRun,
  machine,
  runCli,
  writeSkill,
  writeTree,
} from "./_helpers.ts";

const REPO = new URL("..", import.meta.url).pathname;

/** Every variable the client table names, unset (empty), so the machine's own never leak in. */
const UNSET: Record<string, string> = Object.fromEntries(
  [
    ...JSON.stringify(CLIENT_TABLE).matchAll(/\$([A-Z_]+)/g),
  ].map(([, name]) => [name!, ""]),
);

/** The CLI with the compiled binary's permission set, HOME set, bounded in time. */
function cli(args: string[], cwd: string, home: string): Promise<CliRun> {
  return runCli(args, {
    cwd,
    env: { ...UNSET, HOME: home },
    permissions: ["-P=cli"],
    signal: AbortSignal.timeout(120_000),
  });
}

interface Listed {
  skills: { name: string; path: string; agents?: string[] }[];
  diagnostics: { code: string; message: string; path?: string }[];
  shadowed: { name: string; winner: string; loser: string; same?: true }[];
}

async function listJson(cwd: string, home: string): Promise<Listed> {
  const run = await cli(["list", "--json"], cwd, home);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout);
}

Deno.test("a plain skillscope list finds a skill that is only in ~/.claude/skills, Claude Code being detected by ~/.claude", async () => {
  await using m = await machine();
  await writeSkill(join(m.home, ".claude/skills"), "only-claude");
  const run = await cli(["list"], m.cwd, m.home);
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^NAME +SCOPE +AGENTS +DESCRIPTION +PATH\nonly-claude +user +claude +The only-claude skill +\S+\.claude\/skills\/only-claude\/SKILL\.md\n$/,
  );
  // Nothing else to say: no warning about the roots of agents not installed.
  assert.equal(run.stderr, "1 skill\n");
  const listed = await listJson(m.cwd, m.home);
  assert.deepEqual(listed.skills.map((s) => [s.name, s.agents]), [
    ["only-claude", ["claude"]],
  ]);
  // --client keeps choosing the roots: the shared convention alone has none of it.
  const shared = await cli(["list", "--client", "agents"], m.cwd, m.home);
  assert.match(shared.stderr, /^No skills found/);
});

Deno.test("the AGENTS column answers from each agent's measured view: a SKILL.md starting with a byte-order mark in ~/.agents/skills is seen by opencode, not by Codex or Gemini CLI, which refuse it", async () => {
  await using m = await machine();
  for (const dir of [".codex", ".gemini", ".config/opencode"]) {
    await Deno.mkdir(join(m.home, dir), { recursive: true });
  }
  await writeSkill(join(m.home, ".agents/skills"), "plain");
  await writeTree(join(m.home, ".agents/skills"), {
    "bom/SKILL.md": "\uFEFF---\nname: bom\ndescription: A BOM skill.\n---\n",
  });
  const listed = await listJson(m.cwd, m.home);
  assert.deepEqual(
    listed.skills.map((s) => [s.name, s.agents]).sort(),
    [["bom", ["opencode"]], ["plain", ["codex", "gemini", "opencode"]]],
  );
  // The column and list --client read one rule: Codex lists plain alone.
  const codex = await cli(
    ["list", "--client", "codex", "--json"],
    m.cwd,
    m.home,
  );
  assert.deepEqual(
    JSON.parse(codex.stdout).skills.map((s: { name: string }) => s.name),
    ["plain"],
  );
});

Deno.test("the AGENTS column names every detected agent that reads the skill's root and looks as deep as it sits", async () => {
  await using m = await machine();
  for (const dir of [".codex", ".gemini"]) {
    await Deno.mkdir(join(m.home, dir));
  }
  await writeSkill(join(m.home, ".claude/skills"), "claude-own");
  await writeSkill(join(m.home, ".agents/skills"), "shared-skill");
  // Codex scans 6 levels deep, Gemini CLI only the immediate subdirectories.
  await writeSkill(join(m.home, ".agents/skills"), "group/deep-skill");
  // Listed project first, but Claude Code prefers the personal one.
  await writeSkill(join(m.cwd, ".claude/skills"), "dup", { description: "P" });
  await writeSkill(join(m.home, ".claude/skills"), "dup", { description: "U" });
  const listed = await listJson(m.cwd, m.home);
  assert.deepEqual(
    listed.skills.map((s) => [s.name, s.agents]).sort(),
    [
      ["claude-own", ["claude"]],
      ["deep-skill", ["codex"]],
      ["dup", []],
      ["shared-skill", ["codex", "gemini"]],
    ],
  );
  const table = await cli(["list"], m.cwd, m.home);
  assert.match(table.stdout, /^shared-skill +user +codex, gemini +/m);
  assert.match(table.stdout, /^dup +project +- +P +/m);
  // With --root the agents are not known: no column, no key.
  const root = join(m.home, ".agents/skills");
  const rooted = await cli(["list", "--root", root], m.cwd, m.home);
  assert.match(rooted.stdout, /^NAME +DESCRIPTION +PATH\n/);
  const json = await cli(["list", "--root", root, "--json"], m.cwd, m.home);
  assert.equal(JSON.parse(json.stdout).skills[0].agents, undefined);
});

Deno.test("after a real install --client claude --client codex, list reports no clash for install's own links and copies; a hand-edited copy still clashes", async () => {
  await using m = await machine();
  await Deno.mkdir(join(m.home, ".gemini"));
  const src = join(m.cwd, "src");
  await writeSkill(src, "linked");
  await writeSkill(src, "copied", { extra: "license: MIT" });
  const clients = ["--client", "claude", "--client", "codex"];
  for (
    const args of [
      ["install", join(src, "linked"), ...clients, "--client", "gemini"],
      ["install", join(src, "copied"), ...clients, "--copy"],
    ]
  ) {
    const run = await cli([...args, "--global"], m.cwd, m.home);
    assert.equal(run.code, 0, run.stderr);
  }
  const lock = JSON.parse(
    await Deno.readTextFile(join(m.home, ".claude/skills/skills.lock")),
  );
  assert.deepEqual(lock.skills.copied.targets, [
    { dir: "../../.codex/skills", copy: true },
  ]);
  const listed = await listJson(m.cwd, m.home);
  assert.deepEqual(
    listed.diagnostics.filter((d) => d.code === "skill-shadowed"),
    [],
  );
  assert.ok(listed.shadowed.length >= 3, JSON.stringify(listed.shadowed));
  assert.ok(listed.shadowed.every((s) => s.same === true));
  assert.deepEqual(listed.skills.map((s) => [s.name, s.agents]), [
    ["copied", ["claude", "codex"]],
    ["linked", ["claude", "codex", "gemini"]],
  ]);
  const text = await cli(["list"], m.cwd, m.home);
  assert.equal(text.stderr, "2 skills\n");
  // Codex's copy edited by hand: a different skill of the same name.
  const edited = join(m.home, ".codex/skills/copied/SKILL.md");
  await Deno.writeTextFile(edited, "\nEdited by hand.\n", { append: true });
  const after = await listJson(m.cwd, m.home);
  const clashes = after.diagnostics.filter((d) => d.code === "skill-shadowed");
  assert.deepEqual(clashes.map((d) => d.path), [edited]);
  assert.deepEqual(
    after.shadowed.filter((s) => s.same !== true).map((s) => s.loser),
    [edited],
  );
  assert.deepEqual(after.skills.find((s) => s.name === "copied")?.agents, [
    "claude",
  ]);
});

Deno.test("discover({ sameSkill: recordedCopies }) looks again at every discovery: an edit after the first is a clash in the second", async () => {
  await using m = await machine();
  await writeSkill(join(m.cwd, "src"), "copied");
  const run = await cli(
    [
      "install",
      join(m.cwd, "src/copied"),
      "--client",
      "claude",
      "--client",
      "codex",
      "--copy",
      "--global",
    ],
    m.cwd,
    m.home,
  );
  assert.equal(run.code, 0, run.stderr);
  const options = {
    sources: defaultSources({
      cwd: m.cwd,
      home: m.home,
      ancestors: false,
      clients: ["claude", "codex"],
    }),
    sameSkill: recordedCopies,
  };
  const clashes = async () =>
    (await discover(options)).diagnostics.filter((d) =>
      d.code === "skill-shadowed"
    ).length;
  assert.equal(await clashes(), 0);
  await Deno.writeTextFile(
    join(m.home, ".codex/skills/copied/notes.md"),
    "Added by hand\n",
  );
  assert.equal(await clashes(), 1);
});

Deno.test("a lock shipped by a project cannot make different skills one: a copy it records with other content still clashes, a target outside the project is refused", async () => {
  await using m = await machine();
  const project = join(m.cwd, "proj");
  await writeSkill(join(project, ".claude/skills"), "x", {
    description: "The real one",
  });
  await writeSkill(join(project, ".agents/skills"), "x", {
    description: "Planted",
  });
  const entry = (targets: unknown) => ({
    lockfileVersion: 1,
    skills: {
      x: {
        source: "/elsewhere",
        kind: "local",
        hash: `sha256-${"0".repeat(64)}`,
        files: {},
        installedAt: "2026-01-01T00:00:00.000Z",
        targets,
      },
    },
  });
  await Deno.mkdir(join(m.home, ".claude"));
  for (
    const targets of [
      [{ dir: "../../.agents/skills", copy: true }],
      [{ dir: "../../../../home/.agents/skills", copy: true }],
    ]
  ) {
    await writeTree(project, {
      ".claude/skills/skills.lock": JSON.stringify(entry(targets)),
    });
    const listed = await listJson(project, m.home);
    assert.deepEqual(
      listed.diagnostics.filter((d) => d.code === "skill-shadowed").length,
      1,
      JSON.stringify(targets),
    );
    assert.equal(listed.shadowed[0]?.same, undefined);
  }
});

Deno.test("a plain list that finds nothing names the places it looked and how to look elsewhere", async () => {
  await using m = await machine();
  const empty = await cli(["list"], m.cwd, m.home);
  assert.equal(empty.code, 0);
  assert.equal(empty.stdout, "");
  assert.match(empty.stderr, /^No skills found\. Looked in:\n/);
  for (
    const place of [
      join(m.cwd, ".agents/skills"),
      join(m.home, ".agents/skills"),
    ]
  ) {
    assert.ok(empty.stderr.includes(place), place);
  }
  assert.match(empty.stderr, /No agent found on this machine .*~\/\.claude/);
  assert.match(empty.stderr, /--root DIR/);
  assert.match(empty.stderr, /--client NAME/);
  assert.match(empty.stderr, /skillscope roots/);
  // An agent installed with no skills yet: its roots are among the places.
  await Deno.mkdir(join(m.home, ".claude"));
  const claude = await cli(["list"], m.cwd, m.home);
  assert.ok(
    claude.stderr.includes(join(m.home, ".claude/skills")),
    claude.stderr,
  );
  assert.match(
    claude.stderr,
    new RegExp(
      `Agents found on this machine: Claude Code \\(${m.home}/\\.claude\\)`,
    ),
  );
  // A root named on the command line: that root, and a hint.
  const named = await cli(["list", m.cwd], m.cwd, m.home);
  assert.equal(
    named.stderr,
    `No skills found in ${m.cwd} (a skill is a directory holding a SKILL.md; --recursive looks below the immediate subdirectories)\n`,
  );
});

Deno.test("skillscope roots prints the table of list, with a header, the agents reading each root and the agents detected", async () => {
  await using m = await machine();
  await Deno.mkdir(join(m.home, ".claude/skills"), { recursive: true });
  const run = await cli(["roots"], m.cwd, m.home);
  assert.equal(run.code, 0, run.stderr);
  const [header, ...rows] = run.stdout.trimEnd().split("\n");
  assert.match(header!, /^SCOPE +CLIENT +READ BY +STATE +ACCESS +PATH$/);
  assert.ok(
    rows.some((r) =>
      /^user +claude +claude +exists +readable +\S+\/home\/\.claude\/skills$/
        .test(r)
    ),
    run.stdout,
  );
  assert.match(run.stderr, /^Agents found on this machine: claude /);
  // JSON keeps its shape.
  const json = await cli(["roots", "--json"], m.cwd, m.home);
  assert.deepEqual(Object.keys(JSON.parse(json.stdout)[0]), [
    "path",
    "scope",
    "client",
    "exists",
    "permitted",
  ]);
});

Deno.test("defaultRoots({ detect }) reads an agent's variable only when granted, and project markers only in a trusted project", async () => {
  await using m = await machine();
  await Deno.mkdir(join(m.cwd, ".continue"));
  const detected = (trustProject: boolean) =>
    defaultRoots({
      cwd: m.cwd,
      home: m.home,
      ancestors: false,
      detect: true,
      trustProject,
    }).detected.filter((d) => d.path.startsWith(m.cwd));
  assert.deepEqual(detected(true), [
    { client: "continue", path: join(m.cwd, ".continue") },
  ]);
  assert.deepEqual(detected(false), []);
  // $CODEX_HOME names Codex's directory; not granted, it is not read (and
  // detection adds no warning of its own).
  const codexHome = join(m.cwd, "codex-home");
  await Deno.mkdir(codexHome);
  const script = `import { defaultRoots } from ${
    JSON.stringify(join(REPO, "src/clients/default_roots.ts"))
  };
const r = defaultRoots({ home: ${JSON.stringify(m.home)}, cwd: ${
    JSON.stringify(m.cwd)
  }, ancestors: false, detect: true });
console.log(JSON.stringify([r.detected.some((d) => d.path === ${
    JSON.stringify(codexHome)
  }), r.diagnostics.length]));`;
  const path = join(m.cwd, "detect.ts");
  await Deno.writeTextFile(path, script);
  for (
    const [grant, expected] of [
      ["--allow-env=CODEX_HOME", [true, 0]],
      ["--allow-env=HOME", [false, 0]],
    ] as const
  ) {
    const run = await runCli([], {
      script: path,
      cwd: m.cwd,
      env: { ...UNSET, CODEX_HOME: codexHome },
      permissions: [`--allow-read=${m.cwd},${m.home}`, grant],
      signal: AbortSignal.timeout(120_000),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), expected, grant);
  }
});

Deno.test("every agent but Eve has detect directories with a source, and every variable the table names is in the CLI's permission set", async () => {
  const missing = (Object.entries(CLIENT_TABLE) as [string, ClientEntry][])
    .filter(([name, entry]) =>
      name !== "agents" &&
      !(entry.detect?.value.length && entry.detect.source.length)
    ).map(([name]) => name);
  // Eve is found by a package.json dependency, which a directory cannot say.
  assert.deepEqual(missing, ["eve"]);
  const config = JSON.parse(await Deno.readTextFile(join(REPO, "deno.json")));
  const env: string[] = config.permissions.cli.env;
  assert.deepEqual(Object.keys(UNSET).filter((v) => !env.includes(v)), []);
});
