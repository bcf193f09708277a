// Copyright 2026 the skillscope authors. MIT license.
/**
 * Each agent's view of its own default roots, for the listings that say
 * which agents see a skill (`list`'s AGENTS column and `"agents"`): the
 * agent's roots alone are discovered (the scan cache makes a root read for
 * the whole listing a hit) and its client view applied, so the column
 * answers from the same rules as `list --client X`.
 *
 * @module
 */
import { discover } from "../discover/discover.ts";
import { rootSources } from "../clients/root_sources.ts";
import { type ClientView, clientView } from "../clients/client_view.ts";
import type { SkillOverride } from "../serve/policy.ts";
import { defaultRootsFrom, type RootSelection } from "./root_options.ts";
import type { RootValues } from "./root_option_defs.ts";

/**
 * The view of each agent whose roots the selection's default roots hold
 * (the shared `.agents/skills` convention is not an agent).
 *
 * @param values The `--client` and `--no-project` options given.
 * @param selection The default roots selected (and the filters).
 * @param overrides The user's overrides.
 * @returns Each agent's table name and view, in the roots' order.
 */
export async function agentViews(
  values: Pick<RootValues, "client" | "no-project">,
  selection: RootSelection,
  overrides: readonly SkillOverride[],
): Promise<{ readonly name: string; readonly view: ClientView }[]> {
  const names = [
    ...new Set(selection.defaults?.roots.flatMap((root) => root.clients)),
  ].filter((name) => name !== "agents");
  const views: { name: string; view: ClientView }[] = [];
  for (const name of names) {
    const own = defaultRootsFrom({
      client: [name],
      "no-project": values["no-project"],
    });
    const found = await discover({
      ...selection.options,
      sources: rootSources(own),
    });
    views.push({
      name,
      view: await clientView(name, found, {
        overrides,
        roots: own.roots,
        context: own.context,
      }),
    });
  }
  return views;
}
