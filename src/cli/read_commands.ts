// Copyright 2026 the skillscope authors. MIT license.
/**
 * The commands that read one skill: `read`, `asset`, `resources`,
 * `activate`.
 *
 * @module
 */
import type { Command } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeBytes, writeJson, writeOut } from "./io.ts";
import { expectArgs, jsonOption, ROOTS_GROUP } from "./root_options.ts";
import { approvalOption, openSkillSet } from "./open_skill_set.ts";

/** `read NAME`. */
export const readCommand: Command = {
  name: "read",
  usage: "read NAME [--json]",
  description:
    'Prints the body of SKILL.md. --json adds "name", "dir" and "resources".',
  examples: [
    "skillscope read pdf-tools",
    "skillscope read pdf-tools --json",
  ],
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: { ...jsonOption(), ...approvalOption("Read") },
  }],
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope read NAME");
    const set = await openSkillSet(values);
    const body = await set.read(name!);
    if (values.json === true) {
      const skill = set.require(name!);
      const resources = await set.resources(name!);
      writeJson({
        name: skill.name,
        body,
        dir: skill.dir ?? null,
        resources: resources.files,
      });
    } else {
      writeOut(body);
    }
    return EXIT.ok;
  },
};

/** `asset NAME RELPATH`. */
export const assetCommand: Command = {
  name: "asset",
  usage: "asset NAME RELPATH",
  description:
    'Writes the file\'s bytes to stdout. RELPATH is relative to the skill\ndirectory; absolute paths, ".." and symlinks leading outside the skill are\nrefused (exit 1).',
  examples: [
    "skillscope asset pdf-tools references/forms.md",
    "skillscope asset pdf-tools assets/logo.png > logo.png",
  ],
  groups: [ROOTS_GROUP, { title: "Options", options: approvalOption("Read") }],
  async run(values, positionals): Promise<number> {
    const [name, path] = expectArgs(
      positionals,
      2,
      "skillscope asset NAME RELPATH",
    );
    const set = await openSkillSet(values);
    const bytes = await set.readAsset(name!, path!);
    if (Deno.stdout.isTerminal()) {
      // On a terminal the bytes are shown, escaped; piped, they are exact.
      writeOut(new TextDecoder().decode(bytes));
      return EXIT.ok;
    }
    writeBytes(Deno.stdout, bytes);
    return EXIT.ok;
  },
};

/** `resources NAME`. */
export const resourcesCommand: Command = {
  name: "resources",
  usage: "resources NAME [--json]",
  description:
    'Lists the skill\'s files (relative paths; hidden ones skipped).\n--json: { "files", "truncated" }.',
  examples: [
    "skillscope resources pdf-tools",
    "skillscope resources pdf-tools --json",
  ],
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: { ...jsonOption(), ...approvalOption("List") },
  }],
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope resources NAME");
    const set = await openSkillSet(values);
    const resources = await set.resources(name!);
    if (values.json === true) writeJson(resources);
    else if (resources.files.length > 0) {
      writeOut(
        `${resources.files.map(field).join("\n")}\n${
          resources.truncated ? "(more files not listed)\n" : ""
        }`,
      );
    }
    return EXIT.ok;
  },
};

/** `activate NAME`. */
export const activateCommand: Command = {
  name: "activate",
  usage: "activate NAME [ARG...]",
  description:
    `Prints <skill_content name="…"> with the body, the skill directory and its
files. ARGs are the invocation's arguments, substituted into the body as
Claude Code does ($ARGUMENTS, $ARGUMENTS[n], $0…$9, and the names the skill
declares in "arguments").`,
  examples: [
    "skillscope activate pdf-tools",
    "skillscope activate deploy prod eu-west",
  ],
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: approvalOption("Activate"),
  }],
  async run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError(
        "Name the skill to activate\nUsage: skillscope activate NAME [ARG...]",
      );
    }
    const [name, ...args] = positionals;
    const set = await openSkillSet(values);
    const quoted = args.map((a) => /[\s"']/.test(a) ? JSON.stringify(a) : a);
    writeOut(
      `${await set.activate(
        name!,
        args.length === 0 ? {} : { arguments: quoted.join(" ") },
      )}\n`,
    );
    return EXIT.ok;
  },
};
