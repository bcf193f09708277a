// Copyright 2026 the skillscope authors. MIT license.
// A site that trickles: every file arrives one byte at a time, each within
// the time cap of one request. Fetching a skill has one deadline over all
// its requests, and a v0.1 skill may list only so many files, so the
// operation ends on time instead of after (files × 30 s).
import assert from "node:assert/strict";
import { join } from "node:path";
import { check, install, type InstallOptions } from "../src/install/mod.ts";
import type { WebInstallOptions } from "../src/install/web_source.ts";
import { LEGACY_SKILLS_INDEX } from "../src/web/index_client.ts";
import { MAX_FILE_REQUESTS } from "../src/web/limits.ts";
import { rejectsCode } from "./_git.ts";
import { runCli, tempDir } from "./_helpers.ts";
import { type Route, serveSite, type Site, skillText } from "./web_site.ts";

/** A body of `text` sent one byte every `ms`; stops when the client hangs up. */
function trickle(text: string, ms: number): (request: Request) => Response {
  const bytes = new TextEncoder().encode(text);
  return () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let sent = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        start(controller): void {
          timer = setInterval(() => {
            if (sent === bytes.length) {
              clearInterval(timer);
              controller.close();
              return;
            }
            controller.enqueue(bytes.subarray(sent, ++sent));
          }, ms);
        },
        cancel(): void {
          clearInterval(timer);
        },
      }),
    );
  };
}

/** A v0.1 site whose "demo" lists `count` files besides SKILL.md, each trickling. */
function tricklingSite(count: number, ms: number): Site {
  const files = Array.from({ length: count }, (_, i) => `f${i}.md`);
  const base = LEGACY_SKILLS_INDEX.replace(/index\.json$/, "demo/");
  const routes: Record<string, Route> = {
    [LEGACY_SKILLS_INDEX]: JSON.stringify({
      skills: [{
        name: "demo",
        description: "Demo",
        files: ["SKILL.md", ...files],
      }],
    }),
    [`${base}SKILL.md`]: skillText("demo"),
  };
  for (const file of files) {
    routes[`${base}${file}`] = trickle("0123456789", ms);
  }
  return serveSite(routes);
}

Deno.test("install from a trickling site ends at the deadline of the skill, not after every file", async () => {
  // 40 files of 10 bytes, one byte every 100 ms: 40 s without a deadline.
  await using site = tricklingSite(40, 100);
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  const options: InstallOptions & WebInstallOptions = {
    source: site.origin,
    dir,
    skill: "demo",
    // The bound of the test: without the deadline, this interrupts instead.
    signal: AbortSignal.timeout(15_000),
    web: { limits: { deadlineMs: 1_500 } },
  };
  const start = performance.now();
  const error = await rejectsCode(install(options), "web-timeout");
  const took = performance.now() - start;
  assert.match(
    error.message,
    /Fetching "demo" from .* took longer than 1500 ms/,
  );
  assert.ok(took < 5_000, `took ${Math.round(took)} ms`);
  assert.ok(
    site.requests.filter((p) => p.endsWith(".md")).length < 10,
    `${site.requests.length} requests`,
  );
  await assert.rejects(Deno.stat(join(dir, "demo")), Deno.errors.NotFound);
});

Deno.test("a v0.1 skill listing more files than the request cap is left out before any of them is requested", async () => {
  await using site = tricklingSite(MAX_FILE_REQUESTS, 100);
  await using tmp = await tempDir();
  const options: InstallOptions & WebInstallOptions = {
    source: site.origin,
    dir: join(tmp.path, "skills"),
    skill: "demo",
    signal: AbortSignal.timeout(15_000),
  };
  const error = await rejectsCode(install(options), "no-skill");
  assert.match(error.message, /lists more than 256 files/);
  assert.deepEqual(
    site.requests.filter((p) => !p.endsWith("index.json")),
    [],
  );
});

