// Copyright 2026 the skillscope authors. MIT license.
// Races on reads of bodies and assets: a symlink flipped between the check
// and the open, and a SKILL.md swapped for a device after discovery.
import assert from "node:assert/strict";
import { join } from "node:path";
import { SkillAccessError } from "../src/shared/errors.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource } from "../src/discover/sources.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";

Deno.test("a symlink flipped between check and open never serves a file outside the skill", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "root"), "race");
  const skillDir = join(tmp.path, "root/race");
  await writeTree(tmp.path, {
    "outside/secret.txt": "SECRET",
    "root/race/inside/data.txt": "inside",
  });
  const set = SkillSet.openSync({
    sources: [directorySource(join(tmp.path, "root"))],
  });
  // A worker flips `link` between a directory inside and one outside.
  const worker = new Worker(
    `data:application/javascript,${
      encodeURIComponent(`
      const [link, a, b] = ${
        JSON.stringify([
          join(skillDir, "link"),
          join(skillDir, "inside"),
          join(tmp.path, "outside"),
        ])
      };
      const pause = new Int32Array(new SharedArrayBuffer(4));
      const end = Date.now() + 1500;
      let turn = 0;
      while (Date.now() < end) {
        for (const target of [a, b]) {
          try { Deno.removeSync(link); } catch {}
          try { Deno.symlinkSync(target, link); } catch {}
          // Every other turn holds the state for a moment, so that reads
          // complete in each state as well as across the flips.
          if (turn++ % 2 === 1) Atomics.wait(pause, 0, 0, 1);
        }
      }
      Deno.removeSync(link);
      Deno.symlinkSync(a, link);
      postMessage("done");
    `)
    }`,
    { type: "module" },
  );
  const done = new Promise((resolve) => (worker.onmessage = resolve));
  const reads: string[] = [];
  const end = Date.now() + 1400;
  while (Date.now() < end) {
    for (const file of ["link/data.txt", "link/secret.txt"]) {
      try {
        reads.push(await set.readAssetText("race", file));
      } catch (error) {
        assert.ok(error instanceof SkillAccessError, String(error));
      }
    }
  }
  await done;
  worker.terminate();
  assert.ok(!reads.includes("SECRET"), "a file outside the skill was served");
  // Liveness: a guard that refused every read would pass the line above. The
  // worker leaves the link pointing inside; on a loaded machine the race may
  // not land a read in that state, so it is checked once the flipping ends.
  assert.equal(await set.readAssetText("race", "link/data.txt"), "inside");
  await assert.rejects(
    Deno.symlink(join(tmp.path, "outside"), join(skillDir, "link2")).then(() =>
      set.readAssetText("race", "link2/secret.txt")
    ),
    SkillAccessError,
  );
});

Deno.test("a SKILL.md swapped for /dev/zero after the check is read up to the cap, never forever", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "swap", { body: "# Body\n" });
  const set = SkillSet.openSync({ sources: [directorySource(tmp.path)] });
  const path = join(tmp.path, "swap/SKILL.md");
  // Swap after discovery: the body read must not follow /dev/zero forever.
  await Deno.remove(path);
  await Deno.symlink("/dev/zero", path);
  const started = Date.now();
  await assert.rejects(set.read("swap"), SkillAccessError);
  assert.ok(Date.now() - started < 5_000);
});
