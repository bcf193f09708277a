// Copyright 2026 the skillscope authors. MIT license.
// Gemini CLI's own settings (src/clients/settings/gemini_settings.ts), as
// measured on Gemini CLI 0.61.0 (agree scenarios gemini/settings/*): the
// reader against real temporary trees, and `list --client gemini --json`
// run as a subprocess. Never the machine's real HOME or GEMINI_CLI_HOME.
import assert from "node:assert/strict";
import { join } from "node:path";
import { listedNames, settingsContext } from "./_settings.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";
import type { Skill } from "../src/shared/types.ts";
import {
  type ClientSettings,
  decidingRule,
} from "../src/clients/client_settings.ts";
import { geminiSettings } from "../src/clients/settings/gemini_settings.ts";

/** A skill in `root`'s `~/.gemini/skills/<folder>`, offered under `name`. */
function skill(root: string, folder: string, name: string): Skill {
  const dir = `${root}/home/.gemini/skills/${folder}`;
  return {
    name,
    description: `The ${name} skill`,
    dir,
    path: `${dir}/SKILL.md`,
    source: { kind: "directory", key: dir },
    frontmatter: {},
  };
}

/** What the settings do to a skill offered under `name`: "off" or "on". */
function actionFor(
  settings: ClientSettings,
  root: string,
  folder: string,
  name = folder,
): string {
  return decidingRule(settings, skill(root, folder, name), name)?.action ??
    "on";
}

const md = (name: string): string =>
  skillMd(`name: ${name}\ndescription: The ${name} skill`);
const json = (value: unknown): string => JSON.stringify(value);

/** Gemini CLI reads the workspace at the cwd. */
const geminiContext = (
  root: string,
  options: Parameters<typeof settingsContext>[1] = {},
) => settingsContext(root, { ...options, projectRoot: "cwd" });

Deno.test("gemini settings: skills.disabled turns off the name offered (any case), never the folder; the user's and the workspace's lists add up", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "home/.gemini/settings.json": json({
      skills: { disabled: ["ALPHA", "gamma-dir", 3] },
    }),
    "project/.gemini/settings.json":
      '{\n  // the workspace\n  "skills": { "disabled": ["beta"] },\n}\n',
  });
  const settings = await geminiSettings.rules!(geminiContext(root));
  assert.equal(settings.none, undefined);
  assert.equal(actionFor(settings, root, "alpha"), "off");
  assert.equal(actionFor(settings, root, "gamma-dir", "gamma"), "on");
  assert.equal(actionFor(settings, root, "beta"), "off");
  assert.equal(actionFor(settings, root, "keep"), "on");
  const rule = decidingRule(settings, skill(root, "beta", "beta"), "beta");
  assert.equal(
    rule?.from,
    `${root}/project/.gemini/settings.json (skills.disabled)`,
  );
  // Untrusted, the workspace file is not read.
  const untrusted = await geminiSettings.rules!(
    geminiContext(root, { trusted: false }),
  );
  assert.equal(actionFor(untrusted, root, "beta"), "on");
  assert.equal(actionFor(untrusted, root, "alpha"), "off");
});

Deno.test("gemini settings: skills.enabled: false lists nothing, the workspace's value winning over the user's", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "home/.gemini/settings.json": json({ skills: { enabled: false } }),
  });
  assert.deepEqual((await geminiSettings.rules!(geminiContext(root))).none, {
    from: `${root}/home/.gemini/settings.json`,
    file: `${root}/home/.gemini/settings.json`,
    entry: "skills.enabled: false",
  });
  await writeTree(root, {
    "project/.gemini/settings.json": json({ skills: { enabled: true } }),
  });
  assert.equal(
    (await geminiSettings.rules!(geminiContext(root))).none,
    undefined,
  );
  await writeTree(root, {
    "home/.gemini/settings.json": json({
      experimental: { skills: false },
      admin: { skills: { enabled: false } },
    }),
    "project/.gemini/settings.json": json({ skills: { enabled: false } }),
  });
  assert.equal(
    (await geminiSettings.rules!(geminiContext(root))).none?.from,
    `${root}/project/.gemini/settings.json`,
  );
  // Untrusted: only the user file, which says nothing of skills.enabled.
  assert.equal(
    (await geminiSettings.rules!(geminiContext(root, { trusted: false }))).none,
    undefined,
  );
});

Deno.test("gemini settings: GEMINI_PROMPT_AGENTSKILLS=0 or false lists nothing", async () => {
  await using t = await tempDir();
  for (const value of ["0", " FALSE ", "false"]) {
    const settings = await geminiSettings.rules!(
      geminiContext(t.path, { env: { GEMINI_PROMPT_AGENTSKILLS: value } }),
    );
    assert.equal(settings.none?.entry, `GEMINI_PROMPT_AGENTSKILLS=${value}`);
  }
  const on = await geminiSettings.rules!(
    geminiContext(t.path, { env: { GEMINI_PROMPT_AGENTSKILLS: "1" } }),
  );
  assert.equal(on.none, undefined);
});

