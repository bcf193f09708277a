// Copyright 2026 the skillscope authors. MIT license.
// shared/containment.ts on real directories and real symlinks: every
// existing component is followed, dangling links too; only missing
// components are taken as written.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  ContainmentError,
  isInside,
  makeDirsInside,
  resolveExisting,
  resolveInside,
} from "../src/shared/containment.ts";
import { tempDir } from "./_helpers.ts";

function throwsCode(fn: () => unknown, code: string): ContainmentError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ContainmentError, `got ${caught}`);
  assert.equal(caught.code, code, caught.message);
  return caught;
}

Deno.test("isInside() compares whole components, handles / and equal paths", () => {
  const opts = { resolved: true } as const;
  assert.equal(isInside("/", "/etc", opts), true);
  assert.equal(isInside("/", "/", opts), false);
  assert.equal(isInside("/", "/", { ...opts, orEqual: true }), true);
  assert.equal(isInside("/a/sk", "/a/skills", opts), false);
  assert.equal(isInside("/a/skills", "/a/skills/x", opts), true);
  assert.equal(isInside("/a/skills/", "/a/skills/x", opts), true);
  assert.equal(isInside("/a/skills", "/a", opts), false);
  assert.equal(isInside("/", "/etc"), true);
});

Deno.test("resolveExisting() follows symlinks (relative, absolute, dangling, chained) and '..' from the real directory", async () => {
  await using tmp = await tempDir();
  const root = tmp.path;
  await Deno.mkdir(join(root, "a/b"), { recursive: true });
  await Deno.symlink("a/b", join(root, "toB"));
  await Deno.symlink(join(root, "toB"), join(root, "chain"));
  await Deno.symlink("/nowhere/at/all", join(root, "dangling"));
  // `toB/..` is `a`, not `root`: `..` applies to where the link leads.
  assert.equal(resolveExisting(join(root, "toB") + "/.."), join(root, "a"));
  assert.equal(
    resolveExisting(`${root}/chain/new/file`),
    join(root, "a/b/new/file"),
  );
  assert.equal(
    resolveExisting(`${root}/dangling/x`),
    "/nowhere/at/all/x",
  );
  // `..` after a missing component has no answer.
  assert.equal(resolveExisting(`${root}/missing/../a`), undefined);
  await Deno.symlink("loop2", join(root, "loop1"));
  await Deno.symlink("loop1", join(root, "loop2"));
  assert.equal(resolveExisting(`${root}/loop1/x`), undefined);
});

Deno.test("resolveInside() refuses links, dangling links and '..' leading out, naming the path", async () => {
  await using tmp = await tempDir();
  const project = join(tmp.path, "project");
  await Deno.mkdir(join(project, "inner"), { recursive: true });
  await Deno.symlink("..", join(project, ".claude"));
  await Deno.symlink(join(tmp.path, "later"), join(project, ".codex"));
  await Deno.symlink("inner", join(project, ".gemini"));
  assert.equal(
    resolveInside(project, ".agents/skills"),
    join(project, ".agents/skills"),
  );
  assert.equal(
    resolveInside(project, ".gemini/skills"),
    join(project, "inner/skills"),
  );
  assert.equal(
    resolveInside(project, join(project, ".agents/skills")),
    join(project, ".agents/skills"),
  );
  const out = throwsCode(
    () =>
      resolveInside(project, ".claude/skills", { label: "The install target" }),
    "path-outside",
  );
  assert.equal(out.resolved, join(tmp.path, "skills"));
  assert.match(
    out.message,
    /^The install target "\.claude\/skills" resolves to ".*\/skills", outside ".*\/project"$/,
  );
  // A dangling link counts where it leads: writing through it creates that.
  assert.equal(
    throwsCode(() => resolveInside(project, ".codex/skills"), "path-outside")
      .resolved,
    join(tmp.path, "later/skills"),
  );
  throwsCode(() => resolveInside(project, "../x"), "path-outside");
  throwsCode(() => resolveInside(project, "/etc"), "path-outside");
  throwsCode(() => resolveInside(project, "new/../../x"), "path-unresolvable");
  throwsCode(() => resolveInside(project, "."), "path-outside");
  assert.equal(resolveInside(project, ".", { orEqual: true }), project);
});

Deno.test("makeDirsInside() creates each missing directory and never writes through a planted link", async () => {
  await using tmp = await tempDir();
  const project = join(tmp.path, "project");
  const outside = join(tmp.path, "outside");
  await Deno.mkdir(project);
  await Deno.mkdir(outside);
  assert.equal(
    makeDirsInside(project, ".agents/skills"),
    join(project, ".agents/skills"),
  );
  assert.ok((await Deno.lstat(join(project, ".agents/skills"))).isDirectory);
  await Deno.symlink(outside, join(project, ".claude"));
  throwsCode(() => makeDirsInside(project, ".claude/skills"), "path-outside");
  assert.deepEqual([...Deno.readDirSync(outside)], []);
  await Deno.writeTextFile(join(project, "file"), "");
  assert.throws(
    () => makeDirsInside(project, "file/x"),
    Deno.errors.NotADirectory,
  );
});
