// Copyright 2026 the skillscope authors. MIT license.
// Client views (src/clients/client_view.ts): each rule measured on a real
// agent's binary, applied to real temporary trees, through the library and
// through the CLI (`list --client X --json` and `doctor --client X --json`
// must agree). Never the machine's real HOME or /etc: every run has its own
// HOME and SKILLSCOPE_SYSTEM_ROOT.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  mkfifo,
  runCli,
  skillMd,
  spawnCli,
  tempDir,
  writeTree,
} from "./_helpers.ts";
import { discover } from "../src/discover/discover.ts";
import { directorySource } from "../src/discover/sources.ts";
import { clientView } from "../src/clients/client_view.ts";
import { hasClientView } from "../src/clients/client_profile.ts";
import {
  cutDescription,
  firstBodyLine,
} from "../src/clients/client_descriptions.ts";
import { lineFrontmatter } from "../src/clients/client_extra_skills.ts";
import { walkedDirs } from "../src/clients/project_dirs.ts";
import { defaultRoots } from "../src/clients/default_roots.ts";

const PERMISSIONS = ["--allow-read", "--allow-env", "--allow-run=git"];

interface Listed {
  name: string;
  description: string;
  dir?: string;
  policy: { modelVisible: boolean; conditional?: boolean };
}

/** `list --client X --json` in `cwd` with its own HOME and system root. */
async function list(
  client: string,
  cwd: string,
  home: string,
  env: Record<string, string> = {},
): Promise<Listed[]> {
  const run = await runCli(["list", "--client", client, "--json"], {
    cwd,
    permissions: PERMISSIONS,
    env: {
      HOME: home,
      SKILLSCOPE_SYSTEM_ROOT: join(home, "no-system"),
      ...env,
    },
  });
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout).skills;
}

/** `doctor DIR --client X --json`: the verdict and the name it gives. */
async function doctor(
  client: string,
  dir: string,
  cwd: string,
  home: string,
): Promise<{ sees: string; name?: string; reasons: string[] }> {
  const run = await runCli(["doctor", dir, "--client", client, "--json"], {
    cwd,
    permissions: PERMISSIONS,
    env: { HOME: home, SKILLSCOPE_SYSTEM_ROOT: join(home, "no-system") },
  });
  return JSON.parse(run.stdout).clients[0];
}

/** The names the model is offered, in order. */
function offered(skills: readonly Listed[]): string[] {
  return skills.filter((s) => s.policy.modelVisible).map((s) => s.name);
}

async function git(dir: string): Promise<void> {
  const out = await new Deno.Command("git", {
    args: ["init", "-q"],
    cwd: dir,
  }).output();
  assert.ok(out.success);
}

Deno.test("client view helpers: first body line, line-by-line frontmatter, cut with the marker inside", () => {
  assert.equal(firstBodyLine("---\nname: a\n---\n\n## Title\n\nx\n"), "Title");
  assert.equal(firstBodyLine("---\nname: a\n\n# open\n"), "---");
  assert.deepEqual(lineFrontmatter('---\nname: "q"\ndescription: [x\n---\n'), {
    name: "q",
    description: "[x",
  });
  assert.deepEqual(lineFrontmatter("---\nname: u\ndescription: D.\n"), {});
  assert.deepEqual(lineFrontmatter("---\nname: u\ndescription: D.\n", true), {
    name: "u",
    description: "D.",
  });
  assert.equal(cutDescription("x".repeat(1500), 1024, "...").length, 1024);
  assert.ok(cutDescription("x".repeat(1500), 1024, "...").endsWith("x..."));
  assert.equal(hasClientView("claude"), true);
  assert.equal(hasClientView("cursor"), false);
});

