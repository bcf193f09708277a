// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { InstallError } from "../src/install/errors.ts";
import type { GitRunner } from "../src/install/git.ts";
import {
  install,
  type InstallFs,
  readLock,
  remove,
  verify,
} from "../src/install/mod.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";

const realFs: InstallFs = {
  writeFile: (path, data, mode) =>
    Deno.writeFileSync(path, data, mode === undefined ? {} : { mode }),
  rename: (from, to) => Deno.renameSync(from, to),
};

async function setup(): Promise<
  { path: string; source: string; target: string; v1: string } & AsyncDisposable
> {
  const dir = await tempDir();
  const source = join(dir.path, "src", "pdf");
  await writeSkill(join(dir.path, "src"), "pdf", { description: "v1" });
  await writeTree(
    source,
    Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`data/${i}.txt`, `v1 ${i}`]),
    ),
  );
  const target = join(dir.path, "skills");
  const v1 = (await install({ source, dir: target })).hash;
  await writeSkill(join(dir.path, "src"), "pdf", { description: "v2" });
  await writeTree(
    source,
    Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`data/${i}.txt`, `v2 ${i}`]),
    ),
  );
  return {
    path: dir.path,
    source,
    target,
    v1,
    [Symbol.asyncDispose]: dir[Symbol.asyncDispose],
  };
}

/** The old version is intact, the lock unchanged, and no work directory is left. */
async function assertOldState(target: string, v1: string): Promise<void> {
  assert.equal(readLock(target).skills.pdf?.hash, v1);
  assert.equal((await verify(target)).ok, true);
  const names = [...Deno.readDirSync(target)].map((e) => e.name).sort();
  assert.deepEqual(names, ["pdf", "skills.lock"]);
}

Deno.test("a copy that fails half-way leaves the old skill, the old lock and no temporary files", async () => {
  await using f = await setup();
  let writes = 0;
  const failing: InstallFs = {
    ...realFs,
    writeFile(path, data, mode): void {
      if (++writes === 7) throw new Error("simulated I/O error");
      realFs.writeFile(path, data, mode);
    },
  };
  const error = await install({ source: f.source, dir: f.target, fs: failing })
    .catch((e) => e);
  assert.ok(
    error instanceof InstallError && error.code === "io-failed",
    String(error),
  );
  assert.match(error.message, /simulated I\/O error/);
  await assertOldState(f.target, f.v1);
});

Deno.test("a full disk (ENOSPC on write) is reported and loses nothing", async () => {
  await using f = await setup();
  const full: InstallFs = {
    ...realFs,
    writeFile(path, data, mode): void {
      if (path.endsWith("15.txt")) {
        throw Object.assign(
          new Error("No space left on device (os error 28)"),
          { code: "ENOSPC" },
        );
      }
      realFs.writeFile(path, data, mode);
    },
  };
  const error = await install({ source: f.source, dir: f.target, fs: full })
    .catch((e) => e);
  assert.ok(
    error instanceof InstallError && error.code === "io-failed",
    String(error),
  );
  assert.match(error.message, /No space left on device/);
  await assertOldState(f.target, f.v1);
});

Deno.test("a failure while swapping the directories rolls back to the old skill", async () => {
  await using f = await setup();
  let renames = 0;
  const broken: InstallFs = {
    ...realFs,
    rename(from, to): void {
      // The first rename moves the old tree aside; the second (new tree into place) fails.
      if (++renames === 2) throw new Error("simulated rename failure");
      realFs.rename(from, to);
    },
  };
  await assert.rejects(
    install({ source: f.source, dir: f.target, fs: broken }),
    /simulated rename failure/,
  );
  await assertOldState(f.target, f.v1);
  // and a later install works normally
  const result = await install({ source: f.source, dir: f.target });
  assert.equal(result.status, "updated");
});

Deno.test("a removal interrupted after moving the tree is completed by the next operation", async () => {
  await using f = await setup();
  const stop: InstallFs = {
    ...realFs,
    rename(from, to): void {
      realFs.rename(from, to);
      throw new Error("simulated crash after rename");
    },
  };
  await assert.rejects(
    remove(f.target, "pdf", { fs: stop }),
    /simulated crash/,
  );
  const report = await verify(f.target);
  assert.equal(report.ok, true);
  assert.deepEqual(report.notes, ['completed an interrupted removal of "pdf"']);
  assert.equal(readLock(f.target).skills.pdf, undefined);
  assert.deepEqual([...Deno.readDirSync(f.target)].map((e) => e.name), [
    "skills.lock",
  ]);
});

