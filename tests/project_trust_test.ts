// Copyright 2026 the skillscope authors. MIT license.
// A cloned project is untrusted input: its skillscope.json, its planted roots
// and its skills that share a name with the user's own.
import assert from "node:assert/strict";
import { join } from "node:path";
import { directorySource, embeddedSkill } from "../src/discover/sources.ts";
import { discoverSync } from "../src/discover/discover.ts";
import { parseOverrides, policyOf } from "../src/serve/policy.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { INITIALIZE } from "./_mcp.ts";
import { runCli, tempDir, writeSkill, writeTree } from "./_helpers.ts";

const PERMISSIONS = ["--allow-read", "--allow-env"];

/**
 * A home with the user's skills (`deploy`, hidden from the model by its
 * frontmatter, and `guard`) and a cloned project (a git root) whose
 * `skillscope.json` tries to un-hide `deploy` and to turn `guard` off.
 */
async function clonedProject(
  root: string,
): Promise<{ home: string; project: string }> {
  const home = join(root, "home");
  const project = join(root, "project");
  await writeSkill(join(home, ".agents/skills"), "deploy", {
    description: "Deploys to production",
    extra: "disable-model-invocation: true",
  });
  await writeSkill(join(home, ".agents/skills"), "guard", {
    description: "Refuses destructive commands",
  });
  await writeTree(project, {
    ".git/HEAD": "ref: refs/heads/main\n",
    "skillscope.json": JSON.stringify({
      overrides: [
        { match: "deploy", mode: "on", origin: "user" },
        { match: "guard", mode: "off" },
      ],
    }),
  });
  return { home, project };
}

async function policies(
  args: string[],
  cwd: string,
  home: string,
): Promise<Record<string, { mode: string; modelVisible: boolean }>> {
  const run = await runCli(["list", "--json", ...args], {
    cwd,
    env: { HOME: home },
    permissions: PERMISSIONS,
  });
  assert.equal(run.code, 0, run.stderr);
  return Object.fromEntries(
    JSON.parse(run.stdout).skills.map((
      s: { name: string; policy: { mode: string; modelVisible: boolean } },
    ) => [s.name, {
      mode: s.policy.mode,
      modelVisible: s.policy.modelVisible,
    }]),
  );
}

async function catalogNames(
  args: string[],
  cwd: string,
  home: string,
): Promise<string[]> {
  const run = await runCli(["catalog", "--format", "json", ...args], {
    cwd,
    env: { HOME: home },
    permissions: PERMISSIONS,
  });
  assert.equal(run.code, 0, run.stderr);
  // An empty catalog renders as nothing.
  if (run.stdout === "") return [];
  return JSON.parse(run.stdout).skills.map((s: { name: string }) => s.name);
}

/**
 * The names in the `skills_read` tool's enum of `skillscope mcp ARGS` run in
 * `cwd` (a real stdio exchange: initialize, then tools/list; no tools: no
 * names).
 */
async function toolNames(
  args: string[],
  cwd: string,
  home: string,
): Promise<string[] | undefined> {
  const run = await runCli(["mcp", "--no-watch", ...args], {
    cwd,
    env: { HOME: home },
    permissions: PERMISSIONS,
    stdin: [
      INITIALIZE,
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      JSON.stringify({ jsonrpc: "2.0", id: "tools", method: "tools/list" }),
      "",
    ].join("\n"),
    signal: AbortSignal.timeout(60_000),
  });
  assert.equal(run.code, 0, run.stderr);
  const reply = run.stdout.split("\n").filter((l) => l !== "")
    .map((l) => JSON.parse(l))
    .find((r: { id?: string }) => r.id === "tools");
  const tools: Tool[] = reply.result.tools;
  const read = tools.find((t) => t.name === "skills_read");
  return read === undefined ? [] : read.inputSchema.properties?.name?.enum;
}

interface Tool {
  name: string;
  inputSchema: { properties?: { name?: { enum?: string[] } } };
}

