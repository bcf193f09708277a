// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope embed DIR [--out FILE.ts]`.
 *
 * @module
 */
import { resolve } from "node:path";
import { generateEmbedModule } from "../serve/embed_module.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import type { Command } from "./command.ts";
import { CliError, EXIT } from "./errors.ts";
import { formatDiagnostic, writeErr, writeRaw } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { loadYamlParser } from "../parse/yaml.ts";

/** The `embed` command. */
export const embedCommand: Command = {
  name: "embed",
  usage: "embed DIR [--out FILE.ts] [--import SPEC] [--recursive]",
  description:
    "Generates a module whose default export is SkillSource[]: one embedded skill\nper skill directory in DIR, with SKILL.md and its bundled files (text inline,\nbinary as base64; hidden files left out). Import it and pass it to discover()\nor SkillSet.open(): it needs no permission and no --include in deno compile.\nThe output is deterministic and formatted like deno fmt.",
  examples: [
    "skillscope embed ./skills --out bundled_skills.ts",
    "skillscope embed ./skills --recursive --lenient > bundled.ts",
  ],
  groups: [{
    title: "Options",
    options: {
      out: {
        type: "string",
        arg: "FILE.ts",
        help:
          "Write the module there (needs --allow-write=FILE.ts); default: stdout",
      },
      import: {
        type: "string",
        arg: "SPEC",
        help:
          "Where the module imports embeddedSkill from (default: jsr:@skillscope/skills@^<version>)",
      },
      recursive: {
        type: "boolean",
        help: "Find skills at any depth below DIR",
      },
      "allow-empty": {
        type: "boolean",
        help: "Write the module even when DIR holds no skill",
      },
      lenient: {
        type: "boolean",
        help: "Leave out invalid skills (reported) instead of failing",
      },
    },
  }],
  async run(values, positionals): Promise<number> {
    const [dir] = expectArgs(
      positionals,
      1,
      "skillscope embed DIR [--out FILE.ts]",
    );
    const out = values.out as string | undefined;
    if (out !== undefined) {
      const target = resolve(out);
      if (
        Deno.permissions.querySync({ name: "write", path: target }).state !==
          "granted"
      ) {
        throw new PermissionDeniedError(
          "write",
          target,
          `--allow-write=${target}`,
        );
      }
    }
    await loadYamlParser(); // the generator parses synchronously
    const result = generateEmbedModule(dir!, {
      recursive: values.recursive === true,
      ...(typeof values.import === "string"
        ? { importFrom: values.import }
        : {}),
    });
    for (const d of result.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    // An embed that silently loses skills ships a broken binary: fail first.
    const skipped = result.diagnostics.filter((d) => d.level === "error");
    if (skipped.length > 0 && values.lenient !== true) {
      throw new CliError(
        `${skipped.length} skill${
          skipped.length === 1 ? " is" : "s are"
        } invalid and would be left out (reported above); fix ${
          skipped.length === 1 ? "it" : "them"
        }, or pass --lenient to embed the others. Nothing was written`,
      );
    }
    if (result.skills.length === 0 && values["allow-empty"] !== true) {
      throw new CliError(
        `${dir} holds no skill to embed; pass --allow-empty to write an empty module. Nothing was written`,
      );
    }
    if (out === undefined) {
      writeRaw(result.code);
    } else {
      Deno.writeTextFileSync(out, result.code);
      writeErr(
        `Embedded ${result.skills.length} skill${
          result.skills.length === 1 ? "" : "s"
        } into ${out}\n`,
      );
    }
    return EXIT.ok;
  },
};
