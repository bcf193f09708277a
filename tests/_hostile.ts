// Copyright 2026 the skillscope authors. MIT license.
// Adversarial fixture generator: writes a skills tree full of hostile entries
// around good skills, into a temporary directory made by the caller.
import { join } from "node:path";
import { skillMd, writeSkill, writeTree } from "./_helpers.ts";

/** One hostile entry: where it is, and the diagnostic code it must produce (if any). */
export interface HostileEntry {
  /** What it is. */
  readonly what: string;
  /** Path a diagnostic must name (relative to the root). */
  readonly path: string;
  /** Expected diagnostic codes (any of them). */
  readonly codes: readonly string[];
}

/** Names of the good skills written among the hostile ones. */
export const GOOD = ["good-alpha", "good-beta", "good-gamma"];

async function sh(cmd: string, args: string[]): Promise<void> {
  const out = await new Deno.Command(cmd, {
    args,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (out.code !== 0) {
    throw new Error(
      `${cmd} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`,
    );
  }
}

async function sparse(path: string, head: string, size: number): Promise<void> {
  const file = await Deno.open(path, { write: true, create: true });
  await file.write(new TextEncoder().encode(head));
  await file.truncate(size);
  file.close();
}

/**
 * Writes the hostile tree below `root` (flat layout: every entry is an
 * immediate subdirectory) and returns what each hostile entry must produce.
 */
export async function writeHostileTree(
  root: string,
  outside: string,
): Promise<HostileEntry[]> {
  for (const name of GOOD) {
    await writeSkill(root, name, { description: `The ${name} skill` });
  }
  const entries: HostileEntry[] = [];
  const add = (what: string, dir: string, codes: string[], file = "SKILL.md") =>
    entries.push({ what, path: file === "" ? dir : `${dir}/${file}`, codes });

  await Deno.mkdir(join(root, "fifo"));
  await sh("mkfifo", [join(root, "fifo", "SKILL.md")]);
  add("a FIFO named SKILL.md", "fifo", ["skill-md-not-file"]);

  await Deno.mkdir(join(root, "device"));
  await Deno.symlink("/dev/zero", join(root, "device", "SKILL.md"));
  add("a symlink to /dev/zero named SKILL.md", "device", ["skill-md-not-file"]);

  await Deno.mkdir(join(root, "stdin"));
  await Deno.symlink("/dev/stdin", join(root, "stdin", "SKILL.md"));
  add("a symlink to /dev/stdin named SKILL.md", "stdin", [
    "skill-md-not-file",
    "read-failed",
  ]);

  await Deno.mkdir(join(root, "dir-skill", "SKILL.md"), { recursive: true });
  add("a directory named SKILL.md", "dir-skill", ["skill-md-not-file"]);

  await Deno.mkdir(join(root, "dangling"));
  await Deno.symlink(join(root, "nowhere"), join(root, "dangling", "SKILL.md"));
  add("a dangling SKILL.md symlink", "dangling", ["skill-md-not-file"]);

  await Deno.mkdir(join(root, "huge"));
  await sparse(
    join(root, "huge", "SKILL.md"),
    "---\nname: huge\ndescription: A huge but valid one\n---\n",
    1024 ** 3,
  );
  // valid: loads (reading only its head)

  await Deno.mkdir(join(root, "never-closed"));
  await sparse(
    join(root, "never-closed", "SKILL.md"),
    "---\nname: never-closed\ndescription: x\n",
    8 * 1024 ** 2,
  );
  add("a frontmatter never closed over megabytes", "never-closed", [
    "frontmatter-too-large",
  ]);

  await writeTree(root, {
    "long-line/SKILL.md": `---\nname: long-line\ndescription: ${
      "d".repeat(1024 ** 2)
    }\n---\n`,
  });
  add("a 1 MB description line", "long-line", ["frontmatter-too-large"]);

  await writeTree(root, {
    "bad-utf8/SKILL.md": new Uint8Array([
      ...new TextEncoder().encode("---\nname: bad-utf8\ndescription: broken "),
      0xc3,
      0x28,
      0xff,
      ...new TextEncoder().encode("\n---\n"),
    ]),
  });
  // loads, with U+FFFD in its description

  const random = new Uint8Array(4096);
  crypto.getRandomValues(random);
  random[0] = 0; // never starts with ---
  await writeTree(root, { "binary/SKILL.md": random });
  add("a binary SKILL.md", "binary", ["frontmatter-missing"]);

  await writeTree(root, { "empty/SKILL.md": "" });
  add("an empty SKILL.md", "empty", ["frontmatter-missing"]);

  await writeTree(root, {
    "bom-crlf/SKILL.md":
      "\uFEFF---\r\nname: bom-crlf\r\ndescription: Windows file\r\n---\r\nBody\r\n",
  });
  // loads

  const bomb = [
    "name: bomb",
    "description: d",
    "a0: &a0 [x, x, x, x, x, x, x, x, x]",
  ];
  for (let i = 1; i < 12; i++) {
    bomb.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(", ")}]`);
  }
  await writeTree(root, { "alias-bomb/SKILL.md": skillMd(bomb.join("\n")) });
  add("a YAML alias bomb", "alias-bomb", ["yaml-invalid"]);

  await writeTree(root, {
    "deep-nesting/SKILL.md": skillMd(
      `name: deep-nesting\ndescription: d\nx: ${"[".repeat(5000)}${
        "]".repeat(5000)
      }`,
    ),
  });
  add("5000 levels of YAML nesting", "deep-nesting", ["yaml-invalid"]);

  await writeTree(root, {
    "dup-keys/SKILL.md": skillMd(
      "name: dup-keys\ndescription: first\ndescription: second",
    ),
  });
  add("duplicate keys", "dup-keys", ["duplicate-key"]);

  await writeTree(root, {
    "js-tag/SKILL.md": skillMd(
      "name: js-tag\ndescription: !!js/function 'function () { globalThis.pwned = 1 }'",
    ),
  });
  add("a !!js/function tag", "js-tag", ["yaml-invalid"]);

  await writeTree(root, {
    "proto/SKILL.md": skillMd(
      "name: proto\ndescription: d\n__proto__:\n  polluted: true\nconstructor:\n  prototype:\n    polluted: true",
    ),
  });
  add("__proto__ and constructor keys", "proto", ["unknown-field"]);

  await writeTree(root, {
    "nul-name/SKILL.md": skillMd('name: "bad\\0name/../x"\ndescription: d'),
  });
  add("NUL, separators and .. in a name", "nul-name", ["name-invalid-chars"]);

  const longName = "n".repeat(255);
  await writeSkill(root, longName);
  add("a 255-byte directory name", longName, ["name-too-long"]);

  // Symlinks: a skill directory linked from outside the root is followed (users
  // install skills that way); a link back to the root is a cycle in recursive scans.
  await writeSkill(outside, "linked-in", {
    description: "Linked from outside",
  });
  await Deno.symlink(join(outside, "linked-in"), join(root, "linked-in"));
  await Deno.symlink(root, join(root, "loop"));
  return entries;
}
