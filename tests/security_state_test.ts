// Copyright 2026 the skillscope authors. MIT license.
// Attacks through the install state a cloned project can ship: forged
// journals, lockfile keys as paths, state files that are devices, symlink
// loops in installed trees, credentials in URLs, an inherited git
// environment, stale locks, self-nesting sources, renamed upstream skills,
// git bombs. Each test runs the attack and checks that nothing outside the
// skills directory changed and nothing hangs.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type GitRunner, runGit } from "../src/install/git.ts";
import { install, remove, update, verify } from "../src/install/mod.ts";
import { acquireLock } from "../src/install/mutex.ts";
import { dirIdentitySync, workName } from "../src/install/owner.ts";
import {
  CLI,
  CONFIG,
  runCli,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";
import { gitRepo, rejectsCode, sh } from "./_git.ts";

const INSTALL_PERMS = [
  "--allow-read",
  "--allow-write",
  "--allow-run=git",
  "--allow-env",
];

/** A cloned project: `.agents/skills` holding whatever the repository shipped. */
async function clonedProject(
  root: string,
  files: Record<string, string>,
): Promise<string> {
  await writeTree(root, { ".git/hooks/.keep": "", ...files });
  const skills = join(root, ".agents/skills");
  await Deno.mkdir(skills, { recursive: true });
  return skills;
}

function assertAbsent(path: string): void {
  assert.throws(() => Deno.lstatSync(path), Deno.errors.NotFound, path);
}

Deno.test("a forged journal in a cloned project cannot plant a git hook (verify, install, remove)", async () => {
  await using tmp = await tempDir();
  const payload = "#!/bin/sh\necho pwned > /tmp/skillscope-pwned\n";
  const skills = await clonedProject(tmp.path, {
    ".agents/skills/payload.sh": payload,
  });
  const forged = (journal: Record<string, unknown>) =>
    Deno.writeTextFile(
      join(skills, ".skillscope-journal.json"),
      JSON.stringify(journal),
    );
  const hook = join(tmp.path, ".git/hooks/post-checkout");
  const attacks: Record<string, unknown>[] = [
    // The first round's format, as the review reproduced it.
    {
      op: "install",
      name: "../../.git/hooks/post-checkout",
      stage: "does-not-exist",
      backup: "payload.sh",
      entry: {},
    },
    // The new format with a guessed tag and a traversal name.
    {
      journalVersion: 2,
      nonce: "0000000000000000",
      tag: "0000000000000000",
      record: {
        op: "install",
        name: "../../.git/hooks/post-checkout",
        stage: ".skillscope-stage-0000000000000000-0000000000000000",
        backup: "payload.sh",
        entry: {},
      },
    },
  ];
  for (const attack of attacks) {
    await forged(attack);
    const report = await verify(skills);
    assertAbsent(hook);
    assert.equal(
      await Deno.readTextFile(join(skills, "payload.sh")),
      payload,
    );
    assert.ok(
      report.notes.some((n) => n.startsWith("warning: ignored a journal")),
      JSON.stringify(report.notes),
    );
    // The forged journal is left alone, not acted upon and not deleted.
    assert.ok(Deno.lstatSync(join(skills, ".skillscope-journal.json")).isFile);
  }

  // The CLI run the review used: verify --project inside the clone.
  const cli = await runCli(["verify", "--project"], {
    cwd: tmp.path,
    permissions: INSTALL_PERMS,
  });
  assertAbsent(hook);
  assert.match(cli.stderr, /ignored a journal/);

  // Install and remove ignore it as well, and still work.
  const source = join(tmp.path, "src");
  await writeSkill(source, "good");
  const result = await install({ source: join(source, "good"), dir: skills });
  assert.equal(result.status, "installed");
  assert.ok(result.notes.some((n) => n.includes("ignored a journal")));
  await remove(skills, "good");
  assertAbsent(hook);
});

Deno.test("a forged journal cannot move a file from outside into the project", async () => {
  await using tmp = await tempDir();
  const secret = join(tmp.path, "home/.ssh/id_ed25519");
  await writeTree(tmp.path, { "home/.ssh/id_ed25519": "PRIVATE KEY" });
  const skills = await clonedProject(join(tmp.path, "project"), {});
  await Deno.writeTextFile(
    join(skills, ".skillscope-journal.json"),
    JSON.stringify({
      op: "install",
      name: "stolen",
      stage: ".skillscope-stage-x",
      backup: "../../../home/.ssh/id_ed25519",
      entry: {},
    }),
  );
  await Deno.mkdir(join(skills, ".skillscope-stage-x"));
  await verify(skills);
  assert.equal(await Deno.readTextFile(secret), "PRIVATE KEY");
  assertAbsent(join(skills, "stolen"));
});

Deno.test("working-directory look-alikes shipped by a repository are neither used nor deleted", async () => {
  await using tmp = await tempDir();
  const skills = await clonedProject(tmp.path, {
    ".agents/skills/.skillscope-old-0123456789abcdef-0123456789abcdef/keep.txt":
      "mine",
    ".agents/skills/.skillscope-stage-other/keep.txt": "mine",
  });
  await verify(skills);
  assert.equal(
    await Deno.readTextFile(
      join(
        skills,
        ".skillscope-old-0123456789abcdef-0123456789abcdef/keep.txt",
      ),
    ),
    "mine",
  );
  assert.equal(
    await Deno.readTextFile(join(skills, ".skillscope-stage-other/keep.txt")),
    "mine",
  );
  // Our own leftovers (tagged for this very directory) are still cleaned up.
  const ours = join(skills, workName(dirIdentitySync(skills), "stage"));
  await Deno.mkdir(ours);
  await verify(skills);
  assertAbsent(ours);
});

Deno.test("skills.lock keys that are paths are refused before anything is walked or printed", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "secret-dir/credentials-file-name.txt": "secret",
  });
  const skills = await clonedProject(join(tmp.path, "a/b"), {});
  const digest = `sha256-${"0".repeat(64)}`;
  const lock = (skillsMap: Record<string, unknown>) =>
    Deno.writeTextFile(
      join(skills, "skills.lock"),
      JSON.stringify({ lockfileVersion: 1, skills: skillsMap }),
    );
  const entry = (files: Record<string, string>) => ({
    source: "/x",
    kind: "local",
    hash: digest,
    files,
    installedAt: "2026-01-01T00:00:00Z",
  });
  const cases: Record<string, unknown>[] = [
    { "../../../secret-dir": entry({}) },
    { "ok-name": entry({ "../../../../secret-dir/x": digest }) },
    { "ok-name": entry({ "/etc/passwd": digest }) },
    { "ok-name": { ...entry({}), hash: "../../x" } },
  ];
  for (const skillsMap of cases) {
    await lock(skillsMap);
    const before = await Deno.readTextFile(join(skills, "skills.lock"));
    await rejectsCode(verify(skills), "lockfile-invalid");
    const cli = await runCli(["verify", "--dir", skills], {
      permissions: INSTALL_PERMS,
    });
    assert.equal(cli.code, 1, cli.stderr);
    assert.doesNotMatch(cli.stdout + cli.stderr, /credentials-file-name/);
    assert.match(cli.stderr, /skills\.lock/);
    assert.doesNotMatch(cli.stderr, /^\s+at /m, "no stack trace");
    const info = await runCli(["info", "ok-name", "--dir", skills], {
      permissions: INSTALL_PERMS,
    });
    assert.equal(info.code, 1);
    assert.doesNotMatch(info.stdout + info.stderr, /credentials-file-name/);
    assert.equal(
      await Deno.readTextFile(join(skills, "skills.lock")),
      before,
      "nothing changed",
    );
  }
});

