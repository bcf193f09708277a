// Copyright 2026 the skillscope authors. MIT license.
/**
 * A rule of a client view cited as the reason for what the view did to a
 * skill: the rule's name in the client table's `view`, the evidence it was
 * measured on, and what it did, in words.
 *
 * @module
 */
import type { ClientFact, ClientViewRules } from "./clients_table.ts";
import type { SettingEntry } from "./client_settings.ts";

/**
 * A rule of a client view that decided something, with its evidence.
 *
 * @example Usage
 * ```ts
 * import { type ViewRule, viewRule } from "./client_view_rule.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * const rule: ViewRule = viewRule(clientEntry("codex").view ?? {}, "rejectsBom", "starts with a BOM");
 * assert.equal(rule.rule, "rejectsBom");
 * assert.match(rule.evidence, /^Codex /);
 * ```
 */
export interface ViewRule {
  /** The rule's name in the client table's `view`. */
  readonly rule: string;
  /** Where the rule comes from (binary version and scenario). */
  readonly evidence: string;
  /** What it did to this skill, in words. */
  readonly reason: string;
  /** For the agent's own settings (rule `settings`): the setting that decided. */
  readonly setting?: SettingEntry;
}

/**
 * A client's view rule cited with its evidence (the source of its table
 * entry, empty when the client has no such rule).
 *
 * @example Usage
 * ```ts
 * import { viewRule } from "./client_view_rule.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * const rules = clientEntry("codex").view ?? {};
 * const rule = viewRule(rules, "maxNameLength", "its name is longer than 64 characters");
 * assert.equal(rule.evidence, rules.maxNameLength?.source);
 * ```
 *
 * @param rules The client's `view` rules.
 * @param key The rule that decided.
 * @param reason What it did, in words.
 * @returns The rule with its evidence.
 */
export function viewRule(
  rules: ClientViewRules,
  key: keyof ClientViewRules,
  reason: string,
): ViewRule {
  return {
    rule: key,
    evidence: (rules[key] as ClientFact<unknown> | undefined)?.source ?? "",
    reason,
  };
}
