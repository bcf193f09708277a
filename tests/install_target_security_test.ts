// Copyright 2026 the skillscope authors. MIT license.
// Install targets are checked where they resolve: a cloned project's
// skills.lock naming a directory above the project, or a planted symlink on
// the way to a target, must never reach the user's own skills in HOME.
// Every attack runs the real CLI in a real clone inside a temporary HOME and
// proves that nothing outside the project changed.
import assert from "node:assert/strict";
import { join } from "node:path";
import { install, readLock } from "../src/install/mod.ts";
import type { InstallTarget } from "../src/install/target_path.ts";
import { runCli, tempDir, writeSkill } from "./_helpers.ts";
import { rejectsCode } from "./_git.ts";
import {
  type ClonedProject,
  clonedProject,
  treeSnapshot,
} from "./_hostile_project.ts";

/** A skill outside the project (the lock's source) and the user's own `demo`. */
async function setUp(tmp: string): Promise<string> {
  await writeSkill(join(tmp, "vendor"), "demo", { body: "# vendor\n" });
  await writeSkill(join(tmp, "home/.claude/skills"), "demo", {
    body: "# mine\n",
  });
  return join(tmp, "vendor/demo");
}

/**
 * A clone whose `.agents/skills/skills.lock` is a real lock for `demo` (from
 * a source outside the project) with `target` planted in it; `installed`
 * ships the skill itself too; `links` are planted symlinks. HOME holds the
 * user's own `demo` in `~/.claude/skills`.
 */
async function lockedClone(
  tmp: string,
  target: InstallTarget,
  options: { installed?: boolean; links?: Record<string, string> } = {},
): Promise<ClonedProject & { before: Record<string, string> }> {
  const source = await setUp(tmp);
  const scratch = join(tmp, "scratch/.agents/skills");
  await install({ source, dir: scratch });
  const lock = JSON.parse(
    await Deno.readTextFile(join(scratch, "skills.lock")),
  );
  lock.skills.demo.targets = [target];
  await Deno.remove(join(tmp, "scratch"), { recursive: true });
  const files: Record<string, string> = {
    ".agents/skills/skills.lock": JSON.stringify(lock, null, 2),
  };
  if (options.installed === true) {
    files[".agents/skills/demo/SKILL.md"] = await Deno.readTextFile(
      join(source, "SKILL.md"),
    );
  }
  const cloned = await clonedProject(tmp, files, options.links);
  return { ...cloned, before: await treeSnapshot(tmp, [cloned.project]) };
}

async function cli(
  args: string[],
  project: string,
  home: string,
): Promise<{ code: number; stderr: string }> {
  return await runCli(args, {
    permissions: ["-A"],
    cwd: project,
    env: { HOME: home },
  });
}

Deno.test("restore --project refuses a skills.lock target above the project and links nothing into ~/.claude/skills", async () => {
  await using tmp = await tempDir();
  const dir = "../../../.claude/skills";
  const { home, project, before } = await lockedClone(tmp.path, { dir });
  const run = await cli(["restore", "--project"], project, home);
  assert.equal(run.code, 1, run.stderr);
  assert.ok(run.stderr.includes(JSON.stringify(dir)), run.stderr);
  assert.deepEqual(await treeSnapshot(tmp.path, [project]), before);
  // Refused before anything was written, in the project too.
  assert.ok(!(await exists(join(project, ".agents/skills/demo"))));
});

Deno.test("remove --force refuses a skills.lock copy target above the project and moves nothing out of ~/.claude/skills", async () => {
  await using tmp = await tempDir();
  const { home, project, before } = await lockedClone(
    tmp.path,
    { dir: "../../../.claude/skills", copy: true },
    { installed: true },
  );
  const run = await cli(
    ["remove", "demo", "--project", "--force"],
    project,
    home,
  );
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /"\.\.\/\.\.\/\.\.\/\.claude\/skills"/);
  assert.deepEqual(await treeSnapshot(tmp.path, [project]), before);
  assert.ok(await exists(join(project, ".agents/skills/demo/SKILL.md")));
});

Deno.test("restore --project refuses a target reached through a planted .claude -> ../.claude symlink", async () => {
  await using tmp = await tempDir();
  const { home, project, before } = await lockedClone(
    tmp.path,
    { dir: "../../.claude/skills" },
    { links: { ".claude": "../.claude" } },
  );
  const run = await cli(["restore", "--project"], project, home);
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      `The install target "${project}/\\.claude/skills" resolves to "${home}/\\.claude/skills", outside "${project}"`,
    ),
  );
  assert.deepEqual(await treeSnapshot(tmp.path, [project]), before);
  assert.ok(!(await exists(join(project, ".agents/skills/demo"))));
  // The same through `install --frozen`.
  const frozen = await cli(["install", "--frozen", "--project"], project, home);
  assert.equal(frozen.code, 1, frozen.stderr);
  assert.deepEqual(await treeSnapshot(tmp.path, [project]), before);
});

