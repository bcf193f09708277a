// Copyright 2026 the skillscope authors. MIT license.
/**
 * `deno task npm-pack [--out DIR]`: writes `DIR/skillscope-<version>.tgz`
 * (default `dist/`), the CLI as an npm package for machines with Node.js and
 * npm only. The package holds the CLI bundled into one file and a Node
 * script that runs it on the Deno binary of its `deno` dependency, with the
 * CLI's permission set from deno.json; nothing is downloaded after install.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { isAbsolute, join, resolve } from "node:path";
import { cliPermissions, permissionFlags } from "./permission_flags.ts";

/** The Deno release the package runs on (the one the project is tested on). */
const DENO_VERSION = "2.9.6";
const REPO = new URL("../../", import.meta.url);
const HERE = new URL("./", import.meta.url);
const PLACEHOLDER = "/* permission flags */ []";

/**
 * What to do with the tarball written at `tarball` (relative to the working
 * directory, or absolute): the commands to install it or run it once. npm
 * reads a bare `dist/x.tgz` as a GitHub repository, so a relative path is
 * given as `./dist/x.tgz`.
 *
 * @example Usage
 * ```ts
 * import { nextSteps } from "./pack.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(
 *   nextSteps("dist/skillscope-0.1.0.tgz"),
 *   /npm install -g \.\/dist\/skillscope-0\.1\.0\.tgz/,
 * );
 * ```
 *
 * @param tarball The tarball's path.
 * @returns The lines, each ending in `\n`.
 */
export function nextSteps(tarball: string): string {
  const path = isAbsolute(tarball) || /^\.\.?[\\/]/.test(tarball)
    ? tarball
    : `./${tarball}`;
  // Quoted for a POSIX shell when it holds anything but plain characters.
  const spec = /^[\w./@:+-]+$/.test(path)
    ? path
    : `'${path.replaceAll("'", `'\\''`)}'`;
  return `Install it with: npm install -g ${spec}
Or run it without installing: npx --yes ${spec} --help
`;
}

async function run(
  program: string,
  args: string[],
  cwd: string,
): Promise<string> {
  const out = await new Deno.Command(program, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (!out.success) {
    throw new Error(
      `"${program} ${args.join(" ")}" failed: ${decoder.decode(out.stderr)}`,
    );
  }
  return decoder.decode(out.stdout);
}

async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { out: { type: "string", default: "dist" } },
  });
  const repo = REPO.pathname;
  const out = resolve(Deno.cwd(), values.out);
  const config = JSON.parse(await Deno.readTextFile(join(repo, "deno.json")));
  const flags = permissionFlags(await cliPermissions(join(repo, "deno.json")));
  const stage = await Deno.makeTempDir({ prefix: "skillscope_npm_" });
  try {
    await run(Deno.execPath(), [
      "bundle",
      "--quiet",
      `--config=${join(repo, "deno.json")}`,
      "--platform=deno",
      "--output",
      join(stage, "skillscope.js"),
      join(repo, "cli.ts"),
    ], repo);
    const bin = await Deno.readTextFile(new URL("skillscope.mjs", HERE));
    if (!bin.includes(PLACEHOLDER)) {
      throw new Error(`skillscope.mjs has no "${PLACEHOLDER}" to fill in`);
    }
    await Deno.writeTextFile(
      join(stage, "skillscope.mjs"),
      bin.replace(PLACEHOLDER, JSON.stringify(flags)),
      { mode: 0o755 },
    );
    await Deno.writeTextFile(
      join(stage, "package.json"),
      JSON.stringify(
        {
          name: "skillscope",
          version: config.version,
          description: config.description,
          license: config.license,
          keywords: ["agent-skills", "skills", "mcp", "claude", "codex"],
          bin: { skillscope: "skillscope.mjs" },
          files: ["skillscope.mjs", "skillscope.js", "README.md", "LICENSE"],
          engines: { node: ">=18" },
          dependencies: { deno: DENO_VERSION },
        },
        null,
        2,
      ) + "\n",
    );
    await Deno.copyFile(join(repo, "LICENSE"), join(stage, "LICENSE"));
    await Deno.writeTextFile(
      join(stage, "README.md"),
      `# skillscope

Discover, validate, install and serve Agent Skills (SKILL.md directories)
for the agents you use: Claude Code, Codex, Gemini CLI, opencode and more.

\`\`\`sh
npx skillscope list                    # the skills your installed agents see
npx skillscope install owner/repo      # install skills, recorded in skills.lock
npx skillscope mcp                     # serve them over MCP (stdio)
npx skillscope --help                  # every command
\`\`\`

The package runs the skillscope CLI on Deno ${DENO_VERSION}, which its \`deno\`
dependency installs from npm: Node.js and npm are all a machine needs.
`,
    );
    await Deno.mkdir(out, { recursive: true });
    const packed = JSON.parse(
      await run("npm", ["pack", "--json", "--pack-destination", out], stage),
    ) as { filename: string }[];
    const tarball = join(values.out, packed[0]!.filename);
    // The path alone on stdout (for scripts), what to do next on stderr.
    console.log(tarball);
    console.error(nextSteps(tarball).trimEnd());
  } finally {
    await Deno.remove(stage, { recursive: true });
  }
}

if (import.meta.main) await main(Deno.args);