Deno.test("a git command that hangs is stopped by the timeout, and its clone is cleaned up", async () => {
  await using dir = await tempDir();
  const target = join(dir.path, "skills");
  let aborted = false;
  const hanging: GitRunner = (_args, options) =>
    new Promise((_, reject) => {
      options.signal.addEventListener("abort", () => {
        aborted = true;
        reject(new Error("killed"));
      });
    });
  const started = performance.now();
  const error = await install({
    source: "https://example.invalid/r.git",
    dir: target,
    git: hanging,
    gitTimeoutMs: 300,
  })
    .catch((e) => e);
  assert.ok(
    error instanceof InstallError && error.code === "git-timeout",
    String(error),
  );
  assert.ok(aborted, "the runner was told to stop");
  assert.ok(performance.now() - started < 5_000);
  assert.deepEqual([...Deno.readDirSync(target)].map((e) => e.name), []);
});

Deno.test("a git command that fails is reported with its output, and nothing is left behind", async () => {
  await using dir = await tempDir();
  const target = join(dir.path, "skills");
  const failing: GitRunner = (args) =>
    Promise.resolve(
      args.includes("fetch")
        ? {
          code: 128,
          stdout: "",
          stderr:
            "fatal: repository 'https://example.invalid/r.git/' not found",
        }
        : { code: 0, stdout: "", stderr: "" },
    );
  const error = await install({
    source: "https://example.invalid/r.git",
    dir: target,
    git: failing,
  }).catch((e) => e);
  assert.ok(
    error instanceof InstallError && error.code === "git-failed",
    String(error),
  );
  assert.match(
    error.message,
    /git fetch failed \(exit 128\): fatal: repository/,
  );
  assert.deepEqual([...Deno.readDirSync(target)].map((e) => e.name), []);
});

/** The kept backups of "pdf" in the skills directory. */
function backupsOf(target: string): string[] {
  return [...Deno.readDirSync(target)].map((e) => e.name)
    .filter((n) => n.startsWith(".skillscope-backup-pdf-"));
}

Deno.test("dying right after the swap of a forced update over local edits keeps the edits as a backup", async () => {
  await using f = await setup();
  await Deno.writeTextFile(join(f.target, "pdf/SKILL.md"), "my edits\n");
  const dying: InstallFs = {
    ...realFs,
    rename: (from, to) => {
      Deno.renameSync(from, to);
      if (to === join(f.target, "pdf")) {
        throw new Error("killed after the swap");
      }
    },
  };
  await assert.rejects(
    install({ source: f.source, dir: f.target, force: true, fs: dying }),
    /killed after the swap/,
  );
  await verify(f.target); // the next operation recovers
  const [backup, ...more] = backupsOf(f.target);
  assert.deepEqual(more, []);
  assert.equal(
    await Deno.readTextFile(join(f.target, backup!, "SKILL.md")),
    "my edits\n",
  );
  assert.notEqual(readLock(f.target).skills.pdf?.hash, f.v1);
});

Deno.test("dying right after a forced removal of an edited skill moved it keeps the edits as a backup", async () => {
  await using f = await setup();
  await Deno.writeTextFile(join(f.target, "pdf/SKILL.md"), "my edits\n");
  const dying: InstallFs = {
    ...realFs,
    rename: (from, to) => {
      Deno.renameSync(from, to);
      throw new Error("killed after the move");
    },
  };
  await assert.rejects(
    remove(f.target, "pdf", { force: true, fs: dying }),
    /killed after the move/,
  );
  await verify(f.target);
  const [backup] = backupsOf(f.target);
  assert.ok(backup, "no backup was kept");
  assert.equal(
    await Deno.readTextFile(join(f.target, backup, "SKILL.md")),
    "my edits\n",
  );
  assert.equal(readLock(f.target).skills.pdf, undefined);
});
