// Copyright 2026 the skillscope authors. MIT license.
// install --client: the first client's directory holds the real copy and
// skills.lock; the others get a symlink (or a copy), recorded in the lock so
// verify, update and remove handle them all.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  install,
  readLock,
  remove,
  update,
  verify,
} from "../src/install/mod.ts";
import { runCli, skillMd, tempDir, writeSkill } from "./_helpers.ts";
import { rejectsCode } from "./_git.ts";

async function isSymlink(path: string): Promise<boolean> {
  return (await Deno.lstat(path).catch(() => undefined))?.isSymlink === true;
}
async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test("install --client claude --client codex --project: a real copy, a symlink, both in the lock; remove clears both", async () => {
  await using tmp = await tempDir();
  const project = join(tmp.path, "app");
  await Deno.mkdir(project);
  await writeSkill(join(tmp.path, "src"), "demo");
  const source = join(tmp.path, "src/demo");
  const run = await runCli(
    ["install", source, "--client", "claude", "--client", "codex", "--project"],
    { permissions: ["-A"], cwd: project },
  );
  assert.equal(run.code, 0, run.stderr);
  const claude = join(project, ".claude/skills");
  const codex = join(project, ".codex/skills");
  assert.match(run.stdout, new RegExp(`Installed demo .* into ${claude}/demo`));
  assert.match(run.stdout, new RegExp(`also in: ${codex}/demo`));
  assert.ok((await Deno.lstat(join(claude, "demo"))).isDirectory);
  assert.ok(await isSymlink(join(codex, "demo")));
  assert.equal(
    await Deno.readTextFile(join(codex, "demo/SKILL.md")),
    await Deno.readTextFile(join(source, "SKILL.md")),
  );
  // One lock, in the first client's directory, naming the other.
  assert.deepEqual((await readLock(claude)).skills.demo?.targets, [{
    dir: "../../.codex/skills",
  }]);
  assert.ok(!(await exists(join(codex, "skills.lock"))));
  assert.equal((await verify(claude)).ok, true);
  // A broken link is drift that verify names.
  await Deno.remove(join(codex, "demo"));
  const report = await verify(claude);
  assert.equal(report.ok, false);
  assert.deepEqual(report.skills[0]?.files, [{
    path: join(codex, "demo"),
    change: "removed",
  }]);
  // Installing again puts it back.
  await install({ source, dir: claude, targets: [codex] });
  assert.ok(await isSymlink(join(codex, "demo")));
  const removed = await runCli(
    ["remove", "demo", "--client", "claude", "--client", "codex", "--project"],
    { permissions: ["-A"], cwd: project },
  );
  assert.equal(removed.code, 0, removed.stderr);
  assert.ok(!(await exists(join(claude, "demo"))));
  assert.ok(!(await exists(join(codex, "demo"))));
});

