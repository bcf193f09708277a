// Copyright 2026 the skillscope authors. MIT license.
// Qwen Code's own settings (src/clients/settings/qwen_settings.ts), as
// measured on Qwen Code 0.24.4 (agree scenarios qwen-code/settings/*): the
// reader against real temporary trees, and `list --client qwen-code --json`
// run as a subprocess. Never the machine's real HOME or /etc.
import assert from "node:assert/strict";
import { join } from "node:path";
import { listedSkills, settingsContext } from "./_settings.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";
import type { Skill } from "../src/shared/types.ts";
import {
  type ClientSettings,
  decidingRule,
  type SettingsContext,
} from "../src/clients/client_settings.ts";
import { qwenSettings } from "../src/clients/settings/qwen_settings.ts";

/** A skill of a scope, named in its frontmatter (its folder differs). */
function skill(name: string, scope = "project"): Skill {
  return {
    name,
    description: `The ${name} skill`,
    dir: `/skills/folder-of-${name}`,
    path: `/skills/folder-of-${name}/SKILL.md`,
    source: { kind: "directory", key: "/skills" },
    scope,
    frontmatter: {},
  };
}

/** What the settings do to a skill: its action, or "on". */
function actionFor(
  settings: ClientSettings,
  name: string,
  scope = "project",
): string {
  return decidingRule(settings, skill(name, scope), name)?.action ?? "on";
}

/** A machine below `root`, its variables `env`; untrusted: no project. */
const contextOf = (
  root: string,
  env: Record<string, string> = {},
  trusted = true,
): SettingsContext => settingsContext(root, { env, trusted });

const json = (value: unknown): string => JSON.stringify(value);

Deno.test("qwen settings: skills.disabled matches the frontmatter name, trimmed and in any case", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.qwen/settings.json": json({
      skills: { disabled: ["PDF", " Docx ", "", 3, "folder-of-xlsx"] },
    }),
  });
  const settings = await qwenSettings.rules!(contextOf(t.path));
  assert.equal(actionFor(settings, "pdf"), "off");
  assert.equal(actionFor(settings, "DOCX"), "off");
  // The folder's name is not the skill's name.
  assert.equal(actionFor(settings, "xlsx"), "on");
  assert.equal(settings.rules[0]?.entry, '"PDF"');
  assert.equal(
    settings.rules[0]?.from,
    `${join(t.path, "home/.qwen/settings.json")} skills.disabled`,
  );
});

Deno.test("qwen settings: skills.defaultDisabled unless skills.enabled names it; skills.enabled does not undo skills.disabled; both files add up", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.qwen/settings.json": json({
      skills: { defaultDisabled: ["a", "B"], enabled: ["c"], disabled: ["d"] },
    }),
    "project/.qwen/settings.json": json({
      skills: { enabled: ["b", "d"], disabled: ["c"], defaultDisabled: ["e"] },
    }),
  });
  const settings = await qwenSettings.rules!(contextOf(t.path));
  assert.deepEqual(
    ["a", "b", "c", "d", "e", "f"].map((n) => actionFor(settings, n)),
    ["off", "on", "off", "off", "off", "on"],
  );
});

Deno.test("qwen settings: the project's file is not read when the project is untrusted or is the home directory", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "project/.qwen/settings.json": json({ skills: { disabled: ["a"] } }),
  });
  assert.deepEqual(
    await qwenSettings.rules!(contextOf(t.path, {}, false)),
    { rules: [] },
  );
  const home = join(t.path, "project");
  const atHome = await qwenSettings.rules!({
    home,
    cwd: home,
    projectRoot: home,
    env: () => undefined,
  });
  // Read once, as the user's file, not twice.
  assert.equal(atHome.rules.length, 1);
});

Deno.test("qwen settings: skills.disabledLevels turns off every project or user skill; other levels match nothing here", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "project/.qwen/settings.json": json({
      skills: { disabledLevels: ["user", "bundled", "extension", "Project"] },
    }),
  });
  const settings = await qwenSettings.rules!(contextOf(t.path));
  assert.equal(actionFor(settings, "a", "user"), "off");
  assert.equal(actionFor(settings, "a", "project"), "on");
  assert.equal(actionFor(settings, "a", "admin"), "on");
  assert.equal(settings.rules.length, 1);
});

