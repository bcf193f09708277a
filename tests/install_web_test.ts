// Copyright 2026 the skillscope authors. MIT license.
// Installing from websites served on 127.0.0.1: the well-known index (v0.2
// first, then v0.1) as a source of several skills, the round trip from the
// fixtures through the real CLI, the lock's website fields, check / update
// / restore, the git fallback and the missing --allow-net grant.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  check,
  install,
  InstallError,
  type InstallResult,
  readLock,
  restore,
  update,
} from "../src/install/mod.ts";
import { runGit } from "../src/install/git.ts";
import { sha256Digest } from "../src/web/digest.ts";
import { runCli, tempDir } from "./_helpers.ts";
import { gitRepo, rejectsCode } from "./_git.ts";
import { FIXTURES } from "./_mcp.ts";
import {
  artifactSite,
  publishedSite,
  readTree,
  serveSite,
  type Site,
  skillText,
} from "./web_site.ts";
import { AGENT_SKILLS_INDEX as INDEX } from "../src/web/index_client.ts";

const LEGACY = "/.well-known/skills/index.json";
const NAMES = [
  "brand-guidelines",
  "changelog-writer",
  "pdf-tools",
  "sql-review",
];
const NET = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-net=127.0.0.1",
];
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A v0.2 site with one skill-md skill, "demo", at /demo/SKILL.md. */
function demoSite(text = skillText("demo")): ReturnType<typeof artifactSite> {
  return artifactSite([{
    name: "demo",
    bytes: bytes(text),
    path: "/demo/SKILL.md",
    type: "skill-md",
  }]);
}

/** A demo site with "demo" installed from it into a temporary skills directory. */
async function installedDemo(): Promise<{
  site: Site;
  dir: string;
  installed: InstallResult;
  [Symbol.asyncDispose](): Promise<void>;
}> {
  const site = serveSite(demoSite());
  const tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  const installed = await install({ source: site.origin, dir });
  return {
    site,
    dir,
    installed,
    async [Symbol.asyncDispose](): Promise<void> {
      await site.close();
      await tmp[Symbol.asyncDispose]();
    },
  };
}

/** The site now publishes "demo" as `text`: a new artifact, a new digest. */
function publishDemo(site: Site, text: string): void {
  for (const [path, route] of Object.entries(demoSite(text))) {
    site.routes.set(path, route);
  }
}

/** A v0.1 site listing "demo" with SKILL.md and references/a.md. */
function legacySite(body = "# v0.1\n"): Record<string, string> {
  return {
    [LEGACY]: JSON.stringify({
      skills: [{
        name: "demo",
        description: "Demo",
        files: ["SKILL.md", "references/a.md"],
      }],
    }),
    "/.well-known/skills/demo/SKILL.md": skillText("demo", body),
    "/.well-known/skills/demo/references/a.md": "A\n",
  };
}