Deno.test("project walk rules: cwd only, git root down, every ancestor without git", async () => {
  await using tmp = await tempDir();
  const project = join(tmp.path, "project");
  const cwd = join(project, "a", "b");
  await Deno.mkdir(cwd, { recursive: true });
  assert.deepEqual(walkedDirs(cwd, "cwd"), [cwd]);
  assert.deepEqual(walkedDirs(cwd, "git-root"), [cwd]);
  const top = walkedDirs(cwd, "git-root-else-top");
  assert.ok(top.includes(tmp.path) && top.at(-1) === "/");
  await git(project);
  assert.deepEqual(walkedDirs(cwd, "git-root-else-top"), [
    cwd,
    join(project, "a"),
    project,
  ]);
});

Deno.test("admin roots are injectable: a system root stands in for / (never the machine's /etc)", async () => {
  await using tmp = await tempDir();
  const { roots } = defaultRoots({
    cwd: tmp.path,
    home: join(tmp.path, "home"),
    ancestors: false,
    clients: ["codex", "claude"],
    systemRoot: join(tmp.path, "sys"),
  });
  const admin = roots.filter((r) => r.scope === "admin").map((r) => r.path);
  assert.ok(admin.length > 0);
  assert.ok(
    admin.every((p) => p.startsWith(join(tmp.path, "sys"))),
    admin.join(),
  );
  assert.ok(admin.includes(join(tmp.path, "sys/etc/codex/skills")));
  // Through the CLI: SKILLSCOPE_SYSTEM_ROOT.
  await writeTree(tmp.path, {
    "sys/etc/codex/skills/managed/SKILL.md": skillMd(
      "name: managed\ndescription: An administrator's skill.",
    ),
  });
  await Deno.mkdir(join(tmp.path, "home"), { recursive: true });
  const run = await runCli(["list", "--client", "codex", "--json"], {
    cwd: tmp.path,
    permissions: PERMISSIONS,
    env: {
      HOME: join(tmp.path, "home"),
      SKILLSCOPE_SYSTEM_ROOT: join(tmp.path, "sys"),
    },
  });
  const skills = JSON.parse(run.stdout).skills as Listed[];
  assert.deepEqual(skills.map((s) => s.name), ["managed"]);
});

Deno.test('disable-model-invocation per client: Codex offers it, Claude Code and Qwen Code hide true and "true", pi hides only the boolean', async () => {
  await using tmp = await tempDir();
  const files: Record<string, string> = {};
  for (const dir of [".codex", ".claude", ".qwen", ".pi"]) {
    files[`${dir}/skills/flag-bool/SKILL.md`] = skillMd(
      "name: flag-bool\ndescription: Bool.\ndisable-model-invocation: true",
    );
    files[`${dir}/skills/flag-string/SKILL.md`] = skillMd(
      'name: flag-string\ndescription: String.\ndisable-model-invocation: "true"',
    );
    files[`${dir}/skills/plain/SKILL.md`] = skillMd(
      "name: plain\ndescription: Plain.",
    );
  }
  await writeTree(tmp.path, files);
  const found = async (dir: string) =>
    await discover({
      sources: [
        directorySource(join(tmp.path, dir, "skills"), { scope: "project" }),
      ],
    });
  const visible = async (client: string, dir: string) =>
    (await clientView(client, await found(dir))).skills.filter((s) =>
      s.policy.modelVisible
    ).map((s) => s.name).sort();
  assert.deepEqual(await visible("codex", ".codex"), [
    "flag-bool",
    "flag-string",
    "plain",
  ]);
  assert.deepEqual(await visible("claude", ".claude"), ["plain"]);
  assert.deepEqual(await visible("qwen-code", ".qwen"), ["plain"]);
  assert.deepEqual(await visible("pi", ".pi"), ["flag-string", "plain"]);
  // A hidden skill is still listed (loaded), with modelVisible false.
  const claude = await clientView("claude", await found(".claude"));
  const hidden = claude.skills.find((s) => s.name === "flag-string")!;
  assert.equal(hidden.policy.modelVisible, false);
  assert.equal(hidden.hiddenBy?.rule, "disableModelInvocation");
  assert.match(hidden.hiddenBy?.evidence ?? "", /Claude Code 2\.1\.328/);
});