Deno.test("the CLI refuses a v0.1 skill over the request cap at once, with its own permissions and with -A", async () => {
  await using site = tricklingSite(MAX_FILE_REQUESTS, 100);
  await Promise.all([["-P=cli"], ["-A"]].map(async (permissions) => {
    await using tmp = await tempDir();
    const dir = join(tmp.path, "skills");
    const start = performance.now();
    const run = await runCli(
      ["install", site.origin, "--skill", "demo", "--dir", dir, "--yes"],
      {
        permissions,
        env: { HOME: tmp.path, TMPDIR: tmp.path },
        signal: AbortSignal.timeout(30_000),
      },
    );
    const took = performance.now() - start;
    assert.equal(run.code, 1, `${permissions}: ${run.stderr}`);
    assert.match(run.stderr, /lists more than 256 files/, String(permissions));
    assert.ok(took < 25_000, `${permissions}: took ${Math.round(took)} ms`);
  }));
  assert.deepEqual(
    site.requests.filter((p) => !p.endsWith("index.json")),
    [],
  );
});

Deno.test("check over several trickling sites ends at the command's one deadline, not at each skill's deadline in turn", async () => {
  // Four sites, each with one v0.1 skill; once installed, every index
  // trickles one byte every 100 ms (over 15 s each without a deadline).
  let slow = false;
  const sites = Array.from({ length: 4 }, (_, i) => {
    const name = `demo-${i}`;
    const base = LEGACY_SKILLS_INDEX.replace(/index\.json$/, `${name}/`);
    const index = JSON.stringify({
      skills: [{ name, description: "Demo", files: ["SKILL.md"] }],
    });
    return serveSite({
      [LEGACY_SKILLS_INDEX]: (request) =>
        slow ? trickle(index, 100)(request) : new Response(index),
      [`${base}SKILL.md`]: skillText(name),
    });
  });
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  try {
    for (const [i, site] of sites.entries()) {
      await install({ source: site.origin, dir, skill: `demo-${i}` });
    }
    slow = true;
    const results = await check(dir, [], {
      signal: AbortSignal.timeout(30_000),
      web: { limits: { deadlineMs: 1_500, commandDeadlineMs: 2_000 } },
    });
    assert.deepEqual(
      results.map((r) => r.status),
      Array(4).fill("source-unreachable"),
    );
    // The first index ran out its own 1.5 s; the command's 2 s deadline had
    // passed before the third and fourth could run out theirs.
    const reasons = results.map((r) => r.reason ?? "");
    assert.match(reasons[0]!, /took longer than 1500 ms/);
    for (const reason of reasons.slice(2)) {
      assert.match(reason, /Checking 4 skills took longer than 2000 ms/);
    }
  } finally {
    for (const site of sites) await site[Symbol.asyncDispose]();
  }
});

Deno.test("the CLI's install and check from a trickling site end at --timeout, with its own permissions and with -A", async () => {
  // 40 files of 10 bytes, one byte every 100 ms: 40 s without a deadline.
  await using site = tricklingSite(40, 100);
  let slow = false;
  const index = JSON.stringify({
    skills: [{ name: "fast", description: "Fast", files: ["SKILL.md"] }],
  });
  await using other = serveSite({
    [LEGACY_SKILLS_INDEX]: (request) =>
      slow ? trickle(index, 100)(request) : new Response(index),
    [LEGACY_SKILLS_INDEX.replace(/index\.json$/, "fast/SKILL.md")]: skillText(
      "fast",
    ),
  });
  for (const permissions of [["-P=cli"], ["-A"]]) {
    slow = false;
    await using tmp = await tempDir();
    const dir = join(tmp.path, "skills");
    const options = {
      permissions,
      env: { HOME: tmp.path, TMPDIR: tmp.path },
      signal: AbortSignal.timeout(30_000),
    };
    const install = await runCli(
      [
        "install",
        site.origin,
        "--skill",
        "demo",
        "--dir",
        dir,
        "--timeout",
        "2",
      ],
      options,
    );
    assert.equal(install.code, 1, `${permissions}: ${install.stderr}`);
    assert.match(install.stderr, /took longer than 2000 ms/, `${permissions}`);
    // check: the installed skill's site now trickles its index.
    const fast = await runCli(
      ["install", other.origin, "--skill", "fast", "--dir", dir],
      options,
    );
    assert.equal(fast.code, 0, `${permissions}: ${fast.stderr}`);
    slow = true;
    const check = await runCli(
      ["check", "--dir", dir, "--timeout", "2", "--json"],
      options,
    );
    const [result] = JSON.parse(check.stdout);
    assert.equal(result.status, "source-unreachable", check.stdout);
    assert.match(result.reason, /took longer than 2000 ms/);
  }
  const bad = await runCli(["check", "--timeout", "soon"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--timeout takes a number of seconds/);
});
