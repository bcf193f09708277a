// Copyright 2026 the skillscope authors. MIT license.
// Hostile websites read through wellKnownSource and SkillSet: each attack
// gives a clear error or diagnostic, and nothing of the skill is served.
import assert from "node:assert/strict";
import { discover, SkillAccessError, SkillSet } from "../mod.ts";
import { wellKnownSource } from "../src/web/mod.ts";
import {
  artifactSite,
  endless,
  indexText,
  type RawTarEntry,
  serveSite,
  type Site,
  skillText,
  tarBomb,
  tarFile,
  tarGz,
} from "./web_site.ts";
import { AGENT_SKILLS_INDEX as INDEX } from "../src/web/index_client.ts";

const SKILL = tarFile("SKILL.md", skillText("demo"));
const DIGEST = `sha256:${"0".repeat(64)}`;
/** An index naming one archive, /demo.tar.gz, with a digest nothing has. */
const DEMO_INDEX = indexText([{
  name: "demo",
  type: "archive",
  description: "Demo",
  url: "/demo.tar.gz",
  digest: DIGEST,
}]);

/** Every read of `name` fails with `code`, and nothing was fetched twice. */
async function assertNothingServed(
  set: SkillSet,
  site: Site,
  code: string,
  message?: RegExp,
): Promise<void> {
  const refused = (e: unknown): boolean =>
    e instanceof SkillAccessError && e.code === code &&
    (message === undefined || message.test(e.message));
  await assert.rejects(set.read("demo"), refused);
  await assert.rejects(set.readAsset("demo", "references/a.md"), refused);
  await assert.rejects(set.resources("demo"), refused);
  await assert.rejects(set.activate("demo"), refused);
  const artifacts = site.requests.filter((p) => p !== INDEX);
  assert.deepEqual(artifacts, [...new Set(artifacts)].slice(0, 1));
}

/** A set reading a site whose only skill, "demo", is `entries` packed honestly (the digest matches). */
async function openArchive(
  entries: RawTarEntry[],
): Promise<{ set: SkillSet; site: Site }> {
  const bytes = await tarGz(entries);
  const site = serveSite(
    artifactSite([{ name: "demo", bytes, path: "/demo.tar.gz" }]),
  );
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  return { set, site };
}

Deno.test("a wrong digest poisons the skill: nothing of it is served, and it is not fetched again", async () => {
  await using site = serveSite(
    artifactSite([{
      name: "demo",
      bytes: new TextEncoder().encode(skillText("demo")),
      path: "/demo/SKILL.md",
      type: "skill-md",
      digest: DIGEST,
    }]),
  );
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  assert.deepEqual(set.list().map((s) => s.name), ["demo"]);
  await assertNothingServed(set, site, "remote-verification-failed", /digest/);
});

