// Copyright 2026 the skillscope authors. MIT license.
// Names that are different strings but one file on macOS or Windows (case,
// Unicode composition): two skills of a collection, or two files of one
// skill, installed into one skills directory. The outcome must be defined
// and the same on every disk: refused with a diagnostic naming both, never
// one written over the other while skills.lock records both. A
// case-insensitive disk is simulated by what it would show install (the
// folded name already in the skills directory) and by a file layer that
// folds names as it writes.
import assert from "node:assert/strict";
import { basename, dirname, join } from "node:path";
import {
  install,
  InstallError,
  type InstallFs,
} from "@skillscope/skills/install";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";

const NFC = "caf\u00e9";
const NFD = "cafe\u0301";

/** A collection: one directory per skill, each named as its skill. */
async function collection(
  root: string,
  names: readonly string[],
  extra: Record<string, string> = {},
): Promise<void> {
  const files: Record<string, string> = { ...extra };
  for (const name of names) {
    files[`${name}/SKILL.md`] = skillMd(
      `name: ${name}\ndescription: The ${name} skill`,
      `# ${name}\n`,
    );
  }
  await writeTree(root, files);
}

/** The skill names `skills.lock` records (none without the file). */
async function lockedNames(dir: string): Promise<string[]> {
  try {
    const lock = JSON.parse(await Deno.readTextFile(join(dir, "skills.lock")));
    return Object.keys(lock.skills).sort();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
}

/** The visible entries of the skills directory. */
function entries(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name)
    .filter((name) => !name.startsWith(".") && name !== "skills.lock").sort();
}

async function refused(
  run: Promise<unknown>,
  code: string,
  message: RegExp,
): Promise<void> {
  const error = await run.then(
    () => assert.fail("it was installed"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof InstallError, String(error));
  assert.equal(error.code, code, error.message);
  assert.match(error.message, message);
}

Deno.test("two skills of a collection whose names differ only in case: the upper-case one is refused, the lower-case one kept", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "collection");
  await collection(source, ["Pdf", "pdf"]);
  const dir = join(tmp.path, "skills");
  await refused(
    install({ source, skill: "Pdf", dir }),
    "skill-invalid",
    /"Pdf".*must be lowercase/,
  );
  assert.equal((await install({ source, skill: "pdf", dir })).name, "pdf");
  await refused(
    install({ source, skill: "Pdf", dir, force: true }),
    "skill-invalid",
    /must be lowercase/,
  );
  assert.deepEqual(entries(dir), ["pdf"]);
  assert.deepEqual(await lockedNames(dir), ["pdf"]);
  assert.match(await Deno.readTextFile(join(dir, "pdf/SKILL.md")), /^# pdf$/m);
});

Deno.test("two lower-case skill names that fold to one (σ-x, ς-x) are refused as the same directory, even with force", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "collection");
  await collection(source, ["σ-x", "ς-x"]);
  const dir = join(tmp.path, "skills");
  assert.equal((await install({ source, skill: "σ-x", dir })).name, "σ-x");
  for (const force of [false, true]) {
    await refused(
      install({ source, skill: "ς-x", dir, force }),
      "clash",
      /"ς-x".*already holds "σ-x".*case-insensitive/,
    );
  }
  assert.deepEqual(entries(dir), ["σ-x"]);
  assert.deepEqual(await lockedNames(dir), ["σ-x"]);
  assert.match(await Deno.readTextFile(join(dir, "σ-x/SKILL.md")), /^# σ-x$/m);
});

Deno.test("two skills named café, composed and decomposed, are one name: the collection is refused as ambiguous, and installed one by one the second is a clash", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "collection");
  await collection(source, [NFC, NFD]);
  const dir = join(tmp.path, "skills");
  for (const skill of [NFC, NFD, undefined]) {
    await refused(
      install({ source, dir, ...(skill === undefined ? {} : { skill }) }),
      "several-skills",
      new RegExp(`holds 2 skills named "${NFC}"`),
    );
  }
  await Deno.mkdir(dir, { recursive: true });
  assert.deepEqual(entries(dir), []);
  assert.equal((await install({ source: join(source, NFC), dir })).name, NFC);
  await refused(
    install({ source: join(source, NFD), dir }),
    "clash",
    /already installed/,
  );
  assert.deepEqual(entries(dir), [NFC]);
  assert.deepEqual(await lockedNames(dir), [NFC]);
  assert.equal(
    await Deno.readTextFile(join(dir, NFC, "SKILL.md")),
    await Deno.readTextFile(join(source, NFC, "SKILL.md")),
  );
});

Deno.test("a skills directory that already holds the folded name (as a macOS disk stores it) is not given a look-alike twin", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "collection");
  await collection(source, [NFC, "readme"]);
  const dir = join(tmp.path, "skills");
  // HFS+ stores names decomposed; a case-insensitive disk shows one case.
  await writeTree(dir, {
    [`${NFD}/SKILL.md`]: "theirs\n",
    "README/SKILL.md": "theirs\n",
  });
  const pairs: [string, string][] = [[NFC, NFD], ["readme", "README"]];
  for (const [skill, twin] of pairs) {
    for (const force of [false, true]) {
      await refused(
        install({ source, skill, dir, force }),
        "clash",
        new RegExp(`already holds "${twin}"`),
      );
    }
  }
  assert.deepEqual(entries(dir), ["README", NFD].sort());
  assert.equal(await Deno.readTextFile(join(dir, NFD, "SKILL.md")), "theirs\n");
  assert.equal(
    await Deno.readTextFile(join(dir, "README/SKILL.md")),
    "theirs\n",
  );
  assert.deepEqual(await lockedNames(dir), []);
});

/**
 * A file layer that folds names as a case-insensitive, normalizing disk
 * does, and records each file written over another.
 */
function foldingFs(): InstallFs & { overwritten: string[] } {
  const fold = (path: string) =>
    join(dirname(path), basename(path).normalize("NFC").toLowerCase());
  const overwritten: string[] = [];
  return {
    overwritten,
    writeFile(path, data, mode): void {
      const target = fold(path);
      try {
        Deno.lstatSync(target);
        overwritten.push(path);
      } catch {
        // a new file
      }
      Deno.writeFileSync(target, data, mode === undefined ? {} : { mode });
    },
    rename(from, to): void {
      Deno.renameSync(from, to);
    },
  };
}

for (
  const [label, a, b] of [
    ["differ only in case", "README.md", "readme.md"],
    ["differ only in Unicode composition", `${NFC}.md`, `${NFD}.md`],
    ["lie in directories that differ only in case", "Docs/a.md", "docs/a.md"],
  ]
) {
  Deno.test(`a skill with two files whose paths ${label} is refused before anything is written`, async () => {
    await using tmp = await tempDir();
    const source = join(tmp.path, "collection");
    await collection(source, ["twins"], {
      [`twins/${a}`]: "first\n",
      [`twins/${b}`]: "second\n",
    });
    const dir = join(tmp.path, "skills");
    const fs = foldingFs();
    await refused(
      install({ source, skill: "twins", dir, fs }),
      "unsafe-file",
      /are the same file on a case-insensitive or Unicode-normalizing file system/,
    );
    assert.deepEqual(fs.overwritten, []);
    assert.deepEqual(entries(dir), []);
    assert.deepEqual(await lockedNames(dir), []);
  });
}
