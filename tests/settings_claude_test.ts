// Copyright 2026 the skillscope authors. MIT license.
// Claude Code's own settings (src/clients/settings/claude_settings.ts), as
// measured on Claude Code 2.1.328 (agree scenarios claude/settings/*): the
// reader against real temporary trees, and `list --client claude --json`
// run as a subprocess. Never the machine's real HOME or /etc: every context
// has its own HOME and SKILLSCOPE_SYSTEM_ROOT.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type ListedSkill,
  listedSkills,
  settingsContext,
} from "./_settings.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";
import type { Skill } from "../src/shared/types.ts";
import {
  type ClientSettings,
  decidingRule,
  type SettingsContext,
} from "../src/clients/client_settings.ts";
import { claudeSettings } from "../src/clients/settings/claude_settings.ts";

/** A skill in a folder (Claude Code offers it under the folder's name). */
function skill(folder: string, name = folder): Skill {
  return {
    name,
    description: `The ${name} skill`,
    dir: `/skills/${folder}`,
    path: `/skills/${folder}/SKILL.md`,
    source: { kind: "directory", key: "/skills" },
    frontmatter: {},
  };
}

/** What the settings do to a skill offered under `name`: its action, or "on". */
function actionFor(settings: ClientSettings, name: string): string {
  return decidingRule(settings, skill(name), name)?.action ?? "on";
}

/** A machine below `root` (its system root `root/sys`), its variables `env`; untrusted: no project. */
const contextOf = (
  root: string,
  env: Record<string, string> = {},
  trusted = true,
): SettingsContext =>
  settingsContext(root, {
    env: { SKILLSCOPE_SYSTEM_ROOT: join(root, "sys"), ...env },
    trusted,
  });

const json = (value: unknown): string => JSON.stringify(value);

Deno.test("claude settings: each skillOverrides value, keyed by the folder name; an unknown value is left out", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.claude/settings.json": json({
      skillOverrides: {
        "u-off": "off",
        "u-name-only": "name-only",
        "u-uio": "user-invocable-only",
        "u-on": "on",
        "u-bad": "hidden",
        "u-number": 1,
      },
    }),
  });
  const settings = await claudeSettings.rules!(contextOf(t.path));
  assert.equal(settings.none, undefined);
  assert.equal(actionFor(settings, "u-off"), "off");
  assert.equal(actionFor(settings, "u-name-only"), "name-only");
  assert.equal(actionFor(settings, "u-uio"), "off");
  assert.equal(actionFor(settings, "u-on"), "on");
  assert.equal(settings.rules.length, 4);
  const off = settings.rules[0]!;
  assert.equal(off.entry, '"u-off": "off"');
  assert.equal(
    off.from,
    `${join(t.path, "home/.claude/settings.json")} skillOverrides`,
  );
  // The key is the folder's name: a frontmatter name does not match.
  assert.equal(off.matches(skill("other", "u-off"), "other"), false);
  assert.equal(off.matches(skill("u-off", "renamed"), "u-off"), true);
});

Deno.test("claude settings: user, project, local, then managed, merged key by key, the later winning", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.claude/settings.json": json({
      skillOverrides: { a: "off", b: "off", c: "off", m: "off" },
    }),
    "project/.claude/settings.json": json({
      skillOverrides: { a: "on", d: "name-only" },
    }),
    "project/.claude/settings.local.json": json({
      skillOverrides: { b: "on", d: "off", m: "off" },
    }),
    "sys/etc/claude-code/managed-settings.json": json({
      skillOverrides: { m: "on", e: "off" },
    }),
  });
  const settings = await claudeSettings.rules!(contextOf(t.path));
  assert.deepEqual(
    ["a", "b", "c", "d", "e", "m", "z"].map((n) => actionFor(settings, n)),
    Deno.build.os === "linux"
      ? ["on", "on", "off", "off", "off", "on", "on"]
      : ["on", "on", "off", "off", "on", "off", "on"],
  );
});

Deno.test("claude settings: an untrusted project's files are not read; the managed file only below SKILLSCOPE_SYSTEM_ROOT when it is set", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "project/.claude/settings.json": json({ skillOverrides: { a: "off" } }),
    "project/.claude/settings.local.json": json({
      permissions: { deny: ["Skill"] },
    }),
    "elsewhere/etc/claude-code/managed-settings.json": json({
      skillOverrides: { m: "off" },
    }),
  });
  const untrusted = await claudeSettings.rules!(contextOf(t.path, {}, false));
  assert.deepEqual(untrusted, { rules: [] });
  const moved = await claudeSettings.rules!(
    contextOf(t.path, { SKILLSCOPE_SYSTEM_ROOT: join(t.path, "elsewhere") }),
  );
  assert.equal(
    actionFor(moved, "m"),
    Deno.build.os === "linux" ? "off" : "on",
  );
});