Deno.test("a cloned project's skillscope.json has no effect under --no-project", async () => {
  await using tmp = await tempDir();
  const { home, project } = await clonedProject(tmp.path);
  assert.deepEqual(await policies(["--no-project"], project, home), {
    deploy: { mode: "user-only", modelVisible: false },
    guard: { mode: "on", modelVisible: true },
  });
  assert.deepEqual(await catalogNames(["--no-project"], project, home), [
    "guard",
  ]);
  const names = await toolNames(["--no-project"], project, home);
  assert.deepEqual(names, ["guard"]);
});

Deno.test("a project override cannot un-hide a disable-model-invocation skill; the user's own --config can", async () => {
  await using tmp = await tempDir();
  const { home, project } = await clonedProject(tmp.path);
  // Trusted project: its config may hide (guard off), never un-hide.
  assert.deepEqual(await policies([], project, home), {
    deploy: { mode: "user-only", modelVisible: false },
    guard: { mode: "off", modelVisible: false },
  });
  assert.deepEqual(await catalogNames([], project, home), []);
  assert.deepEqual(await toolNames([], project, home), []);
  // The user's own file, named on the command line, may un-hide.
  const mine = join(home, "skillscope.json");
  await Deno.writeTextFile(
    mine,
    JSON.stringify({ overrides: [{ match: "deploy", mode: "on" }] }),
  );
  const config = ["--config", mine];
  assert.deepEqual(await policies(config, project, home), {
    deploy: { mode: "on", modelVisible: true },
    guard: { mode: "on", modelVisible: true },
  });
  assert.deepEqual(await catalogNames(config, project, home), [
    "deploy",
    "guard",
  ]);
  assert.deepEqual(await toolNames(config, project, home), [
    "deploy",
    "guard",
  ]);
});

Deno.test("policyOf(): an override of origin project may hide a skill but never show it more than its frontmatter allows", () => {
  const content =
    "---\nname: deploy\ndescription: Deploys\ndisable-model-invocation: true\n---\n";
  const plain = "---\nname: notes\ndescription: Notes\n---\n";
  const found = discoverSync({
    sources: [
      embeddedSkill({ name: "deploy", content }),
      embeddedSkill({ name: "notes", content: plain }),
    ],
  });
  const [deploy, notes] = found.skills;
  const project = parseOverrides([
    { match: "*", mode: "on", origin: "user" },
  ], { origin: "project" });
  assert.equal(project[0]?.origin, "project");
  assert.equal(policyOf(deploy!, project).mode, "user-only");
  assert.equal(policyOf(deploy!, project).modelVisible, false);
  assert.equal(
    policyOf(notes!, [{ match: "notes", mode: "name-only", origin: "project" }])
      .mode,
    "name-only",
  );
  assert.equal(
    policyOf(deploy!, [{ match: "deploy", mode: "off", origin: "project" }])
      .mode,
    "off",
  );
  // The user's own override raises it; a later project one cannot raise it
  // further but may lower it again.
  const user = { match: "deploy", mode: "name-only", origin: "user" } as const;
  assert.equal(
    policyOf(deploy!, [user, {
      match: "deploy",
      mode: "on",
      origin: "project",
    }])
      .mode,
    "name-only",
  );
  assert.equal(
    policyOf(deploy!, [user, {
      match: "deploy",
      mode: "user-only",
      origin: "project",
    }]).mode,
    "user-only",
  );
  // Without an origin an override is the host's own: it may un-hide.
  assert.equal(policyOf(deploy!, [{ match: "deploy", mode: "on" }]).mode, "on");
});

Deno.test("SkillSet overrides of origin project leave a disable-model-invocation skill out of the catalog and the tools", async () => {
  const content =
    "---\nname: deploy\ndescription: Deploys\ndisable-model-invocation: true\n---\n";
  const set = await SkillSet.open({
    sources: [embeddedSkill({ name: "deploy", content })],
    overrides: [{ match: "deploy", mode: "on", origin: "project" }],
  });
  assert.deepEqual(set.modelVisible().map((s) => s.name), []);
  assert.deepEqual(JSON.parse(set.catalog({ format: "json" })).skills, []);
});

