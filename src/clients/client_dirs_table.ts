// Copyright 2026 the skillscope authors. MIT license.
/**
 * Every directory suffix a client's skills directory can end with, written
 * out: what the client table derives (`clientDirSuffixes` in
 * `client_roots.ts`; a test keeps the two equal), so that install's checks
 * of a recorded target, and of the copies one install made, which every
 * discovery may run, need not load the client table.
 *
 * @module
 */

/**
 * Every directory suffix a client's skills directory can end with (relative
 * to a project root or to the home directory), in the client table's order:
 * what a recorded install target must look like.
 *
 * @example Usage
 * ```ts
 * import { CLIENT_DIR_SUFFIXES } from "./client_dirs_table.ts";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * // Where a project's agents may keep an installed copy of a skill:
 * const dirs = CLIENT_DIR_SUFFIXES.map((suffix) => join("/p", suffix));
 * assert.ok(dirs.includes("/p/.claude/skills"));
 * assert.ok(dirs.includes("/p/.config/opencode/skills"));
 * ```
 */
export const CLIENT_DIR_SUFFIXES: readonly string[] = Object.freeze([
  ".agents/skills",
  ".claude/skills",
  ".codex/skills",
  ".gemini/skills",
  ".opencode/skills",
  ".opencode/skill",
  ".config/opencode/skills",
  ".config/opencode/skill",
  ".cursor/skills",
  ".local/share/zero/skills",
  ".github/skills",
  ".copilot/skills",
  ".goose/skills",
  ".config/goose/skills",
  ".config/agents/skills",
  ".pi/skills",
  ".pi/agent/skills",
  ".aider-desk/skills",
  ".gemini/antigravity/skills",
  ".gemini/antigravity-cli/skills",
  "data/skills",
  ".astrbot/data/skills",
  ".autohand/skills",
  ".augment/skills",
  ".bob/skills",
  "skills",
  ".openclaw/skills",
  ".codeartsdoer/skills",
  ".codebuddy/skills",
  ".codemaker/skills",
  ".codestudio/skills",
  ".codewhale/skills",
  ".commandcode/skills",
  ".continue/skills",
  ".cortex/skills",
  ".snowflake/cortex/skills",
  ".crush/skills",
  ".config/crush/skills",
  ".deepagents/agent/skills",
  ".devin/skills",
  ".config/devin/skills",
  ".factory/skills",
  "agent/skills",
  ".firebender/skills",
  ".forge/skills",
  ".fx/skills",
  ".grok/skills",
  ".hermes/skills",
  ".inferencesh/skills",
  ".jazz/skills",
  ".junie/skills",
  ".iflow/skills",
  ".kilo/skills",
  ".kimchi/skills",
  ".config/kimchi/harness/skills",
  ".kiro/skills",
  ".kode/skills",
  ".lingma/skills",
  ".mcpjam/skills",
  ".minimax/skills",
  ".vibe/skills",
  ".moxby/skills",
  ".mux/skills",
  ".openhands/skills",
  ".ona/skills",
  ".posit/assistant/skills",
  ".qoder/skills",
  ".qoder-cn/skills",
  ".qwen/skills",
  ".reasonix/skills",
  ".rovodev/skills",
  ".roo/skills",
  ".tabnine/agent/skills",
  ".terramind/skills",
  ".tinycloud/skills",
  ".trae/skills",
  ".trae-cn/skills",
  ".windsurf/skills",
  ".codeium/windsurf/skills",
  ".zcode/skills",
  ".zencoder/skills",
  ".neovate/skills",
  ".pochi/skills",
  ".adal/skills",
]);
