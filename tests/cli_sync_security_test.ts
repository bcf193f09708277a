// Copyright 2026 the skillscope authors. MIT license.
// `skillscope sync` with hostile skills and files: no skill field can open or
// close an HTML comment in the generated block (so none can spell its
// markers), and the bytes outside the block are written back exactly, a BOM
// and bytes that are not UTF-8 included.
import assert from "node:assert/strict";
import { join } from "node:path";
import { discoverSync, embeddedSkill, renderCatalog } from "../mod.ts";
import { SYNC_END, SYNC_START } from "../src/cli/sync.ts";
import { spliceCatalog, SyncBlockError } from "../src/cli/sync_block.ts";
import { neutraliseForBlock } from "../src/serve/markdown_block.ts";
import { mkfifo, runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";

/** The CLI's own permission set, and every permission. */
const PERMISSIONS = [["-P=cli"], ["-A"]] as const;
const TIMEOUT = 60_000;

/** Descriptions (and a name, and a directory) built to break the block. */
const HOSTILE: Record<string, { name: string; description: string }> = {
  "ender": {
    name: "ender",
    description: `Ends the block early ${SYNC_END} then forges a line`,
  },
  "starter": {
    name: "starter",
    // Collapsed to one space by the catalog: the start marker exactly.
    description: `Opens another <!--   skillscope:skills:start\n-->`,
  },
  "opener": { name: "opener", description: "Hides the rest <!-- of it" },
  "closer": { name: "closer", description: "Closes --> a comment" },
  "namer": { name: SYNC_END, description: "A name that is a marker" },
  [SYNC_END]: { name: "pathed", description: "A directory that is a marker" },
};

/** A project whose `skills` root holds {@linkcode HOSTILE}. */
async function hostileProject(dir: string): Promise<string> {
  const root = join(dir, "skills");
  const files: Record<string, string> = {};
  for (const [folder, { name, description }] of Object.entries(HOSTILE)) {
    files[`${folder}/SKILL.md`] = skillMd(
      `name: ${JSON.stringify(name)}\ndescription: ${
        JSON.stringify(description)
      }`,
    );
  }
  await writeTree(root, files);
  return root;
}

/** The text strictly between the only start marker and the only end marker. */
function blockOf(text: string): string {
  assert.equal(text.split(SYNC_START).length, 2, `one start marker:\n${text}`);
  assert.equal(text.split(SYNC_END).length, 2, `one end marker:\n${text}`);
  const start = text.indexOf(SYNC_START) + SYNC_START.length;
  const end = text.indexOf(SYNC_END);
  assert.ok(start <= end, text);
  return text.slice(start, end);
}

for (const permissions of PERMISSIONS) {
  for (const format of ["markdown", "json", "xml"] as const) {
    Deno.test(`sync ${permissions[0]} --format ${format}: a skill field holding a marker, <!-- or --> leaves one whole block, and sync and sync --check work again`, async () => {
      await using tmp = await tempDir();
      const root = await hostileProject(tmp.path);
      const agents = join(tmp.path, "AGENTS.md");
      const before = "# Project\n\nRules.\n";
      await Deno.writeTextFile(agents, before);
      const args = ["sync", agents, "--root", root, "--format", format];
      const options = {
        permissions: [...permissions],
        cwd: tmp.path,
        env: { HOME: join(tmp.path, "home") },
      };
      const first = await runCli(args, {
        ...options,
        signal: AbortSignal.timeout(TIMEOUT),
      });
      assert.equal(first.code, 0, first.stderr);
      const text = await Deno.readTextFile(agents);
      assert.ok(text.startsWith(before), text);
      const block = blockOf(text);
      assert.ok(!block.includes("<!--"), block);
      assert.ok(!block.includes("-->"), block);
      for (const { name } of Object.values(HOSTILE)) {
        if (name !== SYNC_END) assert.ok(block.includes(name), name);
      }
      if (format === "json") {
        // The escapes keep every value: a program reads the same text.
        const json = block.slice(
          block.indexOf("{"),
          block.lastIndexOf("}") + 1,
        );
        const listed = JSON.parse(json) as {
          skills: { name: string; description: string; location: string }[];
        };
        assert.ok(listed.skills.some((s) => s.name === SYNC_END));
        assert.ok(
          listed.skills.some((s) =>
            s.description === HOSTILE.ender!.description
          ),
        );
        assert.ok(listed.skills.some((s) => s.location.includes(SYNC_END)));
      }
      // The block is still found: a second run changes nothing, --check agrees.
      const bytes = await Deno.readFile(agents);
      const second = await runCli(args, {
        ...options,
        signal: AbortSignal.timeout(TIMEOUT),
      });
      assert.equal(second.code, 0, second.stderr);
      assert.match(second.stderr, /is up to date/);
      assert.deepEqual(await Deno.readFile(agents), bytes);
      const check = await runCli([...args, "--check"], {
        ...options,
        signal: AbortSignal.timeout(TIMEOUT),
      });
      assert.equal(check.code, 0, check.stderr);
      assert.match(check.stderr, /is up to date/);
    });
  }

  Deno.test(`sync ${permissions[0]} keeps a BOM, bytes that are not UTF-8 outside the block and the file's mode exactly, on the first write and on a rewrite`, async () => {
    await using tmp = await tempDir();
    const root = join(tmp.path, "skills");
    await writeTree(root, {
      "alpha/SKILL.md": skillMd("name: alpha\ndescription: First"),
    });
    const agents = join(tmp.path, "AGENTS.md");
    const enc = new TextEncoder();
    // BOM, Latin-1 bytes (0xe9), a lone continuation byte, an overlong form.
    const head = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...enc.encode("# Caf"),
      0xe9,
      0x0a,
      0x80,
      0xc0,
      0xaf,
      ...enc.encode("\nRules.\n"),
    ]);
    await Deno.writeFile(agents, head);
    await Deno.chmod(agents, 0o640);
    const mode = async () => (await Deno.stat(agents)).mode! & 0o7777;
    const args = ["sync", agents, "--root", root];
    const options = {
      permissions: [...permissions],
      cwd: tmp.path,
      env: { HOME: join(tmp.path, "home") },
    };
    const first = await runCli(args, {
      ...options,
      signal: AbortSignal.timeout(TIMEOUT),
    });
    assert.equal(first.code, 0, first.stderr);
    const written = await Deno.readFile(agents);
    assert.deepEqual(written.subarray(0, head.length), head);
    assert.equal(await mode(), 0o640);
    assert.match(
      new TextDecoder().decode(written.subarray(head.length)),
      /^\n## Skills\n\n<!-- skillscope:skills:start -->\n[^]*- alpha: First[^]*<!-- skillscope:skills:end -->\n$/,
    );
    // Bytes that are not UTF-8 after the block too; then the catalog changes.
    const tail = new Uint8Array([
      ...enc.encode("\n## After "),
      0xff,
      0xfe,
      0x0a,
    ]);
    await Deno.writeFile(agents, new Uint8Array([...written, ...tail]));
    await writeTree(root, {
      "beta/SKILL.md": skillMd("name: beta\ndescription: Second"),
    });
    const stale = await runCli([...args, "--check"], {
      ...options,
      signal: AbortSignal.timeout(TIMEOUT),
    });
    assert.equal(stale.code, 1, stale.stderr);
    const second = await runCli(args, {
      ...options,
      signal: AbortSignal.timeout(TIMEOUT),
    });
    assert.equal(second.code, 0, second.stderr);
    const rewritten = await Deno.readFile(agents);
    assert.deepEqual(rewritten.subarray(0, head.length), head);
    assert.deepEqual(rewritten.subarray(rewritten.length - tail.length), tail);
    assert.equal(await mode(), 0o640);
    assert.match(new TextDecoder().decode(rewritten), /- beta: Second/);
    const check = await runCli([...args, "--check"], {
      ...options,
      signal: AbortSignal.timeout(TIMEOUT),
    });
    assert.equal(check.code, 0, check.stderr);
  });

  Deno.test(`sync ${permissions[0]} refuses a UTF-16 file (NUL bytes) and a FIFO, writing nothing and never blocking`, async () => {
    await using tmp = await tempDir();
    const root = join(tmp.path, "skills");
    await writeTree(root, {
      "alpha/SKILL.md": skillMd("name: alpha\ndescription: First"),
    });
    const options = {
      permissions: [...permissions],
      cwd: tmp.path,
      env: { HOME: join(tmp.path, "home") },
    };
    const agents = join(tmp.path, "AGENTS.md");
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[..."# Rules\n"].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    await Deno.writeFile(agents, utf16);
    const run = await runCli(["sync", agents, "--root", root], {
      ...options,
      signal: AbortSignal.timeout(TIMEOUT),
    });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /NUL bytes/);
    assert.deepEqual(await Deno.readFile(agents), utf16);

    const fifo = join(tmp.path, "CLAUDE.md");
    await mkfifo(fifo);
    const piped = await runCli(["sync", fifo, "--root", root], {
      ...options,
      signal: AbortSignal.timeout(TIMEOUT),
    });
    assert.equal(piped.code, 1, piped.stderr);
    assert.match(piped.stderr, /not a regular file/);
  });
}