Deno.test("list --client qwen-code renders as Qwen Code does; doctor agrees with list and names the rule", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  const cwd = join(tmp.path, "project");
  await writeTree(tmp.path, {
    "project/.qwen/skills/beta/SKILL.md": skillMd(
      "name: beta\ndescription: Does beta.\nwhen_to_use: When beta.",
    ),
    "project/.qwen/skills/alpha/SKILL.md": skillMd(
      "name: alpha\ndescription: Does alpha.",
    ),
    "project/.qwen/skills/hidden/SKILL.md": skillMd(
      'name: hidden\ndescription: Hidden.\ndisable-model-invocation: "true"',
    ),
    "project/.qwen/skills/cond/SKILL.md": skillMd(
      'name: cond\ndescription: Conditional.\npaths:\n  - "**/*.py"',
    ),
    "home/.qwen/skills/mine/SKILL.md": skillMd(
      "name: mine\ndescription: Mine.",
    ),
    "home/.agents/skills/shared/SKILL.md": skillMd(
      "name: shared\ndescription: Shared.",
    ),
  });
  const skills = await list("qwen-code", cwd, home);
  assert.deepEqual(offered(skills), ["alpha", "beta", "mine", "shared"]);
  const by = (name: string) => skills.find((s) => s.name === name)!;
  assert.equal(by("beta").description, "Does beta. — When beta. (project)");
  assert.equal(by("mine").description, "Mine. (user)");
  assert.equal(by("hidden").policy.modelVisible, false);
  assert.equal(by("cond").policy.conditional, true);
  for (const name of ["alpha", "hidden", "cond"]) {
    const verdict = await doctor(
      "qwen-code",
      join(cwd, ".qwen/skills", name),
      cwd,
      home,
    );
    assert.equal(verdict.sees, by(name).policy.modelVisible ? "yes" : "no");
  }
  const hidden = await doctor(
    "qwen-code",
    join(cwd, ".qwen/skills/hidden"),
    cwd,
    home,
  );
  assert.match(
    hidden.reasons.join(" "),
    /rule disableModelInvocation; Qwen Code 0\.24\.4/,
  );
});

Deno.test("list --client claude: folder names, its description fallbacks and escaping, no .agents/skills, commands, files its parser still loads", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  const cwd = join(tmp.path, "project");
  await writeTree(tmp.path, {
    "project/.claude/skills/folder/SKILL.md": skillMd(
      "name: other\ndescription: Use <tags> here.\nwhen_to_use: Twice.",
    ),
    "project/.claude/skills/no-desc/SKILL.md": skillMd(
      "name: no-desc",
      "# Heading line\n\nFirst paragraph.\n",
    ),
    "project/.claude/skills/empty/SKILL.md": skillMd(
      'name: empty\ndescription: ""',
    ),
    "project/.claude/skills/no-fm/SKILL.md": "# No frontmatter\n\nBody.\n",
    "project/.claude/skills/bad/SKILL.md":
      "---\nname: bad\ndescription: [open\n---\n",
    "project/.claude/skills/.hidden/SKILL.md": skillMd(
      "name: hid\ndescription: Hidden folder.",
    ),
    "project/.claude/commands/ops/restart.md": "Restart it.\n",
    "project/.agents/skills/foreign/SKILL.md": skillMd(
      "name: foreign\ndescription: Not Claude's.",
    ),
  });
  const skills = await list("claude", cwd, home);
  const by = Object.fromEntries(skills.map((s) => [s.name, s.description]));
  assert.equal(by["folder"], "Use &lt;tags&gt; here. - Twice.");
  assert.equal(by["no-desc"], "Heading line");
  assert.equal(by["empty"], "empty");
  assert.equal(by["no-fm"], "No frontmatter");
  assert.equal(by["bad"], "[open");
  assert.equal(by[".hidden"], "Hidden folder.");
  assert.equal(by["ops:restart"], "Restart it.");
  assert.equal(by["foreign"], undefined);
  assert.equal(by["other"], undefined);
  // doctor answers for a folder our parser rejects, from the same listing.
  const noFm = await doctor(
    "claude",
    join(cwd, ".claude/skills/no-fm"),
    cwd,
    home,
  );
  assert.equal(noFm.sees, "yes");
  const foreign = await doctor(
    "claude",
    join(cwd, ".agents/skills/foreign"),
    cwd,
    home,
  );
  assert.equal(foreign.sees, "no");
});