Deno.test("corrupted or hand-edited lockfiles give a clear error naming the file, exit 1, no stack", async () => {
  await using tmp = await tempDir();
  const skills = join(tmp.path, "skills");
  await Deno.mkdir(skills);
  const bad = [
    "{",
    "[]",
    "null",
    '{"lockfileVersion":1,"skills":[]}',
    '{"lockfileVersion":1,"skills":{"a":null}}',
    '{"lockfileVersion":1,"skills":{"a":{"source":1}}}',
    '{"lockfileVersion":1,"skills":{"a":{"source":"x","kind":"local","hash":"sha256-' +
    "a".repeat(64) + '","files":{"f":5}}}}',
    '{"lockfileVersion":1,"skills":{"__proto__":{}}}',
  ];
  for (const text of bad) {
    await Deno.writeTextFile(join(skills, "skills.lock"), text);
    for (const args of [["verify"], ["remove", "a"], ["update"]]) {
      const run = await runCli([...args, "--dir", skills], {
        permissions: INSTALL_PERMS,
      });
      assert.equal(run.code, 1, `${args} on ${text}: ${run.stderr}`);
      assert.match(run.stderr, /skills\.lock/, run.stderr);
      assert.doesNotMatch(run.stderr, /^\s+at /m, run.stderr);
      assert.equal(await Deno.readTextFile(join(skills, "skills.lock")), text);
    }
  }
});