Deno.test("--copy: the other directory gets a copy; update refreshes it; a changed copy is never lost", async () => {
  await using tmp = await tempDir();
  const base = join(tmp.path, "home");
  const claude = join(base, ".claude/skills");
  const gemini = join(base, ".gemini/skills");
  await writeSkill(join(tmp.path, "src"), "demo", { body: "# v1\n" });
  const source = join(tmp.path, "src/demo");
  const first = await install({
    source,
    dir: claude,
    targets: [gemini],
    copy: true,
  });
  assert.deepEqual(first.targets, [join(gemini, "demo")]);
  assert.ok((await Deno.lstat(join(gemini, "demo"))).isDirectory);
  assert.deepEqual((await readLock(claude)).skills.demo?.targets, [{
    dir: "../../.gemini/skills",
    copy: true,
  }]);
  await Deno.writeTextFile(
    join(source, "SKILL.md"),
    skillMd("name: demo\ndescription: A demo skill", "# v2\n"),
  );
  await update(claude);
  assert.match(await Deno.readTextFile(join(gemini, "demo/SKILL.md")), /# v2/);
  assert.equal((await verify(claude)).ok, true);
  // An edit in the copy blocks update and remove, like an edit in the real copy.
  await Deno.writeTextFile(join(gemini, "demo/SKILL.md"), "edited copy\n");
  await Deno.writeTextFile(join(source, "extra.md"), "v3\n");
  const refused = await rejectsCode(update(claude), "locally-modified");
  assert.match(refused.message, new RegExp(`modified ${gemini}/demo`));
  await rejectsCode(remove(claude, "demo"), "locally-modified");
  assert.equal(
    await Deno.readTextFile(join(gemini, "demo/SKILL.md")),
    "edited copy\n",
  );
  const notes = await remove(claude, "demo", { force: true });
  assert.ok(
    notes.some((n) => n.includes("kept the changed copy")),
    notes.join("\n"),
  );
  assert.ok(!(await exists(join(gemini, "demo"))));
});

Deno.test("a target that is not a client skills directory beside the real copy is refused, and so is a planted one in a lockfile", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "src"), "demo");
  const source = join(tmp.path, "src/demo");
  const dir = join(tmp.path, "p/.claude/skills");
  await rejectsCode(
    install({ source, dir, targets: [join(tmp.path, "elsewhere")] }),
    "bad-target",
  );
  await rejectsCode(
    install({ source, dir, targets: [join(tmp.path, "../../.codex/skills")] }),
    "bad-target",
  );
  await install({ source, dir });
  // A lockfile (say, from a cloned repository) naming a target outside the project.
  const lock = JSON.parse(await Deno.readTextFile(join(dir, "skills.lock")));
  lock.skills.demo.targets = [{ dir: "../../../../../etc/.codex/skills" }];
  await Deno.writeTextFile(join(dir, "skills.lock"), JSON.stringify(lock));
  await rejectsCode(update(dir), "lockfile-invalid");
  lock.skills.demo.targets = [{ dir: "../../.bashrc.d" }];
  await Deno.writeTextFile(join(dir, "skills.lock"), JSON.stringify(lock));
  await rejectsCode(update(dir), "lockfile-invalid");
});

Deno.test("a directory in a target's way that install did not put there is kept unless --force", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "src"), "demo");
  const source = join(tmp.path, "src/demo");
  const claude = join(tmp.path, "p/.claude/skills");
  const codex = join(tmp.path, "p/.codex/skills");
  await writeSkill(codex, "demo", { body: "# mine\n" });
  await rejectsCode(
    install({ source, dir: claude, targets: [codex] }),
    "unlocked-directory",
  );
  assert.match(await Deno.readTextFile(join(codex, "demo/SKILL.md")), /# mine/);
  const forced = await install({
    source,
    dir: claude,
    targets: [codex],
    force: true,
  });
  assert.ok(
    forced.notes.some((n) => n.includes("kept what was in")),
    forced.notes.join("\n"),
  );
  assert.ok(await isSymlink(join(codex, "demo")));
});

Deno.test("install --client in user scope uses the client table's user directories; unusable combinations are usage errors", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  await Deno.mkdir(home);
  await writeSkill(join(tmp.path, "src"), "demo");
  const env = { HOME: home, XDG_CONFIG_HOME: "", CLAUDE_CONFIG_DIR: "" };
  const run = await runCli(
    [
      "install",
      join(tmp.path, "src/demo"),
      "--client",
      "claude",
      "--client",
      "opencode",
    ],
    { permissions: ["-A"], env, cwd: tmp.path },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.ok((await Deno.lstat(join(home, ".claude/skills/demo"))).isDirectory);
  assert.ok(await isSymlink(join(home, ".config/opencode/skills/demo")));
  const verified = await runCli(["verify", "--client", "claude"], {
    permissions: ["-A"],
    env,
    cwd: tmp.path,
  });
  assert.equal(verified.code, 0, verified.stderr);
  for (
    const [args, message] of [
      [
        ["--client", "zero", "--project"],
        /zero has no project skills directory/,
      ],
      [["--client", "nope"], /Unknown client "nope"/],
      [["--client", "claude", "--dir", tmp.path], /--dir or --client/],
      [["--project", "--global"], /--project or --global/],
    ] as const
  ) {
    const bad = await runCli(["install", join(tmp.path, "src/demo"), ...args], {
      permissions: ["-A"],
      env,
      cwd: tmp.path,
    });
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, message);
  }
});