Deno.test("list --client claude walks every ancestor outside a git repository, up to the git root inside one", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  await writeTree(tmp.path, {
    ".claude/skills/above/SKILL.md": skillMd("name: above\ndescription: A."),
    "project/.claude/skills/top/SKILL.md": skillMd(
      "name: top\ndescription: T.",
    ),
  });
  const cwd = join(tmp.path, "project", "sub");
  await Deno.mkdir(cwd, { recursive: true });
  await Deno.mkdir(home, { recursive: true });
  assert.deepEqual(offered(await list("claude", cwd, home)).sort(), [
    "above",
    "top",
  ]);
  await git(join(tmp.path, "project"));
  assert.deepEqual(offered(await list("claude", cwd, home)), ["top"]);
});

Deno.test("list --client pi: .pi/skills in the cwd only, .agents/skills, PI_CODING_AGENT_DIR, any depth, a number description dropped", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  await writeTree(tmp.path, {
    "project/.pi/skills/at-top/SKILL.md": skillMd(
      "name: at-top\ndescription: T.",
    ),
    "project/sub/.pi/skills/at-sub/SKILL.md": skillMd(
      "name: at-sub\ndescription: S.",
    ),
    "project/sub/.pi/skills/group/inner/deep/SKILL.md": skillMd(
      "name: deep\ndescription: D.",
    ),
    "project/sub/.pi/skills/numeric/SKILL.md": skillMd(
      "name: numeric\ndescription: 42",
    ),
    "project/sub/.agents/skills/shared/SKILL.md": skillMd(
      "name: shared\ndescription: Sh.",
    ),
    "home/.pi/agent/skills/unmoved/SKILL.md": skillMd(
      "name: unmoved\ndescription: U.",
    ),
    "alt/skills/moved/SKILL.md": skillMd("name: moved\ndescription: M."),
  });
  await git(project);
  const cwd = join(project, "sub");
  assert.deepEqual(offered(await list("pi", cwd, home)).sort(), [
    "at-sub",
    "deep",
    "shared",
    "unmoved",
  ]);
  const moved = await list("pi", cwd, home, {
    PI_CODING_AGENT_DIR: join(tmp.path, "alt"),
  });
  assert.ok(offered(moved).includes("moved"));
  assert.ok(!offered(moved).includes("unmoved"));
  const numeric = await doctor(
    "pi",
    join(cwd, ".pi/skills/numeric"),
    cwd,
    home,
  );
  assert.equal(numeric.sees, "no");
  assert.match(numeric.reasons.join(" "), /requiresStringDescription/);
});

