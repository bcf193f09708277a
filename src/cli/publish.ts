// Copyright 2026 the skillscope authors. MIT license.
/**
 * `publish DIR --out SITE`: a directory of skills as a static site that
 * agents install from (`/.well-known/agent-skills/`) and people browse
 * (`/skills/index.html`).
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import {
  field,
  writeDiagnostics,
  writeErr,
  writeJson,
  writeNotes,
  writeOut,
} from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { jsonOption } from "./root_option_defs.ts";
import { webUrl } from "./web_root.ts";
import { join } from "../shared/path.ts";
import { outputWidth, renderTable } from "./table.ts";

/** The option groups of `publish`. */
const GROUPS = [{
  title: "Options",
  options: {
    out: {
      type: "string",
      arg: "SITE",
      help: "The site directory to write (created when missing)",
    },
    "base-url": {
      type: "string",
      arg: "URL",
      help:
        "The origin SITE is served at (https://HOST), named in the page's install commands",
    },
    "v0.1": {
      type: "boolean",
      help:
        "Also write the older v0.1 index (.well-known/skills/index.json) and every file, for clients that read only it (no digests: unverified)",
    },
    recursive: {
      type: "boolean",
      help: "Find skills at any depth below DIR (bounded: depth 6)",
    },
    lenient: {
      type: "boolean",
      help: "Exit 0 even when skills were left out",
    },
    quiet: {
      type: "boolean",
      short: "q",
      help: "Print only errors: no table and no summary",
    },
    ...jsonOption(
      'Print { "site", "skills": [{ "name", "type", "url", "digest", "dir" }], "skipped", "diagnostics", "written", "unchanged" }',
    ),
  },
}] as const satisfies readonly OptionGroup[];

/** `publish`. */
export const publishCommand: CommandOf<typeof GROUPS> = {
  name: "publish",
  usage:
    "publish DIR --out SITE [--base-url URL] [--v0.1] [--recursive] [--lenient] [--quiet] [--json]",
  description:
    `Writes the skills of DIR (a skill directory, or a directory of skills) as a
static site into SITE: .well-known/agent-skills/index.json (the Agent Skills
Discovery index, v0.2) with one artifact per skill and its SHA-256 digest —
the SKILL.md itself for a skill that is only a SKILL.md, else a deterministic
NAME.tar.gz — and skills/index.html, a page for people with a filter box.
Serve SITE at the root of an origin; "skillscope install ORIGIN" and other
clients verify every artifact against its digest.

A skill is left out, with its diagnostics, when it does not load, has a name
an index cannot carry (or one already published), holds a symlink or a
special file, or is over the install caps (10,000 files, 200 MiB). Hidden
files and node_modules are never published. The same skills write the same
bytes, and files that already hold them are not touched, so any static host
or CDN can serve and cache SITE. Nothing is written outside SITE.`,
  examples: [
    "skillscope publish ./skills --out ./site --base-url https://docs.example.com",
    "skillscope publish ./skills --out ./site --v0.1 --lenient",
  ],
  groups: GROUPS,
  footer:
    "Exit codes: 0 published, 1 a skill left out (0 with --lenient), 2 usage,\n3 missing permission.",
  async run(values, positionals): Promise<number> {
    const [dir] = expectArgs(
      positionals,
      1,
      "skillscope publish DIR --out SITE",
    );
    if (values.out === undefined || values.out === "") {
      throw new UsageError('"publish" needs --out SITE');
    }
    const origin = values["base-url"] === undefined
      ? undefined
      : originOf(values["base-url"]);
    // Loaded on demand: only publishing needs the archive writer.
    const [{ publishSkills }, { SKILLS_PAGE }, { ORIGIN_PLACEHOLDER }] =
      await Promise.all([
        import("../web/publish.ts"),
        import("../web/site.ts"),
        import("../web/site_page.ts"),
      ]);
    const result = await publishSkills(dir!, values.out, {
      legacy: values["v0.1"] === true,
      recursive: values.recursive === true,
      origin,
    });
    const failed = result.skipped > 0 && values.lenient !== true;
    if (values.json === true) {
      writeJson({
        site: values.out,
        skills: result.entries.map((e, i) => ({
          name: e.name,
          type: e.type,
          url: e.url,
          digest: e.digest,
          dir: result.dirs[i],
        })),
        skipped: result.skipped,
        diagnostics: result.diagnostics,
        written: result.written,
        unchanged: result.unchanged,
      });
      return failed ? EXIT.failure : EXIT.ok;
    }
    const quiet = values.quiet === true;
    writeDiagnostics(
      quiet
        ? result.diagnostics.filter((d) => d.level === "error")
        : result.diagnostics,
    );
    if (result.entries.length > 0 && !quiet) {
      // The table list prints (a header, fitted to the terminal or COLUMNS).
      const width = outputWidth();
      writeOut(renderTable(
        ["NAME", "TYPE", "DIGEST"],
        result.entries.map((e) => [field(e.name), e.type, e.digest]),
        width === undefined ? {} : { width },
      ));
    }
    if (!quiet) {
      const count = (n: number, what: string): string =>
        `${n} ${what}${n === 1 ? "" : "s"}`;
      writeErr(
        `Published ${count(result.entries.length, "skill")} to ${
          field(values.out)
        } (${
          count(result.written.length, "file")
        } written, ${result.unchanged.length} unchanged)${
          result.skipped === 0
            ? ""
            : `; ${count(result.skipped, "skill")} left out`
        }\nThe page for people: ${
          JSON.stringify(join(values.out, SKILLS_PAGE))
        }\nServe it at the root of ${
          origin ?? "an origin"
        }; install with "skillscope install ${
          origin ?? "ORIGIN"
        } --skill NAME"\n`,
      );
      if (origin === undefined) {
        writeNotes([
          `warning: The page's install commands name the placeholder "${ORIGIN_PLACEHOLDER}": publish again with --base-url https://HOST, the origin the site is served at`,
        ]);
      }
    }
    return failed ? EXIT.failure : EXIT.ok;
  },
};

/**
 * The origin of `--base-url`: HTTPS (plain HTTP only on a loopback host),
 * nothing after the host (the well-known paths live at the origin's root).
 */
function originOf(text: string): string {
  const url = webUrl(text, "--base-url", "the base URL");
  if (
    url.pathname !== "/" || url.search !== "" || url.hash !== "" ||
    url.username !== "" || url.password !== ""
  ) {
    throw new UsageError(
      `--base-url must be an origin such as https://docs.example.com: the well-known paths are at its root, got ${
        JSON.stringify(text)
      }`,
    );
  }
  return url.origin;
}
