// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { CLIENT_DIR_SUFFIXES } from "../src/clients/client_dirs_table.ts";
import { join } from "node:path";
import { discoverSync } from "../src/discover/discover.ts";
import {
  clientDirSuffixes,
  defaultRoots,
} from "../src/clients/default_roots.ts";
import { defaultSources } from "../src/clients/root_sources.ts";
import { runCli, tempDir, writeSkill } from "./_helpers.ts";

async function gitInit(dir: string): Promise<void> {
  const out = await new Deno.Command("git", { args: ["init", "-q", dir] })
    .output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

Deno.test("defaultRoots() lists project roots from the cwd up to the git root, then user roots", async () => {
  await using dir = await tempDir();
  const repo = join(dir.path, "repo");
  const cwd = join(repo, "pkg", "app");
  await Deno.mkdir(cwd, { recursive: true });
  await gitInit(repo);
  const home = join(dir.path, "home");
  const { roots, diagnostics } = defaultRoots({
    cwd,
    home,
    clients: ["gemini"],
  });
  assert.deepEqual(diagnostics, []);
  // Gemini CLI reads its own project roots in the cwd only (measured on its
  // binary: gemini/walk/nested-cwd-git); the shared convention walks up.
  assert.deepEqual(roots.map((r) => [r.scope, r.client, r.path]), [
    ["project", "agents", join(cwd, ".agents/skills")],
    ["project", "gemini", join(cwd, ".gemini/skills")],
    ["project", "agents", join(repo, "pkg", ".agents/skills")],
    ["project", "agents", join(repo, ".agents/skills")],
    ["user", "agents", join(home, ".agents/skills")],
    ["user", "gemini", join(home, ".gemini/skills")],
  ]);
});

Deno.test("defaultRoots() uses only the cwd without a git root or with ancestors: false, none untrusted", async () => {
  await using dir = await tempDir();
  const cwd = join(dir.path, "a", "b");
  await Deno.mkdir(cwd, { recursive: true });
  const home = join(dir.path, "home");
  const project = (o: Parameters<typeof defaultRoots>[0]) =>
    defaultRoots(o).roots.filter((r) => r.scope === "project").map((r) =>
      r.path
    );
  assert.deepEqual(project({ cwd, home }), [join(cwd, ".agents/skills")]);
  await gitInit(dir.path);
  assert.equal(project({ cwd, home }).length, 3);
  assert.deepEqual(project({ cwd, home, ancestors: false }), [
    join(cwd, ".agents/skills"),
  ]);
  assert.deepEqual(project({ cwd, home, trustProject: false }), []);
});

Deno.test("skillscope roots follows CODEX_HOME, ZERO_SKILLS_DIR and XDG_CONFIG_HOME when granted", async () => {
  await using dir = await tempDir();
  const env = {
    HOME: join(dir.path, "home"),
    CODEX_HOME: join(dir.path, "codex-home"),
    ZERO_SKILLS_DIR: join(dir.path, "zero"),
    XDG_CONFIG_HOME: join(dir.path, "xdg"),
    // A stand-in for / under the admin roots (never the machine's /etc).
    SKILLSCOPE_SYSTEM_ROOT: join(dir.path, "sys"),
  };
  const args = [
    "roots",
    "--json",
    "--no-project",
    "--client",
    "codex",
    "--client",
    "zero",
    "--client",
    "opencode",
  ];
  const run = await runCli(args, {
    cwd: dir.path,
    env,
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(run.code, 0, run.stderr);
  const paths = JSON.parse(run.stdout).map((r: { path: string }) => r.path);
  // Codex, named first, orders them: $CODEX_HOME/skills, ~/.agents/skills,
  // the system skills, /etc/codex/skills (its loader's skill_roots order).
  assert.deepEqual(paths, [
    join(env.CODEX_HOME, "skills"),
    join(env.HOME, ".agents/skills"),
    env.ZERO_SKILLS_DIR,
    join(env.XDG_CONFIG_HOME, "opencode/skills"),
    join(env.XDG_CONFIG_HOME, "opencode/skill"),
    join(env.HOME, ".claude/skills"),
    join(env.HOME, ".opencode/skills"),
    join(env.HOME, ".opencode/skill"),
    join(env.CODEX_HOME, "skills/.system"),
    join(env.SKILLSCOPE_SYSTEM_ROOT, "etc/codex/skills"),
  ]);
  const denied = await runCli(args, {
    cwd: dir.path,
    env,
    permissions: ["--allow-read", "--allow-env=HOME"],
  });
  assert.equal(denied.code, 0, denied.stderr);
  assert.match(denied.stderr, /--allow-env=CODEX_HOME/);
  assert.deepEqual(
    JSON.parse(denied.stdout).map((r: { path: string }) => r.path).slice(0, 2),
    [
      join(env.HOME, ".codex/skills"),
      join(env.HOME, ".agents/skills"),
    ],
  );
});

Deno.test("defaultRoots() knows every client preset and refuses unknown clients", () => {
  const { roots } = defaultRoots({
    cwd: "/p",
    home: "/h",
    ancestors: false,
    clients: ["codex", "gemini", "opencode", "cursor"],
  });
  const paths = roots.map((r) => `${r.scope}:${r.path}`);
  for (
    const expected of [
      "project:/p/.codex/skills",
      "project:/p/.gemini/skills",
      "project:/p/.opencode/skills",
      "project:/p/.claude/skills",
      "project:/p/.cursor/skills",
      "user:/h/.codex/skills",
      "user:/h/.gemini/skills",
      "user:/h/.config/opencode/skills",
      "user:/h/.claude/skills",
      "user:/h/.cursor/skills",
      "admin:/etc/codex/skills",
    ]
  ) {
    assert.ok(
      paths.includes(expected),
      `${expected} missing from ${paths.join(", ")}`,
    );
  }
  assert.equal(new Set(paths).size, paths.length);
  assert.throws(() => defaultRoots({ clients: ["nope"] }), TypeError);
});

Deno.test("CLIENT_DIR_SUFFIXES, written out, equals what the presets derive", () => {
  assert.deepEqual([...CLIENT_DIR_SUFFIXES], clientDirSuffixes());
  // Every preset's own directory is in it, user directories included.
  for (const root of defaultRoots({ cwd: "/p", home: "/h" }).roots) {
    const suffix = root.path.slice(3);
    assert.ok(CLIENT_DIR_SUFFIXES.includes(suffix), suffix);
  }
});

Deno.test("defaultSources() finds project skills before user skills with a fake HOME", async () => {
  await using dir = await tempDir();
  const cwd = join(dir.path, "project");
  const home = join(dir.path, "home");
  await writeSkill(join(cwd, ".agents/skills"), "shared", {
    description: "project",
  });
  await writeSkill(join(home, ".agents/skills"), "shared", {
    description: "user",
  });
  await writeSkill(join(home, ".agents/skills"), "personal");
  const found = discoverSync({
    sources: defaultSources({ cwd, home, ancestors: false }),
    cache: false,
  });
  assert.deepEqual(found.skills.map((s) => [s.name, s.scope, s.description]), [
    ["shared", "project", "project"],
    ["personal", "user", "The personal skill"],
  ]);
  assert.equal(found.shadowed.length, 1);
});

Deno.test("skillscope list uses the default roots of a fake HOME and cwd", async () => {
  await using dir = await tempDir();
  const cwd = join(dir.path, "project");
  const home = join(dir.path, "home");
  await writeSkill(join(cwd, ".agents/skills"), "proj-skill");
  await writeSkill(join(home, ".agents/skills"), "home-skill");
  await writeSkill(join(home, ".codex/skills"), "codex-skill");
  const run = await runCli(["list", "--json", "--client", "codex"], {
    cwd,
    env: { HOME: home },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.deepEqual(
    result.skills.map((
      s: { name: string; scope: string },
    ) => [s.name, s.scope]),
    [
      ["proj-skill", "project"],
      ["codex-skill", "user"],
      ["home-skill", "user"],
    ],
  );
  const untrusted = await runCli(["list", "--json", "--no-project"], {
    cwd,
    env: { HOME: home },
    permissions: ["--allow-read", "--allow-env"],
  });
  // No project skill; Codex, found by ~/.codex, adds its own root.
  assert.deepEqual(
    JSON.parse(untrusted.stdout).skills.map((s: { name: string }) => s.name),
    ["codex-skill", "home-skill"],
  );
});

Deno.test("skillscope list without env permission skips user roots with a diagnostic naming the flag", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, ".agents/skills"), "proj-skill");
  const run = await runCli(["list", "--json"], {
    cwd: dir.path,
    permissions: ["--allow-read"],
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.deepEqual(result.skills.map((s: { name: string }) => s.name), [
    "proj-skill",
  ]);
  assert.ok(
    result.diagnostics.some((d: { code: string; message: string }) =>
      d.code === "permission-skipped" && d.message.includes("--allow-env=HOME")
    ),
    run.stdout,
  );
  assert.match(run.stderr, /--allow-env=HOME/);
});

Deno.test("skillscope roots prints each root, whether it exists and whether it may be read", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  await Deno.mkdir(join(home, ".agents/skills"), { recursive: true });
  const run = await runCli(["roots", "--json"], {
    cwd: dir.path,
    env: { HOME: home },
    permissions: [`--allow-read=${home}`, "--allow-env"],
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), [
    {
      path: join(dir.path, ".agents/skills"),
      scope: "project",
      client: "agents",
      exists: null,
      permitted: false,
    },
    {
      path: join(home, ".agents/skills"),
      scope: "user",
      client: "agents",
      exists: true,
      permitted: true,
    },
  ]);
  const text = await runCli(["roots"], {
    cwd: dir.path,
    env: { HOME: home },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.match(
    text.stdout,
    /^project +agents +missing +readable +\S+\.agents\/skills$/m,
  );
  assert.match(
    text.stdout,
    /^user +agents +exists +readable +\S+home\/\.agents\/skills$/m,
  );
});