Deno.test("claude settings: CLAUDE_CONFIG_DIR's settings.json is the user's, ~/.claude/settings.json is then not read", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "config/settings.json": json({ skillOverrides: { a: "off" } }),
    "home/.claude/settings.json": json({ skillOverrides: { b: "off" } }),
  });
  const settings = await claudeSettings.rules!(
    contextOf(t.path, { CLAUDE_CONFIG_DIR: join(t.path, "config") }),
  );
  assert.equal(actionFor(settings, "a"), "off");
  assert.equal(actionFor(settings, "b"), "on");
});

Deno.test('claude settings: permissions.deny holding exactly "Skill" sends no listing; "Skill(name)" changes nothing', async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.claude/settings.json": json({
      permissions: { deny: ["Skill(a)", "skill", "Skill(*)"] },
    }),
  });
  const rules = await claudeSettings.rules!(contextOf(t.path));
  assert.deepEqual(rules, { rules: [] });
  await writeTree(t.path, {
    "project/.claude/settings.local.json": json({
      permissions: { deny: ["Bash", "Skill"] },
    }),
  });
  const none = await claudeSettings.rules!(contextOf(t.path));
  const local = join(t.path, "project/.claude/settings.local.json");
  assert.deepEqual(none.none, {
    from: `${local} permissions.deny`,
    file: local,
    entry: '"Skill"',
  });
});

Deno.test("claude settings: a settings file that is not a JSON object is left out", async () => {
  await using t = await tempDir();
  await writeTree(t.path, {
    "home/.claude/settings.json": "[1, 2]",
    "project/.claude/settings.json": "{ not json",
    "project/.claude/settings.local.json": json({ skillOverrides: ["a"] }),
  });
  assert.deepEqual(await claudeSettings.rules!(contextOf(t.path)), {
    rules: [],
  });
});

/** `list --client claude --json` with HOME `home` and a system root. */
const listClaude = (
  cwd: string,
  home: string,
  systemRoot: string,
): Promise<ListedSkill[]> =>
  listedSkills("claude", cwd, home, { SKILLSCOPE_SYSTEM_ROOT: systemRoot });

Deno.test("claude settings: list --client claude leaves out what skillOverrides turns off, lists name-only without a description, and lists nothing under a managed deny of Skill", async () => {
  await using t = await tempDir();
  const home = join(t.path, "home");
  const project = join(t.path, "project");
  const sys = join(t.path, "sys");
  const md = (name: string): string =>
    skillMd(`name: ${name}\ndescription: The ${name} skill`);
  await writeTree(t.path, {
    "home/.claude/skills/u-off/SKILL.md": md("u-off"),
    "home/.claude/skills/u-kept/SKILL.md": md("u-kept"),
    "project/.claude/skills/p-short/SKILL.md": md("p-short"),
    "project/.claude/skills/p-renamed/SKILL.md": md("frontmatter-name"),
    "project/.claude/commands/deploy.md":
      "---\ndescription: Deploy it.\n---\nDo it.\n",
    "home/.claude/settings.json": json({
      skillOverrides: {
        "u-off": "off",
        "frontmatter-name": "off",
        deploy: "off",
      },
    }),
    "project/.claude/settings.local.json": json({
      skillOverrides: { "p-short": "name-only" },
    }),
    "sys/etc/claude-code/managed-settings.json": json({
      skillOverrides: { "u-off": "on" },
    }),
  });
  const listed = await listClaude(project, home, join(t.path, "nowhere"));
  assert.deepEqual(
    listed.map((s) => [s.name, s.description]).sort(),
    [
      ["p-renamed", "The frontmatter-name skill"],
      ["p-short", ""],
      ["u-kept", "The u-kept skill"],
    ],
  );
  if (Deno.build.os === "linux") {
    // The managed file beats the user's: u-off is back.
    const managed = await listClaude(project, home, sys);
    assert.ok(managed.some((s) => s.name === "u-off"));
    await writeTree(t.path, {
      "sys/etc/claude-code/managed-settings.json": json({
        permissions: { deny: ["Skill"] },
      }),
    });
    assert.deepEqual(await listClaude(project, home, sys), []);
  }
});
