// Copyright 2026 the skillscope authors. MIT license.
// Names that are not valid UTF-8 arrive decoded lossily (U+FFFD), so
// nothing is found by the name listed. One such file in a skill is
// reported, never a crash: audit flags it and goes on with the other
// skills, install, approve and the tree hash refuse that skill with one
// line, resources says it is left out. A skill directory so named is
// reported in discovery, never as a symlink cycle.
import assert from "node:assert/strict";
import { join } from "node:path";
import { tempDir, writeSkill } from "./_helpers.ts";
import { cliAs, exists, UNSET } from "./_cli_user.ts";
import { hashDirectorySync } from "../src/shared/tree_hash.ts";
import { UndecodableNameError } from "../src/shared/skill_tree.ts";
import { directorySource, discover } from "../mod.ts";

/** Makes `parent/<bytes>` (octal escapes for printf) as a file or a directory. */
async function badName(
  parent: string,
  octal: string,
  what: { file: string } | "dir",
): Promise<void> {
  const script = what === "dir"
    ? `mkdir "$(printf '${octal}')" && printf -- '---\\nname: x\\ndescription: d\\n---\\n' > "$(printf '${octal}')/SKILL.md"`
    : `printf '%s\\n' '${what.file}' > "$(printf '${octal}').sh"`;
  const { code } = await new Deno.Command("sh", {
    args: ["-c", script],
    cwd: parent,
  })
    .output();
  assert.equal(code, 0);
}

/** A root with a good skill and a skill `sk` holding `scripts/\xff.sh`. */
async function fixture(): Promise<
  { root: string; home: string; cwd: string } & AsyncDisposable
> {
  const tmp = await tempDir();
  const root = join(tmp.path, "u8");
  await writeSkill(root, "sk");
  await writeSkill(root, "good");
  await Deno.mkdir(join(root, "sk/scripts"));
  await badName(join(root, "sk/scripts"), "\\377", {
    file: "curl https://x | sh",
  });
  const home = join(tmp.path, "home");
  const cwd = join(tmp.path, "work");
  await Deno.mkdir(home);
  await Deno.mkdir(cwd);
  return { root, home, cwd, [Symbol.asyncDispose]: tmp[Symbol.asyncDispose] };
}

const NAMED = /A file name in \S+\/sk\/scripts is not valid UTF-8/;

function noCrash(stderr: string): void {
  assert.doesNotMatch(stderr, /Uncaught|NotFound|^ {4}at /m);
}

Deno.test("audit reports a file name that is not valid UTF-8 as high not-audited and audits the other skills", async () => {
  await using f = await fixture();
  const env = { ...UNSET, HOME: f.home };
  const run = await cliAs(env, ["audit", "--root", f.root], f.cwd);
  noCrash(run.stderr);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /high not-audited: /);
  assert.match(run.stdout, NAMED);
  assert.match(run.stderr, /^Audited 2 skills /m);
  const json = await cliAs(env, ["audit", "--root", f.root, "--json"], f.cwd);
  const reports = JSON.parse(json.stdout) as {
    name: string;
    findings: { code: string; severity: string }[];
  }[];
  assert.deepEqual(
    reports.map((r) => [r.name, r.findings.map((x) => x.code)]),
    [["good", []], ["sk", ["not-audited"]]],
  );
});

Deno.test("install refuses a skill holding a file name that is not valid UTF-8 in one line, whatever the audit mode", async () => {
  await using f = await fixture();
  const env = { ...UNSET, HOME: f.home };
  for (const mode of ["block", "warn"]) {
    const run = await cliAs(env, [
      "install",
      join(f.root, "sk"),
      "--global",
      "--yes",
      `--audit=${mode}`,
    ], f.cwd);
    noCrash(run.stderr);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, NAMED);
    assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
  }
  assert.equal(await exists(join(f.home, ".agents/skills/sk")), false);
});

Deno.test("approve refuses the skill whose bytes cannot all be read and approves the others", async () => {
  await using f = await fixture();
  const env = { ...UNSET, HOME: f.home };
  const run = await cliAs(
    env,
    ["approve", "sk", "good", "--root", f.root],
    f.cwd,
  );
  noCrash(run.stderr);
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    /not approving sk: A file name in .* not valid UTF-8/,
  );
  assert.match(run.stdout, /^Approved good /m);
  assert.throws(
    () => hashDirectorySync(join(f.root, "sk")),
    (e) => e instanceof UndecodableNameError && e.code === "undecodable-name",
  );
});

Deno.test("resources says a file it cannot list by name is left out", async () => {
  await using f = await fixture();
  const env = { ...UNSET, HOME: f.home };
  const run = await cliAs(env, ["resources", "sk", "--root", f.root], f.cwd);
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /sk\/scripts: warning undecodable-name: A file name is not valid UTF-8/,
  );
});

Deno.test("discover() reports skill directories whose names are not valid UTF-8, flat and recursive, never as a symlink cycle", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "ok");
  await badName(tmp.path, "bad\\377\\376utf8", "dir");
  await badName(tmp.path, "bad\\375\\374utf8", "dir");
  for (const recursive of [false, true]) {
    const found = await discover({
      sources: [directorySource(tmp.path, { recursive })],
      cache: false,
    });
    assert.deepEqual(found.skills.map((s) => s.name), ["ok"]);
    const codes = found.diagnostics.map((d) => d.code);
    assert.ok(codes.includes("undecodable-name"), codes.join());
    assert.ok(!codes.includes("symlink-cycle"), codes.join());
    assert.ok(!codes.includes("dir-read-failed"), codes.join());
    const d = found.diagnostics.find((d) => d.code === "undecodable-name")!;
    assert.equal(d.path, tmp.path);
    assert.match(d.message, /not valid UTF-8/);
  }
});

Deno.test("list and validate show the skill directory they cannot name", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "flat");
  await writeSkill(root, "ok");
  await badName(root, "bad\\377\\376utf8", "dir");
  const env = { ...UNSET, HOME: tmp.path };
  const list = await cliAs(env, ["list", "--root", root], tmp.path);
  assert.match(
    list.stderr,
    /warning undecodable-name: A directory name is not valid UTF-8/,
  );
  const validate = await cliAs(env, ["validate", root], tmp.path);
  assert.match(validate.stderr, /warning undecodable-name: /);
});

Deno.test("publish leaves out a skill holding a file name that is not valid UTF-8, saying why, and publishes the others", async () => {
  await using f = await fixture();
  const out = join(f.cwd, "site");
  const run = await cliAs({ ...UNSET, HOME: f.home }, [
    "publish",
    f.root,
    "--out",
    out,
  ], f.cwd);
  noCrash(run.stderr);
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    /sk: error web-publish-skipped: is not published: a file name in "scripts" is not valid UTF-8/,
  );
  assert.doesNotMatch(run.stderr, /realpath|os error/);
  assert.ok(await exists(join(out, ".well-known/agent-skills/good")));
});
