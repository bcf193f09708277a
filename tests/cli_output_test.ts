// Copyright 2026 the skillscope authors. MIT license.
// Output people can read and programs can trust: JSON errors, a summarised
// flood of warnings, tables to the terminal's (or COLUMNS') width.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, tempDir, writeSkill } from "./_helpers.ts";

Deno.test("with --json every error is a JSON object on stdout, with the same exit code and nothing on stderr", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "alpha", { description: "First" });
  const cases: [string[], number, string][] = [
    [["read", "nope", "--root", tmp.path, "--json"], 1, "skill-not-found"],
    [["read", "--root", tmp.path, "--json"], 2, "usage"],
    [["search", "--root", tmp.path, "--json", "--limit", "0", "x"], 2, "usage"],
    [
      ["list", "--root", join(tmp.path, "alpha", "SKILL.md"), "--json"],
      1,
      "not-a-directory",
    ],
  ];
  for (const [args, exit, code] of cases) {
    const run = await runCli(args);
    assert.equal(run.code, exit, `${args.join(" ")}: ${run.stderr}`);
    assert.equal(run.stderr, "", args.join(" "));
    const parsed = JSON.parse(run.stdout) as {
      error: { code: string; message: string };
    };
    assert.equal(parsed.error.code, code, run.stdout);
    assert.ok(parsed.error.message.length > 0);
  }
  // A missing permission exits 3, as JSON too.
  const denied = await runCli(["list", "--root", "/etc", "--json"], {
    permissions: [`--allow-read=${tmp.path}`],
  });
  assert.equal(denied.code, 3, denied.stderr);
  assert.equal(JSON.parse(denied.stdout).error.code, "permission-denied");
});

Deno.test("300 identical warnings are summarised for people while --json keeps all 300", async () => {
  await using tmp = await tempDir();
  for (let i = 0; i < 300; i++) {
    await writeSkill(tmp.path, `dir-${i}`, { name: `skill-${i}` });
  }
  const human = await runCli(["list", "--root", tmp.path]);
  assert.equal(human.code, 0);
  const lines = human.stderr.trimEnd().split("\n");
  assert.ok(lines.length <= 30, `${lines.length} lines on stderr`);
  assert.match(
    human.stderr,
    /… and 295 more name-dir-mismatch warnings \(--verbose shows all\)/,
  );
  const verbose = await runCli(["list", "--root", tmp.path, "--verbose"]);
  assert.ok(
    verbose.stderr.split("\n").filter((l) => l.includes("name-dir-mismatch"))
      .length === 300,
  );
  const json = await runCli(["list", "--root", tmp.path, "--json"]);
  const found = JSON.parse(json.stdout) as { diagnostics: { code: string }[] };
  assert.equal(
    found.diagnostics.filter((d) => d.code === "name-dir-mismatch").length,
    300,
  );
});

Deno.test("COLUMNS=250 lays out list and search to 250 columns: a long description is shown whole", async () => {
  await using tmp = await tempDir();
  const description =
    "Fill, flatten, merge and read PDF forms with pdftk, qpdf and poppler, keeping field names and checkbox states exactly as they were in the source document";
  await writeSkill(tmp.path, "pdf-tools", { description });
  for (const args of [["list"], ["search", "pdf"]]) {
    const wide = await runCli([...args, "--root", tmp.path], {
      env: { COLUMNS: "250" },
      permissions: ["--allow-read", "--allow-env=COLUMNS"],
    });
    assert.ok(wide.stdout.includes(description), wide.stdout);
    assert.match(wide.stdout, /^NAME +/);
    const narrow = await runCli([...args, "--root", tmp.path], {
      env: { COLUMNS: "80" },
      permissions: ["--allow-read", "--allow-env=COLUMNS"],
    });
    assert.ok(!narrow.stdout.includes(description), narrow.stdout);
    for (const line of narrow.stdout.trimEnd().split("\n")) {
      assert.ok(line.length <= 80, `${line.length}: ${line}`);
    }
  }
});

Deno.test("-v suggests -V and --version; usage errors end with how to see the usage", async () => {
  const v = await runCli(["-v"]);
  assert.equal(v.code, 2);
  assert.match(
    v.stderr,
    /Unknown option "-v" \(did you mean "-V" or "--version"\?\)/,
  );
  const search = await runCli(["search", "--root", "."]);
  assert.equal(search.code, 2);
  assert.match(
    search.stderr,
    /needs a QUERY\nRun "skillscope search --help" for usage\n$/,
  );
});

Deno.test("a shadowed skill's warning keeps both paths readable", async () => {
  await using a = await tempDir();
  await using b = await tempDir();
  await writeSkill(a.path, "same", { description: "First" });
  await writeSkill(b.path, "same", { description: "Second" });
  const run = await runCli(["list", "--root", a.path, "--root", b.path]);
  const line = run.stderr.split("\n").find((l) =>
    l.includes("skill-shadowed")
  )!;
  assert.ok(!line.includes(" at  is"), line);
  assert.match(line, /Skill "same" is shadowed by .*same/);
});

Deno.test("writeRaw writes every text exactly as UTF-8: multi-byte and astral characters, small, reused-buffer and very large texts, one after another", async () => {
  await using tmp = await tempDir();
  const io = new URL("../src/cli/io.ts", import.meta.url).href;
  const script = join(tmp.path, "write.ts");
  // Sizes around the reused buffer's (64 KiB, three bytes per code unit at
  // most) and past the 4 MiB from which a text is encoded on its own.
  await Deno.writeTextFile(
    script,
    `import { writeRaw } from ${JSON.stringify(io)};
const unit = "aé日🚀\\n";
for (const units of [1, 4_000, 4_400, 20_000, 300_000, 3]) {
  writeRaw(unit.repeat(units));
}
`,
  );
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(new TextDecoder().decode(run.stderr), "");
  const unit = "aé日🚀\n";
  const expected = new TextEncoder().encode(
    [1, 4_000, 4_400, 20_000, 300_000, 3].map((n) => unit.repeat(n)).join(""),
  );
  assert.equal(run.stdout.length, expected.length);
  assert.deepEqual(run.stdout, expected);
});
