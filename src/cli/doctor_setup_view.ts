// Copyright 2026 the skillscope authors. MIT license.
/**
 * The whole-setup `doctor` for people: the agents, their roots, every skill
 * with who sees it and why not (the reason column wraps at the terminal's
 * width instead of being cut), then each problem with its next step.
 * Plain text: no colour.
 *
 * @module
 */
import { clientProfile } from "../clients/client_profile.ts";
import { field } from "./io.ts";
import { outputWidth, renderTable } from "./table.ts";
import { renderWrappedTable } from "./wrapped_table.ts";
import type { SetupReport } from "./doctor_setup.ts";

/**
 * The report as text.
 *
 * @param report The report.
 * @returns The lines, each ending in `\n`.
 */
export function setupText(report: SetupReport): string {
  const label = (client: string) => clientProfile(client).label;
  const width = outputWidth();
  const parts: string[] = [];
  parts.push(
    report.agents.length === 0
      ? "Agents: none found on this machine\n"
      : `Agents: ${
        report.agents.map((a) =>
          a.path === undefined ? a.label : `${a.label} (${field(a.path)})`
        ).join(", ")
      }\n`,
  );
  parts.push(
    renderTable(
      ["ROOT", "SCOPE", "READ BY", "SKILLS"],
      report.roots.map((r) => [
        field(r.path),
        r.scope,
        r.clients.length === 0 ? "-" : r.clients.map(label).join(", "),
        r.exists ? String(r.skills) : "missing",
      ]),
      width === undefined ? {} : { width, drop: 0 },
    ),
  );
  if (report.skills.length === 0) {
    parts.push("No skills in these roots\n");
  } else {
    const rows = report.skills.map((s) => {
      const why = s.skipped !== undefined ? [`skipped: ${s.skipped}`] : [
        ...s.notSeenBy.map((n) => `${label(n.client)}: ${n.reasons[0] ?? ""}`),
        ...s.maybe.map((n) =>
          `${label(n.client)} (not known): ${n.reasons[0] ?? ""}`
        ),
        ...(s.shadowed ?? []).map((h) =>
          `${h.clients.map(label).join(", ")}: ${h.dir} is shadowed by ${h.by}`
        ),
      ];
      return [
        field(s.name),
        s.scopes.join(", "),
        s.seenBy.length === 0 ? "-" : s.seenBy.map(label).join(", "),
        s.notSeenBy.length === 0
          ? "-"
          : s.notSeenBy.map((n) => label(n.client)).join(", "),
        field(why.join("; ")),
      ];
    });
    parts.push(
      renderWrappedTable(
        ["SKILL", "SCOPE", "SEEN BY", "NOT SEEN BY", "WHY"],
        rows,
        width === undefined ? {} : { width },
      ),
    );
  }
  const count = report.problems.length;
  if (count === 0) {
    parts.push("No problems found\n");
  } else {
    const lines = [`${count} problem${count === 1 ? "" : "s"}:`];
    for (const p of report.problems) {
      lines.push(
        `- ${p.level === "warning" ? "warning: " : ""}${
          p.skill === undefined ? "" : `${field(p.skill)}: `
        }${field(p.message)}`,
      );
      lines.push(`  next: ${field(p.next)}`);
    }
    parts.push(`${lines.join("\n")}\n`);
  }
  return parts.join("\n");
}