Deno.test("gemini settings: GEMINI_CLI_HOME moves the user file; a cwd that is that home has no workspace file of its own", async () => {
  await using t = await tempDir();
  const root = t.path;
  await writeTree(root, {
    "ghome/.gemini/settings.json": json({ skills: { disabled: ["g-off"] } }),
    "home/.gemini/settings.json": json({ skills: { disabled: ["h-off"] } }),
  });
  const env = { GEMINI_CLI_HOME: join(root, "ghome") };
  const settings = await geminiSettings.rules!(geminiContext(root, { env }));
  assert.equal(actionFor(settings, root, "g-off"), "off");
  assert.equal(actionFor(settings, root, "h-off"), "on");
  // The cwd is the home: its .gemini/settings.json is the user file, read once.
  const atHome = await geminiSettings.rules!(
    geminiContext(root, { cwd: "home" }),
  );
  assert.equal(atHome.rules.length, 1);
});

Deno.test("gemini settings: each extension with a valid name and a version adds its skills/ (a linked install its source's), one level, as a user root", async () => {
  await using t = await tempDir();
  const root = t.path;
  const ext = "home/.gemini/extensions";
  await writeTree(root, {
    [`${ext}/good/gemini-extension.json`]: json({
      name: "good",
      version: "1.0.0",
    }),
    [`${ext}/good/skills/a/SKILL.md`]: md("a"),
    [`${ext}/nover/gemini-extension.json`]: json({ name: "nover" }),
    [`${ext}/nover/skills/b/SKILL.md`]: md("b"),
    [`${ext}/badname/gemini-extension.json`]: json({
      name: "bad name",
      version: "1",
    }),
    [`${ext}/badname/skills/c/SKILL.md`]: md("c"),
    [`${ext}/noskills/gemini-extension.json`]: json({
      name: "noskills",
      version: "1",
    }),
    [`${ext}/linked/.gemini-extension-install.json`]: json({
      source: join(root, "elsewhere/linked"),
      type: "link",
    }),
    [`${ext}/relative/.gemini-extension-install.json`]: json({
      source: "../elsewhere/rel",
      type: "link",
    }),
    "elsewhere/linked/gemini-extension.json": json({
      name: "linked",
      version: "2",
    }),
    "elsewhere/linked/skills/d/SKILL.md": md("d"),
    "elsewhere/rel/gemini-extension.json": json({ name: "rel", version: "2" }),
    "elsewhere/rel/skills/e/SKILL.md": md("e"),
    [`${ext}/extension-enablement.json`]: json({}),
  });
  const roots = geminiSettings.roots!(geminiContext(root)).map((r) =>
    `${r.scope} ${r.path.slice(root.length)} ${r.maxDepth}`
  );
  assert.deepEqual(roots, [
    `user /${ext}/good/skills 1`,
    "user /elsewhere/linked/skills 1",
    "user /elsewhere/rel/skills 1",
  ]);
  // Untrusted, a relative link has no cwd to be below.
  assert.equal(
    geminiSettings.roots!(geminiContext(root, { trusted: false })).length,
    2,
  );
});

Deno.test("gemini settings: list --client gemini adds extension skills, leaves out what skills.disabled names, and lists nothing under skills.enabled: false or GEMINI_PROMPT_AGENTSKILLS=0", async () => {
  await using t = await tempDir();
  const home = join(t.path, "home");
  const project = join(t.path, "project");
  await writeTree(t.path, {
    "home/.gemini/skills/alpha/SKILL.md": md("alpha"),
    "home/.gemini/skills/delta-dir/SKILL.md": md("delta"),
    "project/.gemini/skills/keep/SKILL.md": md("keep"),
    "home/.gemini/extensions/myext/gemini-extension.json": json({
      name: "myext",
      version: "1.0.0",
    }),
    "home/.gemini/extensions/myext/skills/ext-skill/SKILL.md": md("ext-skill"),
    "home/.gemini/settings.json": json({ skills: { disabled: ["Alpha"] } }),
    "project/.gemini/settings.json": json({ skills: { disabled: ["delta"] } }),
  });
  assert.deepEqual(await listedNames("gemini", project, home), [
    "ext-skill",
    "keep",
  ]);
  assert.deepEqual(
    await listedNames("gemini", project, home, {
      GEMINI_PROMPT_AGENTSKILLS: "0",
    }),
    [],
  );
  await writeTree(t.path, {
    "project/.gemini/settings.json": json({ skills: { enabled: false } }),
  });
  assert.deepEqual(await listedNames("gemini", project, home), []);
});
