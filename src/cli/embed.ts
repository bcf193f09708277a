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
import { EXIT } from "./errors.ts";
import { formatDiagnostic, writeErr, writeRaw } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { loadYamlParser } from "../parse/yaml.ts";

/** The `embed` command. */
export const embedCommand: Command = {
  name: "embed",
  usage: "embed DIR [--out FILE.ts] [--import SPEC] [--recursive]",
  description:
    "Generates a module whose default export is SkillSource[]: one embedded skill\nper skill directory in DIR, with SKILL.md and its bundled files (text inline,\nbinary as base64; hidden files left out). Import it and pass it to discover()\nor SkillSet.open(): it needs no permission and no --include in deno compile.\nThe output is deterministic and formatted like deno fmt.",
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