Deno.test("remove --force refuses a copy target reached through a planted symlink and keeps the user's skill", async () => {
  await using tmp = await tempDir();
  const { home, project, before } = await lockedClone(
    tmp.path,
    { dir: "../../.claude/skills", copy: true },
    { installed: true, links: { ".claude": "../.claude" } },
  );
  for (
    const args of [
      ["remove", "demo", "--project", "--force"],
      ["update", "--project", "--force"],
      ["verify", "--project"],
    ]
  ) {
    const run = await cli(args, project, home);
    assert.equal(run.code, 1, `${args}: ${run.stderr}`);
    assert.match(run.stderr, /resolves to .*, outside /, `${args}`);
    assert.deepEqual(await treeSnapshot(tmp.path, [project]), before);
  }
  assert.ok(await exists(join(project, ".agents/skills/demo/SKILL.md")));
});

/**
 * In a clone that plants `link` (name → symlink text), runs `install helper
 * --client …` for each client list; each must fail naming where the link
 * leads (`message`) and change nothing outside the project.
 */
async function refusedInstalls(
  tmp: string,
  link: Record<string, string>,
  runs: string[][],
  message: (project: string, home: string) => RegExp,
): Promise<ClonedProject & { before: Record<string, string> }> {
  await setUp(tmp);
  await writeSkill(join(tmp, "vendor"), "helper");
  const cloned = await clonedProject(tmp, { "README.md": "a project\n" }, link);
  const { home, project } = cloned;
  const before = await treeSnapshot(tmp, [project]);
  for (const args of runs) {
    const run = await cli(
      ["install", join(tmp, "vendor/helper"), ...args, "--project"],
      project,
      home,
    );
    assert.equal(run.code, 1, `${args}: ${run.stderr}`);
    assert.match(run.stderr, message(project, home), `${args}`);
    assert.deepEqual(await treeSnapshot(tmp, [project]), before);
  }
  assert.ok(!(await exists(join(project, ".agents/skills/helper"))));
  return { ...cloned, before };
}

Deno.test("install --client claude --project --copy refuses a project whose .claude leads out of it, as the lock's directory and as a target", async () => {
  await using tmp = await tempDir();
  const { project, before } = await refusedInstalls(
    tmp.path,
    { ".claude": "../.claude" },
    [
      ["--client", "claude", "--copy"],
      ["--client", "agents", "--client", "claude", "--copy"],
      ["--client", "claude", "--client", "codex", "--copy"],
    ],
    (project, home) =>
      new RegExp(`"${project}/\\.claude/skills" resolves to "${home}/`),
  );
  // The library checks the targets it is given the same way, before the fetch.
  await rejectsCode(
    install({
      source: join(tmp.path, "vendor/helper"),
      dir: join(project, ".agents/skills"),
      targets: [join(project, ".claude/skills")],
      copy: true,
    }),
    "target-outside",
  );
  assert.deepEqual(await treeSnapshot(tmp.path, [project]), before);
});

Deno.test("a dangling planted symlink is refused where it leads: writing through it would create the directory outside", async () => {
  await using tmp = await tempDir();
  await refusedInstalls(
    tmp.path,
    { ".codex": "../.codex-planted" },
    [["--client", "codex"], ["--client", "agents", "--client", "codex"]],
    () => /\.codex-planted\/skills", outside /,
  );
});

Deno.test("a symlink that stays inside the project is followed: the target gets the skill where the link leads", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "vendor"), "helper");
  const { home, project } = await clonedProject(
    tmp.path,
    { "shared/.keep": "" },
    { ".codex": "shared" },
  );
  const run = await cli(
    [
      "install",
      join(tmp.path, "vendor/helper"),
      "--client",
      "agents",
      "--client",
      "codex",
      "--project",
    ],
    project,
    home,
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(
    await Deno.realPath(join(project, "shared/skills/helper")),
    join(project, ".agents/skills/helper"),
  );
  assert.deepEqual(
    readLock(join(project, ".agents/skills")).skills.helper
      ?.targets,
    [{ dir: "../../.codex/skills" }],
  );
});

Deno.test("a target directory swapped for a symlink while its copy is written is caught before the rename", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "vendor"), "demo");
  const project = join(tmp.path, "p");
  const outside = join(tmp.path, "outside");
  await Deno.mkdir(outside);
  const codex = join(project, ".codex");
  let swapped = false;
  await rejectsCode(
    install({
      source: join(tmp.path, "vendor/demo"),
      dir: join(project, ".claude/skills"),
      targets: [join(codex, "skills")],
      copy: true,
      fs: {
        writeFile(path, data, mode): void {
          // A racing process moves the target's directory out of the
          // project and leaves a symlink to it in its place.
          if (!swapped && path.startsWith(`${codex}/`)) {
            swapped = true;
            Deno.renameSync(codex, join(outside, "codex"));
            Deno.symlinkSync(join(outside, "codex"), codex);
          }
          Deno.writeFileSync(path, data, mode === undefined ? {} : { mode });
        },
        rename: Deno.renameSync,
      },
    }),
    "target-outside",
  );
  assert.ok(swapped);
  assert.deepEqual(
    [...Deno.readDirSync(join(outside, "codex/skills"))].map((e) => e.name),
    [],
  );
});

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}
