// Copyright 2026 the skillscope authors. MIT license.
// Attacks on what `skillscope mcp` keeps between requests: a skill whose
// SKILL.md link another process flips while the server reads it must never
// change what another skill is served or listed as, and the SKILL.md cache
// must hold no more memory than its bound.
import assert from "node:assert/strict";
import { join } from "node:path";
import { directorySource, type Skill, SkillSet } from "../mod.ts";
import { DigestCache } from "../src/mcp/skill_files.ts";
import { SkillMdCache } from "../src/mcp/skill_md_cache.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";

/** Past the window in which a file's identity is not trusted as a cache key. */
const settle = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, 2_100));

/** Attempts per attack, each from an empty cache (one the attacker had cleared). */
const ATTEMPTS = 2_000;
/** Longest an attack runs (the machine may be slow). */
const ATTACK_MS = 4_000;

/**
 * A root with a victim skill `v` (a plain SKILL.md) and an attacker's skill
 * `x` whose SKILL.md is a symlink that a second process flips without pause
 * between the victim's SKILL.md and the attacker's own text (of the same
 * size), both older than the window in which identities are not trusted.
 * `attempt` runs against a fresh cache until it reports a poisoning or the
 * attempts run out; returns how often it saw each side of the link and
 * whether the victim was ever served something it does not hold.
 */
async function flippedLink(
  attempt: (x: Skill, v: Skill) => { sawVictim: boolean; poisoned: boolean },
): Promise<{ victim: number; attacker: number; poisoned: number }> {
  await using tmp = await tempDir();
  const victim = skillMd("name: v\ndescription: The victim", "# Trusted\n");
  const attacker = skillMd("name: x\ndescription: Attacker", "# EVIL\n");
  await writeTree(tmp.path, {
    "v/SKILL.md": victim,
    "x/e.md": attacker.padEnd(victim.length),
  });
  await Deno.symlink("e.md", join(tmp.path, "x", "SKILL.md"));
  await settle();
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  const [x, v] = [set.require("x"), set.require("v")];
  const dir = JSON.stringify(join(tmp.path, "x"));
  const flipper = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `const d = ${dir};
       for (;;) {
         Deno.symlinkSync("../v/SKILL.md", d + "/a");
         Deno.renameSync(d + "/a", d + "/SKILL.md");
         Deno.symlinkSync("e.md", d + "/b");
         Deno.renameSync(d + "/b", d + "/SKILL.md");
       }`,
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  const seen = { victim: 0, attacker: 0, poisoned: 0 };
  const link = join(tmp.path, "x", "SKILL.md");
  try {
    // Once the flipper runs.
    const started = Date.now();
    while (Deno.readLinkSync(link) === "e.md") {
      if (Date.now() - started > ATTACK_MS) throw new Error("no flipper");
    }
    const deadline = Date.now() + ATTACK_MS;
    for (let i = 0; i < ATTEMPTS && Date.now() < deadline; i++) {
      let result: { sawVictim: boolean; poisoned: boolean };
      try {
        result = attempt(x, v);
      } catch {
        continue; // read half-way through a flip: refused, nothing served
      }
      seen[result.sawVictim ? "victim" : "attacker"]++;
      if (result.poisoned) {
        seen.poisoned++;
        break;
      }
    }
  } finally {
    flipper.kill("SIGKILL");
    await flipper.status;
  }
  return seen;
}

Deno.test("resources/read: a SKILL.md link flipped while it is read never changes what another skill's SKILL.md is served as", async () => {
  const seen = await flippedLink((x, v) => {
    const cache = new SkillMdCache();
    const throughLink = String(cache.read(x));
    return {
      sawVictim: throughLink.includes("Trusted"),
      poisoned: String(cache.read(v)).includes("EVIL"),
    };
  });
  assert.equal(seen.poisoned, 0, "the victim was served the attacker's text");
  assert.ok(seen.victim > 0 && seen.attacker > 0, JSON.stringify(seen));
});

Deno.test("skills/list: a SKILL.md link flipped while it is listed never changes another skill's frontmatter or digests", async () => {
  let truth: string | undefined;
  const seen = await flippedLink((x, v) => {
    const digestOf = (listing: ReturnType<DigestCache["listing"]>): string =>
      listing.manifest.kind === "files"
        ? listing.manifest.files[0]!.digest
        : "";
    truth ??= digestOf(new DigestCache().listing(v));
    const cache = new DigestCache();
    const throughLink = cache.listing(x);
    const listed = cache.listing(v);
    return {
      sawVictim: throughLink.frontmatter.name === "v",
      poisoned: listed.frontmatter.name !== "v" || digestOf(listed) !== truth,
    };
  });
  assert.equal(seen.poisoned, 0, "the victim was listed with the attacker's");
  assert.ok(seen.victim > 0 && seen.attacker > 0, JSON.stringify(seen));
});

Deno.test("the SKILL.md cache keeps no more memory than its bound when the text lies past Latin-1 (two bytes a character)", async () => {
  await using tmp = await tempDir();
  const MiB = 1024 * 1024;
  const text = (name: string, char: string): string =>
    skillMd(`name: ${name}\ndescription: D ${char}`).padEnd(MiB - 64, "x");
  await writeTree(tmp.path, {
    "wide-a/SKILL.md": text("wide-a", "ā"),
    "wide-b/SKILL.md": text("wide-b", "ā"),
    "ascii-a/SKILL.md": text("ascii-a", "a"),
    "ascii-b/SKILL.md": text("ascii-b", "a"),
  });
  await settle();
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  const readTwice = (first: string, second: string): number => {
    // Room for two files held a byte a character, not for two held two.
    const cache = new SkillMdCache(2.5 * MiB);
    for (const name of [first, second, first]) cache.read(set.require(name));
    return cache.reads;
  };
  assert.equal(readTwice("ascii-a", "ascii-b"), 2);
  // Two wide files would hold 4 MiB: the first is let go for the second.
  assert.equal(readTwice("wide-a", "wide-b"), 3);
});
