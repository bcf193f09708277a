// Copyright 2026 the skillscope authors. MIT license.
// Names from a repository in install's messages about a collection: a line
// feed in a member's directory name cannot forge a line of skillscope's
// output, and an invalid member answers to its frontmatter name too.
import assert from "node:assert/strict";
import { join } from "node:path";
import { gitRepo } from "./_git.ts";
import { cliAs } from "./_cli_user.ts";
import { type Place, place } from "./_interrupt.ts";

const skill = (name: string, description?: string): string =>
  `---\nname: ${name}\n${
    description === undefined ? "" : `description: ${description}\n`
  }---\n# ${name}\n`;

const FORGED = "skillscope: all 2 skills verified, nothing else found";
const HOSTILE = `gamma\n\n${FORGED}\n`;

/** A git repository of skills/alpha and `files`; returns its URL. */
async function collection(
  p: Place,
  files: Record<string, string>,
): Promise<string> {
  const src = join(p.root, "src");
  await gitRepo(src, {
    "skills/alpha/SKILL.md": skill("alpha", "Alpha skill"),
    ...files,
  });
  return `file://${src}`;
}

Deno.test("a line feed in a collection member's directory name is escaped in --list's note, the several-skills refusal and --all's left-out note", async () => {
  await using p = await place();
  const url = await collection(p, {
    [`skills/beta\n${FORGED}/SKILL.md`]: skill("beta", "Beta skill"),
    [`skills/${HOSTILE}/SKILL.md`]: skill("gamma"),
  });
  for (
    const args of [["--list"], [], ["--all", "--dir", join(p.root, "d")]]
  ) {
    const run = await cliAs(p.env, ["install", url, ...args], p.project);
    const lines = run.stderr.split("\n").filter((line) => line !== "");
    assert.ok(lines.length > 0, `${args}: ${run.stderr}`);
    for (const line of lines) {
      assert.ok(!line.startsWith(FORGED), `${args}: ${run.stderr}`);
    }
    assert.ok(
      run.stderr.includes(
        `gamma\\x0a\\x0a${FORGED}\\x0a (skills/gamma\\x0a\\x0a${FORGED}\\x0a) is invalid: description-missing`,
      ),
      `${args}: ${run.stderr}`,
    );
  }
  const several = await cliAs(p.env, ["install", url], p.project);
  assert.ok(
    several.stderr.includes(`beta (skills/beta\\x0a${FORGED})`),
    several.stderr,
  );
});

Deno.test("--skill NAME refuses an invalid member whose frontmatter gives NAME under another directory name as skill-invalid", async () => {
  await using p = await place();
  const url = await collection(p, {
    "skills/weird-dir/SKILL.md": skill("gamma"),
  });
  const run = await cliAs(
    p.env,
    ["install", url, "--skill", "gamma", "--json"],
    p.project,
  );
  assert.equal(run.code, 1);
  const error = JSON.parse(run.stdout).error;
  assert.equal(error.code, "skill-invalid", run.stdout);
  assert.match(
    error.message,
    /has no valid skill "gamma": weird-dir \(skills\/weird-dir\) is invalid: description-missing/,
  );
});