Deno.test("round trip: a site built from the fixtures installs with --all through the CLI, verifies, and matches the sources byte for byte", async () => {
  await using site = serveSite(await publishedSite(FIXTURES));
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  const env = { HOME: tmp.path, TMPDIR: tmp.path };
  const list = await runCli(["install", site.origin, "--list", "--json"], {
    permissions: NET,
    env,
  });
  assert.equal(list.code, 0, list.stderr);
  const offered = JSON.parse(list.stdout);
  assert.deepEqual(offered.map((s: { name: string }) => s.name), NAMES);
  assert.ok(offered.every((s: { digest?: string }) => s.digest !== undefined));
  assert.deepEqual(site.requests, [INDEX]); // listing downloads no artifact
  const run = await runCli(["install", site.origin, "--all", "--dir", dir], {
    permissions: NET,
    env,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /has a well-known skills index.*v0\.2/);
  for (const name of NAMES) {
    assert.match(run.stdout, new RegExp(`Installed ${name} `));
    assert.deepEqual(
      await readTree(join(dir, name)),
      await readTree(join(FIXTURES, name)),
      name,
    );
  }
  const verify = await runCli(["verify", "--dir", dir], { permissions: NET });
  assert.equal(verify.code, 0, verify.stdout + verify.stderr);
  // The lock: the index URL, the entry's URL and digest, per-file hashes.
  const index = await (await fetch(`${site.origin}${INDEX}`)).json();
  const lock = readLock(dir).skills;
  for (const entry of index.skills) {
    const locked = lock[entry.name]!;
    assert.equal(locked.kind, "web");
    assert.equal(locked.source, `${site.origin}${INDEX}`);
    assert.equal(locked.url, new URL(entry.url, site.origin).href);
    assert.equal(locked.digest, entry.digest);
    assert.ok(Object.keys(locked.files).includes("SKILL.md"));
  }
});

Deno.test("install takes the origin, any URL on it, or the index URL; --skill picks, several skills without one are refused", async () => {
  await using site = serveSite(await publishedSite(FIXTURES));
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  const several = await rejectsCode(
    install({ source: site.origin, dir }),
    "several-skills",
  );
  assert.match(several.message, /lists 4 skills: brand-guidelines, /);
  const sources = [
    `${site.origin}/docs/guide/intro.html`,
    `${site.origin}${INDEX}`,
  ];
  const a = await install({ source: sources[0]!, dir, skill: "pdf-tools" });
  const b = await install({ source: sources[1]!, dir, skill: "sql-review" });
  assert.deepEqual([a.status, b.status], ["installed", "installed"]);
  assert.equal(a.source, b.source); // both recorded as the index URL
  await rejectsCode(
    install({ source: site.origin, dir, skill: "nope" }),
    "no-skill",
  );
});

Deno.test("the v0.2 index is preferred; a v0.1 site installs unverified, locked by the hashes of what was fetched", async () => {
  await using both = serveSite({ ...legacySite(), ...demoSite() });
  await using tmp = await tempDir();
  const first = await install({
    source: both.origin,
    dir: join(tmp.path, "a"),
  });
  assert.ok(first.notes.some((n) => n.includes("v0.2")), first.notes.join());
  assert.deepEqual(both.requests, [INDEX, "/demo/SKILL.md"]);

  await using legacy = serveSite(legacySite());
  const dir = join(tmp.path, "b");
  const result = await install({ source: legacy.origin, dir });
  assert.ok(
    result.notes.some((n) =>
      /v0\.1: no digests, the files are not verified/.test(n)
    ),
    result.notes.join("\n"),
  );
  assert.equal(result.digest, undefined);
  const entry = readLock(dir).skills.demo!;
  assert.equal(entry.kind, "web");
  assert.equal(entry.source, `${legacy.origin}${LEGACY}`);
  assert.equal(entry.url, `${legacy.origin}/.well-known/skills/demo/`);
  assert.equal(entry.digest, undefined);
  assert.deepEqual(Object.keys(entry.files), ["SKILL.md", "references/a.md"]);
  assert.equal(
    await Deno.readTextFile(join(dir, "demo/references/a.md")),
    "A\n",
  );
  // check downloads a v0.1 skill to compare its hash.
  assert.equal((await check(dir))[0]?.status, "up-to-date");
  legacy.routes.set("/.well-known/skills/demo/references/a.md", "B\n");
  assert.equal((await check(dir))[0]?.status, "update-available");
});

Deno.test("check compares the published digest with one index request; update installs it; never over local edits", async () => {
  await using demo = await installedDemo();
  const { site, dir, installed } = demo;
  const [fresh] = await check(dir);
  assert.equal(fresh?.status, "up-to-date");
  assert.equal(fresh?.digest, installed.digest);

  const next = skillText("demo", "# Version two\n");
  publishDemo(site, next);
  site.requests.length = 0;
  const [later] = await check(dir);
  assert.equal(later?.status, "update-available");
  assert.equal(later?.latestDigest, sha256Digest(bytes(next)));
  assert.deepEqual(site.requests, [INDEX]); // the artifact is not downloaded
  const cli = await runCli(["check", "--dir", dir], { permissions: NET });
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(
    cli.stdout,
    new RegExp(
      // The table shows digests in the tree hashes' notation.
      `update available +demo +${
        installed.digest!.replace("sha256:", "sha256-")
      } -> ${later!.latestDigest!.replace("sha256:", "sha256-")}`,
    ),
  );

  // Local edits stop update; the edit is kept.
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "my edit\n");
  await rejectsCode(update(dir), "locally-modified");
  assert.equal(
    await Deno.readTextFile(join(dir, "demo/SKILL.md")),
    "my edit\n",
  );
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), skillText("demo"));

  const run = await runCli(["update", "--dir", dir], { permissions: NET });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Updated demo/);
  assert.equal(await Deno.readTextFile(join(dir, "demo/SKILL.md")), next);
  assert.equal(readLock(dir).skills.demo?.digest, later!.latestDigest);
  assert.equal((await check(dir))[0]?.status, "up-to-date");
});

Deno.test("restore installs exactly the locked digest, and refuses once the site no longer serves it", async () => {
  await using demo = await installedDemo();
  const { site, dir, installed } = demo;
  await Deno.remove(join(dir, "demo"), { recursive: true });
  const back = await restore(dir);
  assert.deepEqual(back.failures, []);
  assert.equal(back.results[0]?.status, "installed");
  assert.equal(
    await Deno.readTextFile(join(dir, "demo/SKILL.md")),
    skillText("demo"),
  );

  publishDemo(site, skillText("demo", "# New\n"));
  await Deno.remove(join(dir, "demo"), { recursive: true });
  const lockBefore = await Deno.readTextFile(join(dir, "skills.lock"));
  site.requests.length = 0;
  const run = await runCli(["restore", "--dir", dir], { permissions: NET });
  assert.equal(run.code, 1, run.stdout);
  assert.match(
    run.stderr,
    new RegExp(`no longer serves the locked "demo" \\(${installed.digest}\\)`),
  );
  assert.deepEqual(site.requests, [INDEX]); // refused before any download
  assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), [
    "skills.lock",
  ]);
  assert.equal(await Deno.readTextFile(join(dir, "skills.lock")), lockBefore);
});