Deno.test("state files that are devices, FIFOs or symlinks are never read", async () => {
  await using tmp = await tempDir();
  for (
    const [name, target] of [
      ["skills.lock", "/dev/zero"],
      ["skills.lock", "/dev/stdin"],
      [".skillscope-journal.json", "/dev/zero"],
      [".skillscope-lock", "/dev/zero"],
      [".skillscope-lock", "/dev/stdin"],
    ] as const
  ) {
    const skills = join(tmp.path, `${name}-${target.replaceAll("/", "_")}`);
    await Deno.mkdir(skills);
    await Deno.symlink(target, join(skills, name));
    const source = join(tmp.path, "src");
    await writeSkill(source, "good");
    const started = Date.now();
    // stdin is a pipe that never closes: reading it would hang the run.
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        `--config=${CONFIG}`,
        ...INSTALL_PERMS,
        CLI,
        "install",
        join(source, "good"),
        "--dir",
        skills,
      ],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const out = await child.output();
    clearTimeout(timer);
    const stderr = new TextDecoder().decode(out.stderr);
    assert.ok(Date.now() - started < 20_000, `${name} → ${target} hung`);
    if (name === ".skillscope-journal.json") {
      assert.equal(out.code, 0, stderr);
      assert.match(stderr, /ignored a journal/);
    } else {
      assert.equal(out.code, 1, stderr);
      assert.match(stderr, new RegExp(name.replaceAll(".", "\\.")));
      assert.match(stderr, /not a (regular file|lock file)/);
    }
    await child.stdin.close().catch(() => {});
  }
});

Deno.test("verify reports a self-link and a diamond of directory links as drift without following them", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "src");
  await writeSkill(source, "tool");
  const skills = join(tmp.path, "skills");
  await install({ source: join(source, "tool"), dir: skills });
  const installed = join(skills, "tool");
  await Deno.symlink(".", join(installed, "self"));
  // d0 → two links to d1 → two links to d2 … : 2^24 paths when followed.
  for (let i = 0; i < 24; i++) {
    await Deno.mkdir(join(installed, `d${i}`));
  }
  for (let i = 0; i < 23; i++) {
    await Deno.symlink(`../d${i + 1}`, join(installed, `d${i}`, "a"));
    await Deno.symlink(`../d${i + 1}`, join(installed, `d${i}`, "b"));
  }
  const started = Date.now();
  const report = await verify(skills);
  assert.ok(Date.now() - started < 10_000);
  const tool = report.skills[0]!;
  assert.equal(tool.status, "modified");
  assert.ok(tool.files.some((f) => f.path === "self" && f.change === "added"));
  assert.ok(tool.files.some((f) => f.path === "d0/a"));
  // A symlink in place of the whole skill directory is drift too, never followed.
  await Deno.remove(installed, { recursive: true });
  await Deno.symlink("/", installed);
  const swapped = await verify(skills);
  assert.equal(swapped.skills[0]!.status, "modified");
});