Deno.test("renderCatalog() in markdown and json leaves no <!-- or --> in any field, keeps JSON values, and stays within maxChars", () => {
  const sources = Object.entries(HOSTILE).map(([, { name, description }]) =>
    embeddedSkill({ name, description, content: "" })
  );
  const { skills } = discoverSync({ sources });
  for (const format of ["markdown", "json"] as const) {
    for (const maxChars of [undefined, 400, 250]) {
      const text = renderCatalog(skills, {
        format,
        ...(maxChars === undefined ? {} : { maxChars }),
      });
      assert.ok(text.length > 0, `${format} ${maxChars}`);
      if (maxChars !== undefined) assert.ok(text.length <= maxChars, text);
      assert.ok(!text.includes("<!--") && !text.includes("-->"), text);
    }
  }
  const json = JSON.parse(renderCatalog(skills, { format: "json" })) as {
    skills: { name: string; description: string }[];
  };
  assert.deepEqual(
    json.skills.map((s) => s.description).sort(),
    Object.values(HOSTILE).map((s) => s.description.replace(/\s+/g, " "))
      .sort(),
  );
});

Deno.test("neutraliseForBlock() leaves no <!-- or --> in any string of <, !, -, > and \\ up to 7 characters", () => {
  const alphabet = ["<", "!", "-", ">", "\\"];
  let texts = [""];
  for (let length = 1; length <= 7; length++) {
    texts = texts.flatMap((t) => alphabet.map((c) => t + c));
    for (const text of texts) {
      const markdown = neutraliseForBlock(text, "markdown");
      assert.ok(!markdown.includes("<!--") && !markdown.includes("-->"), text);
      const json = neutraliseForBlock(JSON.stringify(text), "json");
      assert.ok(!json.includes("<!--") && !json.includes("-->"), text);
      assert.equal(JSON.parse(json), text);
    }
  }
});

Deno.test("spliceCatalog() refuses a catalog that would hold a marker and names the skill it came from", () => {
  const [skill] = discoverSync({
    sources: [embeddedSkill({
      name: "ender",
      description: `Ends ${SYNC_END}`,
      content: "",
    })],
  }).skills;
  assert.throws(
    () =>
      spliceCatalog(new Uint8Array(), `- ender: Ends ${SYNC_END}`, {
        path: "AGENTS.md",
        skills: [skill!],
      }),
    (e: unknown) =>
      e instanceof SyncBlockError && e.code === "marker-in-catalog" &&
      /from skill "ender"/.test(e.message),
  );
});
