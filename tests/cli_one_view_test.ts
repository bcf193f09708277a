// Copyright 2026 the skillscope authors. MIT license.
// One view of what skillscope installed in a scope: a skill installed with
// `--client claude` (its lock in .claude/skills) and one in the shared
// .agents/skills are both seen by plain check, verify, info, remove and
// update, each once; update of several names updates what it can and skips
// an edited skill. The real CLI, a temporary HOME and real git repositories.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, tempDir } from "./_helpers.ts";
import { gitRepo, sh } from "./_git.ts";
import { cliAs, exists, UNSET } from "./_cli_user.ts";

interface Place extends AsyncDisposable {
  home: string;
  /** A git repository the commands run in. */
  project: string;
  /** A git repository with skills/alpha and skills/beta. */
  src: string;
  env: Record<string, string>;
}

const skill = (name: string, body = "# One\n"): string =>
  `---\nname: ${name}\ndescription: The ${name} skill\n---\n${body}`;

/** alpha installed for claude (.claude/skills), beta into .agents/skills. */
async function place(): Promise<Place> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  const src = join(tmp.path, "src");
  await Deno.mkdir(home);
  await gitRepo(project, { "README.md": "# project\n" });
  await gitRepo(src, {
    "skills/alpha/SKILL.md": skill("alpha"),
    "skills/beta/SKILL.md": skill("beta"),
  });
  const p = {
    home,
    project,
    src,
    env: { ...UNSET, HOME: home },
    [Symbol.asyncDispose]: tmp[Symbol.asyncDispose],
  };
  const url = `file://${src}`;
  const alpha = await cli(p, [
    "install",
    url,
    "--skill",
    "alpha",
    "--client",
    "claude",
  ]);
  assert.equal(alpha.code, 0, alpha.stderr);
  const beta = await cli(p, [
    "install",
    url,
    "--skill",
    "beta",
    "--dir",
    join(project, ".agents/skills"),
  ]);
  assert.equal(beta.code, 0, beta.stderr);
  assert.ok(await exists(join(project, ".claude/skills/skills.lock")));
  assert.ok(await exists(join(project, ".agents/skills/skills.lock")));
  return p;
}

/** The CLI as the place's user, in its project. */
function cli(
  p: Pick<Place, "env" | "project">,
  args: string[],
): Promise<CliRun> {
  return cliAs(p.env, args, p.project);
}

/** A new commit in the source changing both skills. */
async function publishTwo(p: Place): Promise<void> {
  for (const name of ["alpha", "beta"]) {
    await Deno.writeTextFile(
      join(p.src, "skills", name, "SKILL.md"),
      skill(name, "# Two\n"),
    );
  }
  await sh("git", ["commit", "-qam", "two"], p.src);
}

/** How many lines of `text` match `pattern`. */
function count(text: string, pattern: RegExp): number {
  return text.split("\n").filter((l) => pattern.test(l)).length;
}

Deno.test("plain check, verify, info and remove see the skill installed with --client claude beside the shared directory's, each once, and --client claude asks for no other client", async () => {
  await using p = await place();
  const claude = join(p.project, ".claude/skills");
  const shared = join(p.project, ".agents/skills");

  const check = await cli(p, ["check"]);
  assert.equal(check.code, 0, check.stderr);
  assert.equal(count(check.stdout, /^up to date +alpha\b/), 1, check.stdout);
  assert.equal(count(check.stdout, /^up to date +beta\b/), 1, check.stdout);
  assert.match(check.stdout, new RegExp(`^project \\(${claude}\\):$`, "m"));
  assert.match(check.stdout, new RegExp(`^project \\(${shared}\\):$`, "m"));
  assert.doesNotMatch(check.stderr, /--client|note:/);

  const verify = await cli(p, ["verify"]);
  assert.equal(verify.code, 0, verify.stderr);
  assert.equal(count(verify.stdout, /^ok +alpha$/), 1, verify.stdout);
  assert.equal(count(verify.stdout, /^ok +beta$/), 1, verify.stdout);
  assert.doesNotMatch(verify.stderr, /--client|note:/);

  // --client claude: the skills claude has a copy of, and no other advice.
  const forClaude = await cli(p, ["check", "--client", "claude", "--json"]);
  assert.equal(forClaude.code, 0, forClaude.stderr);
  assert.deepEqual(
    JSON.parse(forClaude.stdout).map((r: { name: string }) => r.name),
    ["alpha"],
  );
  assert.doesNotMatch(forClaude.stderr, /--client/);

  const info = await cli(p, ["info", "alpha"]);
  assert.equal(info.code, 0, info.stderr);
  assert.match(info.stdout, new RegExp(`^dir: +${claude}/alpha$`, "m"));

  const removed = await cli(p, ["remove", "alpha"]);
  assert.equal(removed.code, 0, removed.stderr);
  assert.match(removed.stdout, new RegExp(`^Removed alpha from ${claude}`));
  assert.equal(await exists(join(claude, "alpha")), false);
  assert.ok(await exists(join(shared, "beta")));
  const after = await cli(p, ["verify", "--json"]);
  assert.deepEqual(
    JSON.parse(after.stdout).skills.map((s: { name: string }) => s.name),
    ["beta"],
  );
});

Deno.test("update A B with A edited updates B, skips A naming its changed file, and exits 1", async () => {
  await using p = await place();
  await publishTwo(p);
  const alphaMd = join(p.project, ".claude/skills/alpha/SKILL.md");
  await Deno.writeTextFile(alphaMd, "my edit\n", { append: true });

  const run = await cli(p, ["update", "alpha", "beta"]);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /^Updated beta\b/m);
  assert.doesNotMatch(run.stdout, /alpha/);
  assert.match(
    run.stderr,
    /^skillscope: skipped "alpha" in .*\/\.claude\/skills\/alpha: it has local changes \(modified SKILL\.md\); update it with --force/m,
  );
  assert.match(await Deno.readTextFile(alphaMd), /# One\nmy edit\n$/);
  assert.equal(
    await Deno.readTextFile(join(p.project, ".agents/skills/beta/SKILL.md")),
    skill("beta", "# Two\n"),
  );

  // Without names: the same, over every lock of the scope.
  const all = await cli(p, ["update", "--json"]);
  assert.equal(all.code, 1, all.stderr);
  assert.deepEqual(
    JSON.parse(all.stdout).map((r: { name: string; status: string }) =>
      `${r.name} ${r.status}`
    ).sort(),
    ["alpha skipped", "beta unchanged"],
  );
});

Deno.test("check's detail of a git source leads with the commit pair, the hashes last", async () => {
  await using p = await place();
  await publishTwo(p);
  const run = await cli(p, ["check", "beta"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^update available +beta +[0-9a-f]{12} -> [0-9a-f]{12} \(sha256-[0-9a-f]{64} -> sha256-[0-9a-f]{64}\)$/m,
  );
});

Deno.test("restore rebuilds every skills.lock of the scope, the shared directory's and claude's", async () => {
  await using p = await place();
  const alpha = join(p.project, ".claude/skills/alpha");
  const beta = join(p.project, ".agents/skills/beta");
  await Deno.remove(alpha, { recursive: true });
  await Deno.remove(beta, { recursive: true });
  const run = await cli(p, ["restore"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Restored alpha \(sha256-/m);
  assert.match(run.stdout, /^Restored beta \(sha256-/m);
  assert.ok(await exists(join(alpha, "SKILL.md")));
  assert.ok(await exists(join(beta, "SKILL.md")));
});