Deno.test("client view: Codex offers every copy, drops a BOM and a long name, cuts at 1,024 characters; opencode keeps the first copy from the top down, sorted", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "a/twin/SKILL.md": skillMd("name: twin\ndescription: First."),
    "b/twin/SKILL.md": skillMd("name: twin\ndescription: Second."),
    "b/zeta/SKILL.md": skillMd("name: zeta\ndescription: Z."),
    "b/long/SKILL.md": skillMd(
      `name: long\ndescription: "${"word ".repeat(300).trim()}"`,
    ),
    "b/too-long/SKILL.md": skillMd(`name: ${"n".repeat(70)}\ndescription: N.`),
    "b/bom/SKILL.md": "\uFEFF" + skillMd("name: bom\ndescription: B."),
  });
  const found = await discover({
    sources: [
      directorySource(join(tmp.path, "a"), { scope: "project" }),
      directorySource(join(tmp.path, "b"), { scope: "project" }),
    ],
  });
  const roots = [
    { path: join(tmp.path, "a"), scope: "project" },
    { path: join(tmp.path, "b"), scope: "project" },
  ];
  const codex = await clientView("codex", found, { roots });
  const names = codex.skills.map((s) => s.name);
  assert.equal(names.filter((n) => n === "twin").length, 2);
  assert.ok(!names.includes("bom"));
  assert.ok(!names.some((n) => n.length > 64));
  const long = codex.skills.find((s) => s.name === "long")!;
  assert.equal(long.description.length, 1024);
  assert.ok(long.description.endsWith("..."));
  assert.deepEqual(
    codex.dropped.map((d) => d.by.rule).sort(),
    ["maxNameLength", "rejectsBom"],
  );
  // opencode: the first copy from the top down (its most frequent choice;
  // which copy it keeps varies from run to run, and doctor says so).
  const opencode = await clientView("opencode", found, { roots });
  const twin = opencode.skills.filter((s) => s.name === "twin");
  assert.deepEqual(twin.map((s) => s.description), ["First."]);
  const other = opencode.dropped.find((d) => d.name === "twin")!;
  assert.match(other.by.reason, /varies from run to run/);
  const sorted = opencode.skills.map((s) => s.name);
  assert.deepEqual(sorted, [...sorted].sort());
});

Deno.test("catalog --client X renders what X offers: its names, descriptions and visibility", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  const cwd = join(tmp.path, "project");
  await writeTree(tmp.path, {
    "project/.codex/skills/flagged/SKILL.md": skillMd(
      "name: flagged\ndescription: Flagged.\ndisable-model-invocation: true",
    ),
    "project/.qwen/skills/q/SKILL.md": skillMd("name: q\ndescription: Q."),
  });
  await Deno.mkdir(home, { recursive: true });
  const catalog = async (client: string) => {
    const run = await runCli(
      ["catalog", "--client", client, "--format", "json"],
      {
        cwd,
        permissions: PERMISSIONS,
        env: { HOME: home, SKILLSCOPE_SYSTEM_ROOT: join(home, "no-system") },
      },
    );
    assert.equal(run.code, 0, run.stderr);
    return (JSON.parse(run.stdout) as {
      skills: { name: string; description: string }[];
    }).skills;
  };
  // Codex offers a skill with disable-model-invocation: true.
  const codex = await catalog("codex");
  assert.deepEqual(codex.map((s) => s.name), ["flagged"]);
  const qwen = await catalog("qwen-code");
  assert.deepEqual(qwen.map((s) => [s.name, s.description]), [[
    "q",
    "Q. (project)",
  ]]);
});