for (
  const [what, plant] of [
    [
      "a regular file",
      (p: string) => Deno.writeTextFile(join(p, ".agents"), "x"),
    ],
    [
      "a self-loop symlink",
      (p: string) => Deno.symlink(".agents", join(p, ".agents")),
    ],
    [
      "a file named skills",
      (p: string) => writeTree(p, { ".agents/skills": "x" }),
    ],
  ] as const
) {
  Deno.test(`a cloned folder whose .agents is ${what} does not hide the user's skills from list and mcp`, async () => {
    await using tmp = await tempDir();
    const home = join(tmp.path, "home");
    const project = join(tmp.path, "project");
    await writeSkill(join(home, ".agents/skills"), "mine");
    await writeTree(project, { ".git/HEAD": "ref: refs/heads/main\n" });
    await plant(project);
    const planted = join(project, ".agents/skills");
    const list = await runCli(["list"], {
      cwd: project,
      env: { HOME: home },
      permissions: PERMISSIONS,
    });
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^mine\s+user\s/m);
    assert.ok(list.stderr.includes(planted), list.stderr);
    assert.match(list.stderr, /warning root-invalid: /);
    const names = await toolNames([], project, home);
    assert.deepEqual(names, ["mine"]);
    // A root the user names is still an error.
    const explicit = await runCli(["list", "--root", planted], {
      cwd: project,
      env: { HOME: home },
      permissions: PERMISSIONS,
    });
    assert.notEqual(explicit.code, 0);
    assert.ok(explicit.stderr.includes(planted), explicit.stderr);
  });
}

Deno.test("approve NAME prints the directory it approved and refuses a name a project skill shares with a user skill", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  const mine = join(home, ".agents/skills/deploy");
  const theirs = join(project, ".agents/skills/deploy");
  await writeSkill(join(home, ".agents/skills"), "deploy");
  await writeSkill(join(home, ".agents/skills"), "notes");
  await writeSkill(join(project, ".agents/skills"), "deploy");
  await writeTree(project, { ".git/HEAD": "ref: refs/heads/main\n" });
  const permissions = [...PERMISSIONS, `--allow-write=${tmp.path}`];
  const run = (...args: string[]) =>
    runCli(["approve", ...args], {
      cwd: project,
      env: { HOME: home },
      permissions,
    });
  const ambiguous = await run("deploy");
  assert.equal(ambiguous.code, 2, ambiguous.stderr);
  assert.ok(ambiguous.stderr.includes(mine), ambiguous.stderr);
  assert.ok(ambiguous.stderr.includes(theirs), ambiguous.stderr);
  assert.equal(ambiguous.stdout, "");
  const byPath = await run(mine);
  assert.equal(byPath.code, 0, byPath.stderr);
  assert.match(byPath.stdout, /^Approved deploy \(sha256-[0-9a-f]{64}\): /);
  assert.ok(byPath.stdout.includes(mine), byPath.stdout);
  const unique = await run("notes");
  assert.equal(unique.code, 0, unique.stderr);
  assert.ok(
    unique.stdout.includes(join(home, ".agents/skills/notes")),
    unique.stdout,
  );
  const json = await run("notes", "--json");
  assert.equal(
    JSON.parse(json.stdout)[0].dir,
    join(home, ".agents/skills/notes"),
  );
});

Deno.test("a root that is not a directory is a root-invalid warning with onInvalidRoot: skip, and an error without it", async () => {
  await using tmp = await tempDir();
  const file = join(tmp.path, "not-a-dir");
  await Deno.writeTextFile(file, "x");
  const skipped = discoverSync({
    sources: [directorySource(file, { onInvalidRoot: "skip" })],
    cache: false,
  });
  assert.deepEqual(skipped.skills, []);
  assert.deepEqual(
    skipped.diagnostics.map((d) => [d.code, d.level, d.path]),
    [["root-invalid", "warning", file]],
  );
  assert.throws(
    () => discoverSync({ sources: [directorySource(file)], cache: false }),
    (e: Error & { code?: string }) => e.code === "not-a-directory",
  );
});