Deno.test("qwen settings: skills.directories adds user roots read one level deep: ~/ below the home, relative below the working directory, absolute as is", async () => {
  await using t = await tempDir();
  const extra = join(t.path, "extra");
  await writeTree(t.path, {
    "home/.qwen/settings.json": json({
      skills: { directories: ["~/more", "rel", ` ${extra} `, "~/more", ""] },
    }),
    "project/.qwen/settings.json": json({
      skills: { directories: ["../shared"] },
    }),
  });
  const roots = qwenSettings.roots!(contextOf(t.path));
  assert.deepEqual(roots.map((r) => [r.path, r.scope, r.maxDepth]), [
    [join(t.path, "home/more"), "user", 1],
    [join(t.path, "project/rel"), "user", 1],
    [extra, "user", 1],
    [join(t.path, "shared"), "user", 1],
  ]);
  assert.equal(
    roots[0]?.from,
    `${join(t.path, "home/.qwen/settings.json")} skills.directories`,
  );
  // Untrusted: no working directory, so no relative entry and no project file.
  const untrusted = qwenSettings.roots!(contextOf(t.path, {}, false));
  assert.deepEqual(untrusted.map((r) => r.path), [
    join(t.path, "home/more"),
    extra,
  ]);
});

Deno.test("qwen settings: QWEN_HOME replaces ~/.qwen: its skills folder is read instead of ~/.qwen/skills, and its settings.json is the user's", async () => {
  await using t = await tempDir();
  const qwenHome = join(t.path, "qh");
  await writeTree(t.path, {
    "qh/settings.json": json({ skills: { disabled: ["a"] } }),
    "home/.qwen/settings.json": json({ skills: { disabled: ["b"] } }),
  });
  const context = contextOf(t.path, { QWEN_HOME: qwenHome });
  const settings = await qwenSettings.rules!(context);
  assert.equal(actionFor(settings, "a"), "off");
  assert.equal(actionFor(settings, "b"), "on");
  assert.deepEqual(qwenSettings.roots!(context), [
    {
      path: join(qwenHome, "skills"),
      scope: "user",
      maxDepth: 1,
      from: "QWEN_HOME",
    },
  ]);
  const own = join(t.path, "home/.qwen/skills");
  assert.match(qwenSettings.skipsRoot!(context, own) ?? "", /QWEN_HOME is set/);
  assert.equal(
    qwenSettings.skipsRoot!(context, join(t.path, "home/.agents/skills")),
    undefined,
  );
  assert.equal(qwenSettings.skipsRoot!(contextOf(t.path), own), undefined);
  // A QWEN_HOME that is ~/.qwen itself skips nothing; a relative one is below the working directory.
  const same = contextOf(t.path, { QWEN_HOME: "~/.qwen" });
  assert.equal(qwenSettings.skipsRoot!(same, own), undefined);
  const relative = contextOf(t.path, { QWEN_HOME: "qdir" });
  assert.equal(
    qwenSettings.roots!(relative)[0]?.path,
    join(t.path, "project/qdir/skills"),
  );
});

Deno.test("qwen settings: list --client qwen-code leaves out what skills.disabled and skills.disabledLevels turn off and adds skills.directories", async () => {
  await using t = await tempDir();
  const home = join(t.path, "home");
  const project = join(t.path, "project");
  const md = (name: string): string =>
    skillMd(`name: ${name}\ndescription: The ${name} skill`);
  await writeTree(t.path, {
    "home/.qwen/skills/u-kept/SKILL.md": md("u-kept"),
    "home/.qwen/skills/folder/SKILL.md": md("u-off"),
    "home/more/m-a/SKILL.md": md("m-a"),
    "home/more/nested/deep/SKILL.md": md("deep"),
    "project/.agents/skills/p-a/SKILL.md": md("p-a"),
    "home/.qwen/settings.json": json({
      skills: { disabled: ["U-OFF"], directories: ["~/more"] },
    }),
  });
  const list = async (): Promise<string[]> =>
    (await listedSkills("qwen-code", project, home)).map((s) =>
      `${s.name}: ${s.description}`
    );
  assert.deepEqual(await list(), [
    "m-a: The m-a skill (user)",
    "p-a: The p-a skill (project)",
    "u-kept: The u-kept skill (user)",
  ]);
  await writeTree(t.path, {
    "project/.qwen/settings.json": json({
      skills: { disabledLevels: ["user"] },
    }),
  });
  assert.deepEqual(await list(), ["p-a: The p-a skill (project)"]);
});
