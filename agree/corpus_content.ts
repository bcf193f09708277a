// Copyright 2026 the skillscope authors. MIT license.
/**
 * Corpus cases about what a client makes of a folder: what counts as a
 * skill, parsing and names, and descriptions as rendered.
 *
 * @module
 */
import {
  type Case,
  describe,
  type Layout,
  one,
  plain,
  skillMd,
} from "./corpus_layout.ts";
import type { TreeEntry } from "./types.ts";

/**
 * The `counts` cases: hidden directories, `node_modules`, `.gitignore`,
 * backups, symlinks, loose files, a `SKILL.md` at a root, BOM, CRLF, size.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function countCases(l: Layout): Case[] {
  const p = l.p;
  const ok = plain(`${p}/control`);
  const d = "counts";
  return [
    one(d, "hidden-dir", "a skill in a hidden folder", {
      ...ok,
      ...plain(`${p}/.hidden`),
    }),
    one(d, "hidden-group", "a skill below a hidden group folder", {
      ...ok,
      ...plain(`${p}/.group/in-hidden`),
    }),
    one(d, "node-modules", "a skill below node_modules", {
      ...ok,
      ...plain(`${p}/node_modules/in-modules`),
    }),
    one(d, "gitignored", "a skill in a folder .gitignore names", {
      ...ok,
      ...plain(`${p}/ignored`),
      "project/.gitignore": `${p.slice("project/".length)}/ignored/\n`,
    }),
    one(d, "backup-dir", "a copy in a backup folder (name~ and .bak)", {
      ...ok,
      [`${p}/control~/SKILL.md`]: skillMd("control-backup", describe("x")),
      [`${p}/control.bak/SKILL.md`]: skillMd("control-bak", describe("y")),
    }),
    one(d, "symlinked-dir", "a skill folder that is a symlink", {
      ...ok,
      ...plain("elsewhere/linked"),
      [`${p}/linked`]: { symlink: relativeUp(p, "elsewhere/linked") },
    }),
    one(d, "symlinked-skill-md", "a SKILL.md that is a symlink", {
      ...ok,
      "elsewhere/SKILL.md": skillMd("linked-file", describe("linked-file")),
      [`${p}/linked-file/SKILL.md`]: {
        symlink: relativeUp(`${p}/linked-file`, "elsewhere/SKILL.md"),
      },
    }),
    one(d, "symlinked-root", "the skills root itself is a symlink", {
      ...plain("elsewhere/root/via-root"),
      [p]: { symlink: relativeUp(dirOf(p), "elsewhere/root") },
    }),
    one(d, "loose-md", "a loose .md file beside skill folders", {
      ...ok,
      [`${p}/loose.md`]: skillMd("loose", describe("loose")),
    }),
    one(d, "skill-md-at-root", "a SKILL.md directly in the root", {
      ...ok,
      [`${p}/SKILL.md`]: skillMd("at-root", describe("at-root")),
    }),
    one(d, "lowercase-file", "skill.md in lower case", {
      ...ok,
      [`${p}/lower/skill.md`]: skillMd("lower", describe("lower")),
    }),
    one(d, "bom", "a SKILL.md starting with a byte order mark", {
      ...ok,
      [`${p}/with-bom/SKILL.md`]: "\uFEFF" +
        skillMd("with-bom", describe("with-bom")),
    }),
    one(d, "crlf", "a SKILL.md with CRLF line ends", {
      ...ok,
      [`${p}/with-crlf/SKILL.md`]: skillMd("with-crlf", describe("with-crlf"))
        .replaceAll("\n", "\r\n"),
    }),
    one(d, "large-file", "a SKILL.md over 100 KB", {
      ...ok,
      [`${p}/large/SKILL.md`]: skillMd("large", describe("large"), {
        body: "# large\n\n" + "Filler line of the body.\n".repeat(5000),
      }),
    }),
  ];
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/"));
}

/** A relative symlink target from directory `from` to `to` (both below the root). */
function relativeUp(from: string, to: string): string {
  return "../".repeat(from.split("/").length) + to;
}

