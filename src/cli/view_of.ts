// Copyright 2026 the skillscope authors. MIT license.
/**
 * The one `--client` view a command shows, loaded only when the default
 * roots are used (a `--root` listing needs none of the client views).
 *
 * @module
 */
import { hasClientView } from "../clients/client_profile.ts";
import { clientView, viewedDiscovery } from "../clients/client_view.ts";
import type { SkillOverride, SkillPolicy } from "../serve/policy.ts";
import type { Discovery, Skill } from "../shared/types.ts";
import { agentNamed } from "./client_options.ts";
import type { RootSelection } from "./root_options.ts";
import type { RootValues } from "./root_option_defs.ts";

/**
 * The one client whose view a listing takes: the `--client` named alone, when
 * the client table has measured view rules for it and no root was named.
 *
 * @param values Parsed option values.
 * @param selection What the root options selected.
 * @returns The client's table name, or `undefined`.
 */
export function viewClient(
  values: Pick<RootValues, "client">,
  selection: RootSelection,
): string | undefined {
  const named = [...new Set((values.client ?? []).map(agentNamed))];
  if (selection.defaults === undefined || named.length !== 1) return undefined;
  return hasClientView(named[0]!) ? named[0] : undefined;
}

/**
 * A discovery as the one `--client` sees it (see `client_view.ts`), or as
 * found when there is no such client.
 *
 * @param found The discovery.
 * @param client The client (from {@linkcode viewClient}).
 * @param selection What the root options selected (its default roots).
 * @param overrides The user's overrides.
 * @returns The discovery to show, each skill's policy for the client, and
 *   each shown skill's discovered original.
 */
export async function viewOf(
  found: Discovery,
  client: string | undefined,
  selection: RootSelection,
  overrides: readonly SkillOverride[],
): Promise<{
  readonly discovery: Discovery;
  readonly policies?: ReadonlyMap<Skill, SkillPolicy>;
  readonly original?: ReadonlyMap<Skill, Skill>;
}> {
  if (client === undefined) return { discovery: found };
  const view = await clientView(client, found, {
    overrides,
    roots: selection.defaults?.roots ?? [],
    context: selection.defaults?.context,
  });
  return viewedDiscovery(found, view);
}