Deno.test("a URL without a well-known index is installed as a git repository, and says so", async () => {
  await using site = serveSite({});
  await using tmp = await tempDir();
  const repo = join(tmp.path, "repo");
  await gitRepo(repo, { "SKILL.md": skillText("demo") });
  const url = `${site.origin}/acme/skills`;
  // git reaches the repository at `url` through a local copy.
  const result = await install({
    source: url,
    dir: join(tmp.path, "skills"),
    git: (args, options) =>
      runGit(args.map((a) => (a === url ? `file://${repo}` : a)), options),
  });
  assert.ok(
    result.notes.some((n) =>
      /has no usable well-known skills index .*installing it as a git repository/
        .test(n)
    ),
    result.notes.join("\n"),
  );
  assert.equal(readLock(join(tmp.path, "skills")).skills.demo?.kind, "git");
  assert.deepEqual(site.requests, [INDEX, LEGACY]);
  // When git fails too, the error gives both reasons.
  const error = await rejectsCode(
    install({ source: url, dir: join(tmp.path, "other") }),
    "git-failed",
  );
  assert.match(
    error.message,
    /no usable well-known skills index.*; as a git repository: /s,
  );
});

Deno.test("a URL on a known git host or ending in .git never asks for a well-known index", async () => {
  await using tmp = await tempDir();
  for (
    const source of [
      "https://github.com/acme/skills",
      "https://gitlab.com/acme/skills",
      "https://example.com/acme/skills.git",
    ]
  ) {
    const seen: string[][] = [];
    const error = await rejectsCode(
      install({
        source,
        dir: join(tmp.path, "skills"),
        git: (args) => {
          seen.push([...args]);
          return Promise.resolve({ code: 128, stdout: "", stderr: "no" });
        },
      }),
      "git-failed",
    );
    assert.doesNotMatch(error.message, /well-known/, source);
    assert.ok(seen.length > 0, source);
  }
});

Deno.test("a missing --allow-net grant is named, with the exit code of a missing permission, when run from source with chosen flags", async () => {
  await using site = serveSite(demoSite());
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  const host = new URL(site.origin).host;
  for (const source of [site.origin, `${site.origin}${INDEX}`]) {
    // Writing only below tmp: not an installed command, whose message says
    // how to install it again instead (cli_install_line_test.ts).
    const run = await runCli(["install", source, "--dir", dir], {
      permissions: ["--allow-read", `--allow-write=${tmp.path}`, "--allow-env"],
      env: { HOME: tmp.path },
    });
    assert.equal(run.code, 3, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(`--allow-net=${host.replace(".", "\\.")}`),
    );
  }
  assert.deepEqual(site.requests, []);
});

Deno.test("skills.lock website fields are validated like the rest", async () => {
  await using tmp = await tempDir();
  const good = {
    kind: "web",
    source: "https://docs.example.com/.well-known/agent-skills/index.json",
    url: "https://docs.example.com/.well-known/agent-skills/demo/SKILL.md",
    digest: `sha256:${"a".repeat(64)}`,
    hash: `sha256-${"0".repeat(64)}`,
    files: {},
    installedAt: "2026-01-01T00:00:00.000Z",
  };
  const write = (entry: Record<string, unknown>): Promise<void> =>
    Deno.writeTextFile(
      join(tmp.path, "skills.lock"),
      JSON.stringify({ lockfileVersion: 1, skills: { demo: entry } }),
    );
  await write(good);
  assert.equal(readLock(tmp.path).skills.demo?.digest, good.digest);
  const bad: [string, Record<string, unknown>][] = [
    ["plain http", { ...good, source: "http://docs.example.com/index.json" }],
    ["file:", { ...good, url: "file:///etc/passwd" }],
    ["not a URL", { ...good, url: "not a url" }],
    ["digest", { ...good, digest: `sha256:${"A".repeat(64)}` }],
    ["git with digest", { ...good, kind: "git", source: "https://x/y.git" }],
  ];
  for (const [what, entry] of bad) {
    await write(entry);
    assert.throws(
      () => readLock(tmp.path),
      (e) => e instanceof InstallError && e.code === "lockfile-invalid",
      what,
    );
  }
});