Deno.test("credentials in a git URL are never written to skills.lock, printed, or left in FETCH_HEAD", async () => {
  await using tmp = await tempDir();
  const repo = join(tmp.path, "repo");
  await gitRepo(repo, {
    "SKILL.md": "---\nname: repo\ndescription: A skill in a repo\n---\n# Hi\n",
  });
  const url = "https://alice:ghp_SECRETTOKEN@example.invalid/org/repo.git";
  let fetchHead: string | undefined;
  // The runner sends the fetch to the local repository instead of the network.
  const runner: GitRunner = async (args, options) => {
    const rewritten = args.map((a) => (a === url ? repo : a));
    const result = await runGit(rewritten, options);
    if (args.includes("ls-tree")) {
      const clone = args[args.indexOf("-C") + 1]!;
      try {
        fetchHead = await Deno.readTextFile(join(clone, ".git/FETCH_HEAD"));
      } catch {
        fetchHead = undefined;
      }
    }
    return result;
  };
  const skills = join(tmp.path, "skills");
  const progress: string[] = [];
  const result = await install({
    source: url,
    dir: skills,
    git: runner,
    onProgress: (m) => progress.push(m),
  });
  const lock = await Deno.readTextFile(join(skills, "skills.lock"));
  assert.doesNotMatch(lock, /SECRETTOKEN|alice/);
  assert.match(lock, /https:\/\/example\.invalid\/org\/repo\.git/);
  assert.doesNotMatch(result.source, /SECRETTOKEN/);
  assert.doesNotMatch(progress.join("\n"), /SECRETTOKEN/);
  assert.equal(fetchHead, undefined, "FETCH_HEAD removed before anything else");
});