/**
 * The `parsing` cases: descriptions missing or empty, YAML a strict parser
 * rejects, no or an unclosed frontmatter, and name rules.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function parsingCases(l: Layout): Case[] {
  const p = l.p;
  const ok = plain(`${p}/control`);
  const d = "parsing";
  const cases: [string, string, string, string][] = [
    [
      "no-description",
      "no description",
      "no-desc",
      skillMd("no-desc", undefined, {
        body:
          "# No desc\n\nThe first paragraph of the body.\n\nA second one.\n",
      }),
    ],
    [
      "empty-description",
      "an empty description",
      "empty-desc",
      skillMd("empty-desc", '""'),
    ],
    [
      "unquoted-colon",
      "an unquoted colon in the description",
      "colon",
      skillMd("colon", "Use it for this: and that"),
    ],
    [
      "no-frontmatter",
      "no frontmatter at all",
      "no-fm",
      "# No frontmatter\n\nJust a body paragraph.\n",
    ],
    [
      "unclosed-frontmatter",
      "a frontmatter never closed",
      "unclosed",
      "---\nname: unclosed\ndescription: Never closed.\n\n# unclosed\n",
    ],
    [
      "invalid-yaml",
      "YAML that does not parse",
      "bad-yaml",
      "---\nname: bad-yaml\ndescription: [unclosed\n---\n# bad\n",
    ],
    [
      "name-differs",
      "a name that differs from the folder",
      "folder-name",
      skillMd("other-name", describe("other-name")),
    ],
    [
      "name-missing",
      "no name (the folder names it)",
      "folder-only",
      skillMd(undefined, describe("folder-only")),
    ],
    [
      "name-spaces",
      "a name with spaces",
      "spaced",
      skillMd("Spaced Name", describe("spaced")),
    ],
    [
      "name-uppercase",
      "an upper-case name",
      "upper",
      skillMd("UpperCase", describe("upper")),
    ],
    [
      "name-underscore",
      "a name with an underscore",
      "under_score",
      skillMd("under_score", describe("under")),
    ],
    [
      "name-long",
      "a name over 64 characters",
      "long-name",
      skillMd("n".repeat(70), describe("long")),
    ],
    [
      "name-quoted",
      "a quoted name and description",
      "quoted",
      skillMd('"quoted"', "'Single quoted: with colon'"),
    ],
    [
      "description-xml",
      "a description with <, > and &",
      "xml",
      skillMd("xml", '"Use <tags> & entities > here"'),
    ],
    [
      "description-number",
      "a description that YAML reads as a number",
      "numeric",
      skillMd("numeric", "42"),
    ],
    [
      "heading-only-body",
      "no description, a body of headings then text",
      "headings",
      skillMd("headings", undefined, {
        body: "# Title\n\n## Section\n\nText after headings.\n",
      }),
    ],
  ];
  return cases.map(([name, title, folder, text]) =>
    one(d, name, title, { ...ok, [`${p}/${folder}/SKILL.md`]: text })
  );
}

/**
 * The `descriptions` cases: long, multi-line, folded, whitespace,
 * `when_to_use`, and many skills for a listing budget.
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function descriptionCases(l: Layout): Case[] {
  const p = l.p;
  const d = "descriptions";
  const long = (n: number): string =>
    ("Long description words ".repeat(Math.ceil(n / 23))).slice(0, n).trim();
  const many: Record<string, TreeEntry> = {};
  for (let i = 0; i < 40; i++) {
    const name = `many-${String(i).padStart(2, "0")}`;
    many[`${p}/${name}/SKILL.md`] = skillMd(name, `"${long(400)} ${i}"`);
  }
  const at = (folder: string, text: string): Record<string, TreeEntry> => ({
    [`${p}/${folder}/SKILL.md`]: text,
  });
  return [
    one(
      d,
      "over-1024",
      "a description of 1,500 characters",
      at("long", skillMd("long", `"${long(1500)}"`)),
    ),
    one(
      d,
      "exactly-1024",
      "a description of 1,024 characters",
      at("limit", skillMd("limit", `"${long(1024)}"`)),
    ),
    one(
      d,
      "block-literal",
      "a multi-line | description",
      at("literal", skillMd("literal", "|\n  First line.\n  Second line.\n")),
    ),
    one(
      d,
      "block-folded",
      "a folded > description",
      at("folded", skillMd("folded", ">\n  Folded first\n  and second.\n")),
    ),
    one(
      d,
      "inner-whitespace",
      "runs of spaces and a tab inside",
      at("spaces", skillMd("spaces", '"Many   spaces\tand a tab."')),
    ),
    one(
      d,
      "when-to-use",
      "a when_to_use field",
      at(
        "when",
        skillMd("when", describe("when"), {
          lines: ["when_to_use: Use it when asked twice."],
        }),
      ),
    ),
    one(d, "many-skills", "40 skills with 400-character descriptions", many),
  ];
}