Deno.test("an archive with a traversal, absolute, symlink, hard-link or device entry poisons the skill", async () => {
  const cases: [string, RawTarEntry, RegExp][] = [
    ["traversal", tarFile("../../../.bashrc", "evil"), /\.\." segment/],
    ["absolute", tarFile("/etc/cron.d/evil", "evil"), /absolute/],
    ["backslash", tarFile("..\\..\\evil", "evil"), /backslash/],
    ["symlink", {
      header: {
        name: "references/a.md",
        type: "symlink",
        linkname: "/etc/passwd",
        size: 0,
      },
    }, /symlink/],
    ["hard link", {
      header: { name: "h", type: "link", linkname: "/etc/shadow", size: 0 },
    }, /hard link/],
    ["device", {
      header: { name: "zero", type: "character-device", size: 0 },
    }, /character device/],
  ];
  for (const [what, entry, message] of cases) {
    const { set, site } = await openArchive([
      SKILL,
      tarFile("references/a.md", "A"),
      entry,
    ]);
    try {
      await assertNothingServed(
        set,
        site,
        "remote-verification-failed",
        message,
      );
    } catch (error) {
      throw new Error(`${what}: ${error}`, { cause: error });
    } finally {
      await site.close();
    }
  }
});

Deno.test("a gzip bomb (1 MiB inflating to 1 GiB) poisons the skill with bounded memory", async () => {
  const bytes = await tarBomb(1024 * 1024 * 1024);
  await using site = serveSite(
    artifactSite([{ name: "demo", bytes, path: "/demo.tar.gz" }]),
  );
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  const before = Deno.memoryUsage().rss;
  await assertNothingServed(
    set,
    site,
    "remote-verification-failed",
    /unpacks to more than/,
  );
  const grown = Deno.memoryUsage().rss - before;
  assert.ok(grown < 150 * 1024 * 1024, `memory grew by ${grown} bytes`);
});

Deno.test("an endless artifact body stops at the byte cap and poisons the skill", async () => {
  const body = endless();
  await using site = serveSite({
    [INDEX]: DEMO_INDEX,
    "/demo.tar.gz": body.route,
  });
  const set = await SkillSet.open({
    sources: [wellKnownSource(site.origin, { limits: { maxBytes: 4 << 20 } })],
  });
  await assertNothingServed(
    set,
    site,
    "remote-verification-failed",
    /more than 4194304 bytes/,
  );
});

Deno.test("an endless index, a 100,000-entry index, and redirects to file: or another host are listing errors", async () => {
  const body = endless();
  const skills = Array.from({ length: 100_000 }, (_, i) => ({
    name: `s${i}`,
    type: "skill-md",
    description: "d",
    url: `s${i}/SKILL.md`,
    digest: DIGEST,
  }));
  const cases: [string, Parameters<typeof serveSite>[0], RegExp][] = [
    ["endless", { [INDEX]: body.route }, /larger than 8388608 bytes/],
    [
      "100k entries",
      { [INDEX]: indexText(skills) },
      /larger than 8388608 bytes/,
    ],
    ["file:", {
      [INDEX]: () =>
        new Response(null, {
          status: 302,
          headers: { location: "file:///etc/passwd" },
        }),
    }, /another scheme \(file\)/],
    ["another host", {
      [INDEX]: () =>
        new Response(null, {
          status: 302,
          headers: { location: "http://localhost:9/index.json" },
        }),
    }, /another host/],
  ];
  for (const [what, routes, message] of cases) {
    await using site = serveSite(routes);
    const found = await discover({ sources: [wellKnownSource(site.origin)] });
    assert.deepEqual(found.skills, [], what);
    assert.equal(found.diagnostics.length, 1, what);
    assert.equal(found.diagnostics[0]!.code, "remote-source-failed", what);
    assert.match(found.diagnostics[0]!.message, message, what);
  }
});

Deno.test("an artifact redirected to file: or to another host is refused, and read again later", async () => {
  for (
    const location of ["file:///etc/passwd", "http://localhost:9/demo.tar.gz"]
  ) {
    await using site = serveSite({
      [INDEX]: DEMO_INDEX,
      "/demo.tar.gz": () =>
        new Response(null, { status: 301, headers: { location } }),
    });
    const set = await SkillSet.open({
      sources: [wellKnownSource(site.origin)],
    });
    for (let i = 0; i < 2; i++) {
      await assert.rejects(
        set.read("demo"),
        (e: unknown) =>
          e instanceof SkillAccessError && e.code === "read-failed" &&
          /Refusing the redirect/.test(e.message),
      );
    }
    assert.equal(site.requests.filter((p) => p === "/demo.tar.gz").length, 2);
  }
});

Deno.test("an unknown type is skipped and an unknown $schema refused, each with a warning", async () => {
  const good = {
    name: "good",
    type: "skill-md",
    description: "Good",
    url: "/good/SKILL.md",
    digest: DIGEST,
  };
  await using site = serveSite({
    [INDEX]: indexText([{ ...good, name: "wasm", type: "wasm-bundle" }, good]),
    "/other/index.json": JSON.stringify({
      $schema: "https://schemas.agentskills.io/discovery/0.3.0/schema.json",
      skills: [good],
    }),
  });
  const typed = await discover({ sources: [wellKnownSource(site.origin)] });
  assert.deepEqual(typed.skills.map((s) => s.name), ["good"]);
  assert.deepEqual(typed.diagnostics.map((d) => [d.level, d.code]), [[
    "warning",
    "web-entry-skipped",
  ]]);
  const schema = await discover({
    sources: [wellKnownSource(`${site.origin}/other/index.json`)],
  });
  assert.deepEqual(schema.skills, []);
  assert.deepEqual(schema.diagnostics.map((d) => [d.level, d.code]), [[
    "warning",
    "web-schema-unknown",
  ]]);
});

Deno.test("a SKILL.md that names another skill poisons it; a failing server does not", async () => {
  let up = false;
  const bytes = new TextEncoder().encode(skillText("other"));
  const routes = artifactSite([{
    name: "demo",
    bytes,
    path: "/demo/SKILL.md",
    type: "skill-md",
  }]);
  await using site = serveSite(routes);
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  await assertNothingServed(
    set,
    site,
    "remote-verification-failed",
    /names itself "other"/,
  );

  const fine = new TextEncoder().encode(skillText("demo"));
  await using flaky = serveSite({
    ...artifactSite([{
      name: "demo",
      bytes: fine,
      path: "/demo/SKILL.md",
      type: "skill-md",
    }]),
    "/demo/SKILL.md": () =>
      up
        ? new Response(fine as Uint8Array<ArrayBuffer>)
        : new Response("busy", { status: 503 }),
  });
  const retried = await SkillSet.open({
    sources: [wellKnownSource(flaky.origin)],
  });
  await assert.rejects(
    retried.read("demo"),
    (e: unknown) =>
      e instanceof SkillAccessError && e.code === "read-failed" &&
      /503/.test(e.message),
  );
  up = true;
  assert.equal(await retried.read("demo"), "# demo\n");
});