Deno.test("an inherited GIT_DIR / GIT_WORK_TREE never points git at the caller's repository", async () => {
  await using tmp = await tempDir();
  const victim = join(tmp.path, "victim");
  await gitRepo(victim, { "important.txt": "user's work\n" });
  const repo = join(tmp.path, "repo");
  await gitRepo(repo, {
    "SKILL.md": "---\nname: repo\ndescription: A skill in a repo\n---\n# Hi\n",
    "important.txt": "overwritten by the skill\n",
  });
  const skills = join(tmp.path, "skills");
  const run = await runCli(["install", `file://${repo}`, "--dir", skills], {
    permissions: INSTALL_PERMS,
    env: {
      GIT_DIR: join(victim, ".git"),
      GIT_WORK_TREE: victim,
      GIT_INDEX_FILE: join(victim, ".git/index"),
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "core.hooksPath",
      GIT_CONFIG_VALUE_0: join(tmp.path, "hooks"),
    },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(
    await Deno.readTextFile(join(victim, "important.txt")),
    "user's work\n",
  );
  assert.equal(
    (await sh("git", ["status", "--porcelain"], victim)).trim(),
    "",
  );
  assert.equal(
    await Deno.readTextFile(join(skills, "repo/important.txt")),
    "overwritten by the skill\n",
  );
});

Deno.test("a stale lock that cannot be removed honours the timeout instead of spinning", async () => {
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  await Deno.mkdir(dir);
  const lock = join(dir, ".skillscope-lock");
  await Deno.writeTextFile(lock, JSON.stringify({ pid: 999999999 }));
  await Deno.utime(lock, new Date(0), new Date(0));
  // Make the directory immutable: as root, chmod would not stop the removal.
  const chattr = await new Deno.Command("chattr", { args: ["+i", dir] })
    .output().catch(() => undefined);
  const immutable = chattr?.code === 0;
  if (!immutable) await Deno.chmod(dir, 0o555);
  try {
    const started = performance.now();
    await rejectsCode(
      acquireLock(dir, { timeoutMs: 600, staleMs: 50 }),
      "locked",
    );
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 5_000, `took ${elapsed} ms`);
  } finally {
    if (immutable) {
      await new Deno.Command("chattr", { args: ["-i", dir] }).output();
    } else await Deno.chmod(dir, 0o755);
  }
});

/** Whether this process may mount a tmpfs (root on Linux), decided once. */
function canMountTmpfs(): boolean {
  if (Deno.build.os !== "linux") return false;
  const probe = Deno.makeTempDirSync();
  try {
    const mounted = new Deno.Command("mount", {
      args: ["-t", "tmpfs", "-o", "size=4k", "tmpfs", probe],
      stdout: "null",
      stderr: "null",
    }).outputSync();
    if (mounted.code !== 0) return false;
    new Deno.Command("umount", { args: [probe] }).outputSync();
    return true;
  } catch {
    return false;
  } finally {
    Deno.removeSync(probe, { recursive: true });
  }
}

Deno.test({
  name: "a full disk never leaves a half-written lock behind",
  // Reported as ignored (not as passed) where no tmpfs can be mounted.
  ignore: !canMountTmpfs(),
}, async () => {
  await using tmp = await tempDir();
  const mount = join(tmp.path, "full");
  await Deno.mkdir(mount);
  const mounted = await new Deno.Command("mount", {
    args: ["-t", "tmpfs", "-o", "size=4k", "tmpfs", mount],
    stderr: "null",
  }).output();
  assert.equal(mounted.code, 0, "mount failed");
  try {
    // Fill it up.
    try {
      await Deno.writeFile(join(mount, "filler"), new Uint8Array(64 * 1024));
    } catch {
      // full
    }
    await rejectsCode(acquireLock(mount, { timeoutMs: 200 }), "io-failed");
    assertAbsent(join(mount, ".skillscope-lock"));
  } finally {
    await new Deno.Command("umount", { args: [mount] }).output();
  }
});

Deno.test("installing a repository root into its own .agents/skills does not copy itself", async () => {
  await using tmp = await tempDir();
  const project = join(tmp.path, "project");
  await writeTree(project, {
    "SKILL.md":
      "---\nname: project\ndescription: The project skill\n---\n# P\n",
    "notes.md": "notes\n",
  });
  const skills = join(project, ".agents/skills");
  await Deno.mkdir(skills, { recursive: true });
  const result = await install({ source: project, dir: skills });
  assert.equal(result.name, "project");
  assert.equal(
    await Deno.readTextFile(join(skills, "project/notes.md")),
    "notes\n",
  );
  assertAbsent(join(skills, "project/.agents/skills"));
});

Deno.test("update NAME refuses a source whose skill was renamed upstream", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "src/pdf");
  await writeSkill(join(tmp.path, "src"), "pdf");
  const skills = join(tmp.path, "skills");
  await install({ source, dir: skills });
  await Deno.writeTextFile(
    join(source, "SKILL.md"),
    "---\nname: deploy-helper\ndescription: Deploys things\n---\n# D\n",
  );
  await rejectsCode(update(skills, "pdf"), "name-changed");
  assertAbsent(join(skills, "deploy-helper"));
  const lock = JSON.parse(
    await Deno.readTextFile(join(skills, "skills.lock")),
  );
  assert.deepEqual(Object.keys(lock.skills), ["pdf"]);
});

Deno.test("a git bomb is refused from the fetched tree before anything is checked out", async () => {
  await using tmp = await tempDir();
  const repo = join(tmp.path, "repo");
  await gitRepo(repo, {
    "SKILL.md": "---\nname: repo\ndescription: A skill in a repo\n---\n# Hi\n",
    "a.bin": "0".repeat(40_000),
    "b.bin": "0".repeat(40_000),
  });
  const commands: string[] = [];
  const runner: GitRunner = (args, options) => {
    const verb = args.find((a) =>
      ["init", "fetch", "rev-parse", "ls-tree", "checkout"].includes(a)
    );
    if (verb) commands.push(verb);
    return runGit(args, options);
  };
  const skills = join(tmp.path, "skills");
  await rejectsCode(
    install({
      source: `file://${repo}`,
      dir: skills,
      git: runner,
      limits: { maxBytes: 50_000 },
    }),
    "too-large",
  );
  assert.ok(commands.includes("ls-tree"));
  assert.ok(!commands.includes("checkout"), commands.join(" "));
  assert.deepEqual(
    [...Deno.readDirSync(skills)].map((e) => e.name).filter((n) =>
      n !== ".skillscope-lock"
    ),
    [],
  );
  // Under the cap the same repository installs.
  const ok = await install({ source: `file://${repo}`, dir: skills });
  assert.equal(ok.status, "installed");
});
