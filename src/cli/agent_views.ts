// Copyright 2026 the skillscope authors. MIT license.
/**
 * Each agent's view of its own default roots: the roots of that agent alone
 * discovered (the scan cache makes a root already read a hit) and its
 * client view applied, exactly what `list --client X` shows. `doctor`,
 * `install --client` and the listings that say which agents see a skill
 * (`list`'s AGENTS column and `"agents"`) all read it, so none can
 * contradict `list --client X`.
 *
 * @module
 */
import { discover } from "../discover/discover.ts";
import { type ClientView, clientView } from "../clients/client_view.ts";
import type { SkillOverride } from "../serve/policy.ts";
import type { Diagnostic } from "../shared/types.ts";
import { type RootSelection, rootSelection } from "./root_options.ts";
import type { RootValues } from "./root_option_defs.ts";

/** A client's view of its own roots, as `list --client X` computes it. */
export interface ListedView {
  readonly view: ClientView;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The view `list --client X` shows, with the discovery's diagnostics.
 *
 * @param client The client's table name.
 * @param overrides The user's overrides.
 * @param values `--no-project`, `--include` and `--exclude`, as given.
 * @returns The view.
 */
export async function listedView(
  client: string,
  overrides: readonly SkillOverride[],
  values: Partial<Pick<RootValues, "no-project" | "include" | "exclude">> = {},
): Promise<ListedView> {
  const selection = await rootSelection(
    { ...values, client: [client] } as RootValues,
  );
  const found = await discover({ ...selection.options, readAhead: true });
  const view = await clientView(client, found, {
    overrides,
    roots: selection.defaults?.roots ?? [],
    context: selection.defaults?.context,
  });
  return { view, diagnostics: found.diagnostics };
}

/**
 * The view of each agent whose roots the selection's default roots hold
 * (the shared `.agents/skills` convention is not an agent).
 *
 * @param values The `--no-project`, `--include` and `--exclude` options given.
 * @param selection The default roots selected.
 * @param overrides The user's overrides.
 * @returns Each agent's table name and view, in the roots' order.
 */
export async function agentViews(
  values: Partial<Pick<RootValues, "no-project" | "include" | "exclude">>,
  selection: RootSelection,
  overrides: readonly SkillOverride[],
): Promise<{ readonly name: string; readonly view: ClientView }[]> {
  const names = [
    ...new Set(selection.defaults?.roots.flatMap((root) => root.clients)),
  ].filter((name) => name !== "agents");
  const views: { name: string; view: ClientView }[] = [];
  for (const name of names) {
    const listed = await listedView(name, overrides, {
      "no-project": values["no-project"],
      include: values.include,
      exclude: values.exclude,
    });
    views.push({ name, view: listed.view });
  }
  return views;
}
