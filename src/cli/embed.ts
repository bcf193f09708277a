// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope embed DIR [--out FILE.ts]`.
 *
 * @module
 */
import { resolve } from "../shared/path.ts";
import {
  EMBED_MAX_TOTAL_BYTES,
  type EmbedPlan,
  EmbedTooLargeError,
  planEmbedModule,
} from "../embed/plan.ts";
import type { Sink } from "../embed/literal.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { formatDiagnostic, writeBytes, writeErr } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { loadYamlParser } from "../parse/yaml.ts";

const GROUPS = [{
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
    "max-bytes": {
      type: "string",
      arg: "SIZE",
      help:
        "Most bytes of SKILL.md and bundled files embedded in all: 33554432, 512K, 64M, 1G (default 32M)",
    },
  },
}] as const satisfies readonly OptionGroup[];

/** The `embed` command. */
export const embedCommand: CommandOf<typeof GROUPS> = {
  name: "embed",
  usage:
    "embed DIR [--out FILE.ts] [--import SPEC] [--recursive] [--max-bytes SIZE]",
  description:
    "Generates a module whose default export is SkillSource[]: one embedded skill\nper skill directory in DIR, with SKILL.md and its bundled files (text inline,\nbinary as base64; hidden files left out). Import it and pass it to discover()\nor SkillSet.open(): it needs no permission and no --include in deno compile.\nThe output is deterministic and formatted like deno fmt. At most 32 MiB of\nskill files are embedded (--max-bytes); the module is written as it is made.",
  examples: [
    "skillscope embed ./skills --out bundled_skills.ts",
    "skillscope embed ./skills --recursive --lenient > bundled.ts",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const [dir] = expectArgs(
      positionals,
      1,
      "skillscope embed DIR [--out FILE.ts]",
    );
    const out = values.out;
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
    const maxBytes = sizeOption(values["max-bytes"]);
    const tooLarge = (error: EmbedTooLargeError, written: boolean) =>
      new CliError(
        `${
          JSON.stringify(dir)
        } holds more than the ${error.limit}-byte cap on embedded skill files (${error.bytes} bytes found); pass --max-bytes with a larger size to embed it. ${
          written
            ? "The module written so far is incomplete"
            : "Nothing was written"
        }`,
      );
    let plan: EmbedPlan;
    try {
      plan = planEmbedModule(dir!, {
        // The generator parses synchronously.
        yamlParser: await loadYamlParser(),
        recursive: values.recursive === true,
        maxTotalBytes: maxBytes,
        ...(typeof values.import === "string"
          ? { importFrom: values.import }
          : {}),
      });
    } catch (error) {
      if (error instanceof EmbedTooLargeError) throw tooLarge(error, false);
      throw error;
    }
    const reported = plan.diagnostics.length;
    for (const d of plan.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    // An embed that silently loses skills ships a broken binary: fail first.
    const skipped = plan.diagnostics.filter((d) => d.level === "error");
    if (skipped.length > 0 && values.lenient !== true) {
      throw new CliError(
        `${skipped.length} skill${
          skipped.length === 1 ? " is" : "s are"
        } invalid and would be left out (reported above); fix ${
          skipped.length === 1 ? "it" : "them"
        }, or pass --lenient to embed the others. Nothing was written`,
      );
    }
    if (plan.skills.length === 0 && values["allow-empty"] !== true) {
      throw new CliError(
        `${dir} holds no skill to embed; pass --allow-empty to write an empty module. Nothing was written`,
      );
    }
    try {
      if (out === undefined) writeStreamed(plan, Deno.stdout);
      else {
        // Written as it is made; a failure halfway leaves no file behind.
        const file = Deno.openSync(out, {
          write: true,
          create: true,
          truncate: true,
        });
        try {
          writeStreamed(plan, file);
        } catch (error) {
          file.close();
          Deno.removeSync(out);
          throw error;
        }
        file.close();
      }
    } catch (error) {
      if (error instanceof EmbedTooLargeError) {
        throw tooLarge(error, out === undefined);
      }
      throw error;
    } finally {
      for (const d of plan.diagnostics.slice(reported)) {
        writeErr(`${formatDiagnostic(d)}\n`);
      }
    }
    if (out !== undefined) {
      writeErr(
        `Embedded ${plan.skills.length} skill${
          plan.skills.length === 1 ? "" : "s"
        } into ${out}\n`,
      );
    }
    return EXIT.ok;
  },
};

/** Parses `--max-bytes`: bytes, or a number with K, M or G (binary units). */
function sizeOption(raw: unknown): number {
  if (raw === undefined) return EMBED_MAX_TOTAL_BYTES;
  const match = /^(\d+)([KMG]?)(?:i?B)?$/i.exec(String(raw));
  if (match === null) {
    throw new UsageError(
      `--max-bytes takes a size such as 33554432, 512K, 64M or 1G, not "${raw}"`,
    );
  }
  const unit = { "": 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[
    match[2]!.toUpperCase() as "" | "K" | "M" | "G"
  ];
  return Number(match[1]) * unit;
}

/** Writes the planned module to `target` in blocks of about 64 KiB. */
function writeStreamed(
  plan: EmbedPlan,
  target: { writeSync(p: Uint8Array): number },
): void {
  const encoder = new TextEncoder();
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    writeBytes(target, encoder.encode(pending.join("")));
    pending = [];
    size = 0;
  };
  const sink: Sink = (chunk) => {
    pending.push(chunk);
    size += chunk.length;
    if (size >= 64 * 1024) flush();
  };
  plan.write(sink);
  flush();
}