Deno.test("client view: what each client loads beyond our parser — an unclosed frontmatter, an empty description, a root's own SKILL.md, loose .md files, node_modules; names it rejects", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  await writeTree(root, {
    "control/SKILL.md": skillMd("name: control\ndescription: C."),
    "unclosed/SKILL.md":
      "---\nname: unclosed\ndescription: Never closed.\n\n# x\n",
    "empty/SKILL.md": skillMd('name: empty\ndescription: ""'),
    "spaced/SKILL.md": skillMd("name: Spaced Name\ndescription: S."),
    "folder-only/SKILL.md": skillMd("description: No name."),
    "node_modules/pkg/in-modules/SKILL.md": skillMd(
      "name: in-modules\ndescription: M.",
    ),
    "loose.md": skillMd("name: loose\ndescription: Loose."),
  });
  const roots = [{ path: root, scope: "project" }];
  const found = await discover({
    sources: [directorySource(root, { scope: "project" })],
  });
  const names = async (client: string) =>
    (await clientView(client, found, { roots })).skills.map((s) =>
      `${s.name}=${s.description}`
    ).sort();
  // opencode: the frontmatter runs to the end; "" kept; node_modules read.
  assert.deepEqual(await names("opencode"), [
    "Spaced Name=S.",
    "control=C.",
    "empty=",
    "in-modules=M.",
    "unclosed=Never closed.",
  ]);
  // Qwen Code: no name, or a name with spaces, is not loaded.
  assert.deepEqual(await names("qwen-code"), [
    "control=C. (project)",
  ]);
  // pi: a loose .md file is a skill; a root with its own SKILL.md is that one skill.
  assert.ok((await names("pi")).includes("loose=Loose."));
  await Deno.writeTextFile(
    join(root, "SKILL.md"),
    skillMd("name: at-root\ndescription: R."),
  );
  const again = await discover({
    sources: [
      directorySource(root, { scope: "project", recursive: true, maxDepth: 6 }),
    ],
  });
  const pi = await clientView("pi", again, { roots });
  assert.deepEqual(pi.skills.map((s) => s.name).filter((n) => n !== "loose"), [
    "at-root",
  ]);
  assert.ok(pi.dropped.some((d) => d.by.rule === "rootSkillMd"));
  // Gemini CLI: the root's own SKILL.md beside its folders.
  const gemini = await clientView("gemini", found, { roots });
  assert.ok(gemini.skills.some((s) => s.name === "at-root"));
});

Deno.test("opencode's top-down rule: the git root's copy wins over the cwd's, also when the top copy was shadowed in discovery", async () => {
  await using tmp = await tempDir();
  const top = join(tmp.path, "project/.opencode/skills");
  const nested = join(tmp.path, "project/sub/.opencode/skills");
  await writeTree(tmp.path, {
    "project/.opencode/skills/twin/SKILL.md": skillMd(
      "name: twin\ndescription: Top.",
    ),
    "project/sub/.opencode/skills/twin/SKILL.md": skillMd(
      "name: twin\ndescription: Nested.",
    ),
  });
  // skillscope's own order: the deepest project directory first.
  const found = await discover({
    sources: [
      directorySource(nested, { scope: "project" }),
      directorySource(top, { scope: "project" }),
    ],
  });
  assert.equal(found.skills[0]?.description, "Nested.");
  const view = await clientView("opencode", found, {
    roots: [
      { path: nested, scope: "project" },
      { path: top, scope: "project" },
    ],
  });
  assert.deepEqual(view.skills.map((s) => s.description), ["Top."]);
});

Deno.test("list --client never blocks on a FIFO a client view would read: Claude's SKILL.md, pi's loose .md file", async () => {
  await using tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  await writeTree(tmp.path, {
    "home/.claude/skills/good/SKILL.md": skillMd(
      "name: good\ndescription: A good skill",
    ),
    "home/.pi/agent/skills/kept/SKILL.md": skillMd(
      "name: kept\ndescription: A kept skill",
    ),
    "project/README.md": "# Project\n",
  });
  await Deno.mkdir(join(home, ".claude/skills/fifo"), { recursive: true });
  await mkfifo(join(home, ".claude/skills/fifo/SKILL.md"));
  await mkfifo(join(home, ".pi/agent/skills/loose.md"));
  for (const [client, expected] of [["claude", "good"], ["pi", "kept"]]) {
    // A read that blocks waits for a writer that never comes: the run is
    // ended after 30 s, and a killed run fails below.
    const child = await spawnCli(["list", "--client", client!, "--json"], {
      cwd: project,
      permissions: PERMISSIONS,
      env: { HOME: home, SKILLSCOPE_SYSTEM_ROOT: join(home, "no-system") },
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const out = await child.output();
    clearTimeout(timer);
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.signal, null, `${client}: killed, blocked on a FIFO`);
    assert.equal(out.code, 0, stderr);
    const names = JSON.parse(new TextDecoder().decode(out.stdout)).skills
      .map((s: Listed) => s.name);
    assert.ok(names.includes(expected), `${client}: ${names}`);
  }
});
