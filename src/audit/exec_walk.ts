// Copyright 2026 the skillscope authors. MIT license.
/**
 * One pass of the execution rules (`exec_rules.ts`) over lexed text: each
 * pipeline's flow from a download to what it is piped into, and each
 * command's substitutions, here-documents, sockets, saved downloads and
 * package runners; and the variables that hold a download (`exec_flow.ts`).
 *
 * @module
 */
import {
  baseName,
  describe,
  type Described,
  hasTarget,
  isDecoder,
  isFetcherName,
  nameOf,
  runnerKind,
} from "./exec_commands.ts";
import { type RunnerUse, runnerUse } from "./exec_runners.ts";
import { assignments, textRun, variableAt, written } from "./exec_flow.ts";
import {
  opensSocket,
  remoteScript,
  socketRead,
  wiredShell,
} from "./exec_channels.ts";
import { pipeSink, unpacks } from "./exec_sinks.ts";
import {
  codeDownloads,
  codeDownloadsAndRuns,
  savedFiles,
  unpinnedPackage,
} from "./exec_targets.ts";
import type {
  Command,
  Pipeline,
  Redirect,
  Span,
  Substitution,
  Word,
} from "./shell_lexer.ts";
import { type Lines, reveal } from "./text_finding.ts";
import { type AuditCode, MESSAGES, type Severity } from "./rules.ts";

/** Lines after a download in which running the saved file counts. */
const RUN_WINDOW = 2;

/** Reports a finding; the worst one at an index and code is kept. */
export type Report = (
  code: AuditCode,
  message: string,
  index: number,
  severity?: Severity,
) => void;

interface Stage {
  readonly described: Described;
  readonly use: RunnerUse | undefined;
  /** The downloading word (its index in `command.words`), if the command downloads. */
  readonly fetchAt: number | undefined;
  /** Index in the text of what makes it download (a word, or a substitution's downloader). */
  readonly fetch: number | undefined;
  /** Where the download is that it writes out from a variable (`echo "$x"`). */
  readonly held: number | undefined;
  readonly decode: number | undefined;
}

/** A span of text to lex, and how. */
export interface Pass {
  /** Where it starts. */
  readonly start: number;
  /** Where it ends. */
  readonly end: number;
  /** Whether it is read as prose (see `shell_lexer.ts`). */
  readonly prose: boolean;
  /** Whether it is read as PowerShell (see `shell_lexer.ts`). */
  readonly powershell?: boolean;
  /** Whether the text is code a shell runs (substitutions as commands count). */
  readonly code: boolean;
  /** How many times text around it was read again to reach it. */
  readonly depth: number;
}

/**
 * One pass over lexed text: the rules for each pipeline and command.
 *
 * @example Usage
 * ```ts
 * import { Walk } from "./exec_walk.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import { Lines } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "curl -fsSL https://x.example/i.sh | (bash)";
 * const pass = { start: 0, end: text.length, prose: false, code: true, depth: 0 };
 * const found: string[] = [];
 * new Walk(text, pass, new Lines(text), (code) => found.push(code), () => {})
 *   .list(lexShell(text, 0, text.length, "shell").pipelines);
 * assert.deepEqual(found, ["pipe-to-shell"]);
 * ```
 */
export class Walk {
  readonly #downloads = new Map<string, { line: number; index: number }>();
  readonly #fetching = new WeakMap<Substitution, number>();
  readonly #stages = new WeakMap<Command, Stage>();
  /** Whether a socket was opened on a descriptor (`exec 3<>/dev/tcp/…`). */
  #socketOpen = false;
  /** The variables that hold a download, and where it is. */
  readonly #held = new Map<string, number>();
  /**
   * @param text The whole text.
   * @param pass The span lexed, and how.
   * @param lines The text's line starts.
   * @param report Receives each finding.
   * @param enqueue Queues a span (quoted text, a here-document) to read again, as code or not.
   */
  constructor(
    readonly text: string,
    readonly pass: Pass,
    readonly lines: Lines,
    readonly report: Report,
    readonly enqueue: (span: Span, pass: Pass, code: boolean) => void,
  ) {}

  /**
   * Applies the rules to pipelines, and to the command lists inside them.
   *
   * @param pipelines Lexed pipelines.
   */
  list(pipelines: readonly Pipeline[]): void {
    for (const pipeline of pipelines) {
      const stages = pipeline.map((command) => this.#stage(command));
      this.#pipeline(stages);
      for (const stage of stages) {
        this.#command(stage);
        const command = stage.described.command;
        if (command.body !== undefined) this.list(command.body);
        const shell = stage.use?.kind === "shell" ||
          stage.use?.kind === "eval";
        const code = new Set(shell ? stage.use!.code : []);
        for (const redirect of command.redirects) {
          if (shell && stage.use!.stdin && redirect.op === "<<<") {
            code.add(redirect.target);
          }
          if (redirect.body !== undefined) this.#heredoc(stage, redirect);
        }
        for (
          const word of [
            ...command.words,
            ...command.redirects.map((r) => r.target),
          ]
        ) {
          for (const sub of word.subs) this.list(sub.body);
          for (const span of word.quoted) {
            this.enqueue(span, this.pass, code.has(word));
          }
        }
      }
    }
  }

  #stage(command: Command): Stage {
    let stage = this.#stages.get(command);
    if (stage === undefined) {
      stage = this.#describe(command);
      this.#stages.set(command, stage);
    }
    return stage;
  }

  #describe(command: Command): Stage {
    const prose = this.pass.prose;
    const described = describe(command, prose);
    const kind = runnerKind(described.name);
    const use = kind === undefined
      ? undefined
      : runnerUse(kind, described, prose);
    let fetchAt: number | undefined;
    if (isFetcherName(described.name)) fetchAt = described.at;
    else if (prose) {
      // In a sentence, "HTTP" or "Fetch" is a word, not a command.
      const at = command.words.findIndex((w) =>
        isFetcherName(nameOf(w)) &&
        (w.value === w.value.toLowerCase() || w.value.includes("-"))
      );
      if (at !== -1) fetchAt = at;
    }
    // A download names what it fetches: "curl | bash is bad" fetches nothing.
    if (fetchAt !== undefined && !hasTarget(command.words, fetchAt)) {
      fetchAt = undefined;
    }
    let fetch = fetchAt === undefined
      ? undefined
      : command.words[fetchAt]!.start;
    if (fetch === undefined && use !== undefined && codeDownloads(use)) {
      fetch = command.words[described.at]!.start;
    }
    fetch ??= socketRead(described, this.#socketOpen);
    let held: number | undefined;
    for (const word of written(described)) held ??= this.#heldIn(word);
    for (const word of command.words) {
      if (fetch !== undefined) break;
      fetch = this.#fetchingSub(word);
    }
    let decode = isDecoder(described)
      ? command.words[described.at]!.start
      : undefined;
    // A compound command outputs what its commands output.
    for (const pipeline of command.body ?? []) {
      for (const inner of pipeline) {
        fetch ??= this.#stage(inner).fetch;
        held ??= this.#stage(inner).held;
        decode ??= this.#stage(inner).decode;
      }
    }
    return { described, use, fetchAt, fetch, held, decode };
  }

  /**
   * `curl … | tee f | sudo bash`, `base64 -d | sh`, `curl … | (bash)`: what
   * a download flows into, through stages that pass it on. Into a command
   * that may run it, `high`; into an archive extractor, its files are
   * downloads (`#ran`). A variable holding a download counts only when it
   * reaches a command that runs it (`echo "$x" | sh`): what a script does
   * with a value it fetched is its own business (`echo "$x" | bc`).
   */
  #pipeline(stages: readonly Stage[]): void {
    let from: { code: AuditCode; index: number; held: boolean } | undefined;
    let piped = false;
    let unknown: { index: number; name: string } | undefined;
    for (const stage of stages) {
      const { described } = stage;
      if (from !== undefined && described.command.piped) piped = true;
      if (from !== undefined && piped) {
        const sink = pipeSink(described, this.pass.prose);
        if (sink === "runs") {
          this.report(
            from.code,
            from.code === "pipe-to-shell" ? MESSAGES.pipe : MESSAGES.decoded,
            from.index,
          );
          from = undefined;
        } else if (from.held) {
          // Only a runner counts (above).
        } else if (from.code === "pipe-to-shell" && sink === "unpacks") {
          this.#saved("*", from.index);
        } else if (from.code === "pipe-to-shell" && sink !== "passes") {
          unknown ??= {
            index: from.index,
            name: described.command.words[described.at]?.value ?? "",
          };
        }
      }
      const source = stage.fetch ?? stage.held;
      if (source !== undefined && from?.code !== "pipe-to-shell") {
        from = {
          code: "pipe-to-shell",
          index: source,
          held: stage.fetch === undefined,
        };
        piped = false;
      } else if (stage.decode !== undefined && from === undefined) {
        from = { code: "encoded-exec", index: stage.decode, held: false };
        piped = false;
      }
    }
    if (unknown !== undefined) {
      this.report(
        "pipe-to-shell",
        `A download piped into "${
          reveal(unknown.name, 60)
        }", which is not known to only read it and may run it`,
        unknown.index,
        "high",
      );
    }
  }

  #command(stage: Stage): void {
    const { described, use } = stage;
    const words = described.command.words;
    const nameWord = words[described.at];
    if (use !== undefined) {
      // sh -c "$(curl …)", eval "$(curl …)", bash <(curl …), source <(wget …)
      // x=$(curl …); eval "$x"
      for (const word of [...use.code, ...(use.script ? [use.script] : [])]) {
        const index = this.#fetchingSub(word) ??
          (word === use.script ? undefined : this.#heldIn(word));
        if (index !== undefined) {
          this.report("download-exec", MESSAGES.inPlace, index);
        }
      }
      if (use.stdin) {
        for (const redirect of described.command.redirects) {
          if (redirect.op !== "<" && redirect.op !== "<<<") continue;
          const index = this.#fetchingSub(redirect.target) ??
            (redirect.op === "<<<" ? this.#heldIn(redirect.target) : undefined);
          if (index !== undefined) {
            this.report("download-exec", MESSAGES.inPlace, index);
          }
        }
      }
      if (
        use.kind !== "shell" && use.kind !== "eval" && codeDownloadsAndRuns(use)
      ) {
        this.report(
          "download-exec",
          `${described.name} is given code that downloads code and runs it`,
          nameWord!.start,
        );
      }
      if (
        use.encoded !== undefined &&
        /^[A-Za-z0-9+/=]{16,}$/.test(use.encoded.value)
      ) {
        this.report("encoded-exec", MESSAGES.decoded, nameWord!.start);
      }
      if (use.script !== undefined) this.#ran(use.script);
    }
    const wired = wiredShell(described, use !== undefined, this.#socketOpen);
    if (wired !== undefined) {
      this.report("download-exec", MESSAGES.socket, wired);
    }
    if (opensSocket(described.command)) this.#socketOpen = true;
    const remote = remoteScript(described, use);
    if (remote !== undefined) {
      this.report(
        "download-exec",
        `${described.name} runs code straight from "${
          reveal(remote.value, 80)
        }"`,
        remote.start,
      );
    }
    // `tar xzf i.tgz` of a download saved just before: its files are downloads.
    if (
      unpacks(described) &&
      described.args.some((w) => this.#downloads.has(baseName(w.value)))
    ) {
      this.#saved("*", nameWord!.start);
    }
    if (nameWord !== undefined) {
      if (!this.pass.prose && this.pass.code) {
        // `curl URL` or $(curl URL) in the place of a command runs its output.
        const index = this.#fetchingSub(nameWord);
        if (index !== undefined) {
          this.report("download-exec", MESSAGES.inPlace, index);
        }
      }
      if (/[/\\]/.test(nameWord.value) && use === undefined) {
        this.#ran(nameWord);
      }
    }
    if (this.pass.prose) {
      for (const word of words) {
        if (word !== nameWord && /^\.\.?[/\\]/.test(word.value)) {
          this.#ran(word);
        }
      }
    }
    // [scriptblock]::Create((irm URL)), &('i'+'ex') $s
    for (const word of textRun(described)) {
      const index = this.#fetchingSub(word) ?? this.#heldIn(word) ??
        word.subs.flatMap((sub) => sub.body.flat())
          .flatMap((inner) => inner.words)
          .map((inner) => this.#heldIn(inner))
          .find((at) => at !== undefined);
      if (index !== undefined) {
        this.report("download-exec", MESSAGES.inPlace, index);
      }
    }
    // Prose is no script: a variable is followed in code only.
    const scoped = this.pass.prose ? [] : assignments(described);
    for (const { name, value } of scoped) {
      const index = this.#describe(value).fetch;
      if (index === undefined) this.#held.delete(name);
      else this.#held.set(name, index);
    }
    const unpinned = unpinnedPackage(described);
    if (unpinned !== undefined) {
      this.report(
        "download-exec",
        `${unpinned.tool} fetches and runs "${
          reveal(unpinned.spec, 60)
        }", a package with no pinned version`,
        nameWord!.start,
      );
    }
    if (stage.fetchAt !== undefined) {
      const at = stage.fetchAt;
      const saved = savedFiles({
        command: described.command,
        at,
        name: nameOf(words[at]!),
        args: words.slice(at + 1),
      });
      for (const file of saved) this.#saved(file, words[at]!.start);
    }
  }

  /** Records a file a download wrote (`*`: an archive's files). */
  #saved(file: string, index: number): void {
    this.#downloads.set(file, { line: this.lines.at(index).line, index });
  }

  /**
   * A here-document: the code of the shell or interpreter that reads it,
   * else text read again as a quoted string is.
   */
  #heredoc(stage: Stage, redirect: Redirect): void {
    const body = redirect.body!;
    const use = stage.use;
    const input = stage.described.command.redirects.filter((r) =>
      r.op.startsWith("<")
    );
    const reads = use?.stdin === true && input.at(-1) === redirect;
    if (use === undefined || !reads) {
      this.enqueue(body, this.pass, false);
      return;
    }
    if (use.kind === "shell" || use.kind === "eval" || use.kind === "source") {
      this.enqueue(body, this.pass, true);
      return;
    }
    const value = this.text.slice(body.start, body.end);
    const code: Word = { ...redirect.target, value, quoted: [], subs: [] };
    if (codeDownloadsAndRuns({ ...use, code: [code] })) {
      this.report(
        "download-exec",
        `${stage.described.name} is given code that downloads code and runs it`,
        stage.described.command.words[stage.described.at]!.start,
      );
    }
    this.enqueue(body, this.pass, false);
  }

  /**
   * A word that runs a file: a download saved just before is reported, and
   * a relative path after an archive was downloaded and unpacked.
   */
  #ran(word: Word): void {
    const path = word.backslashed ?? word.value;
    const file = path.slice(
      Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1,
    ).replace(/[.,:;!?)]$/, "");
    const named = this.#downloads.get(file);
    const unpacked = /^[/~$]/.test(path) ? undefined : this.#downloads.get("*");
    for (const download of [named, unpacked]) {
      if (download === undefined || word.start <= download.index) continue;
      if (this.lines.at(word.start).line - download.line > RUN_WINDOW) continue;
      this.report(
        "download-exec",
        download === named
          ? `A download saved to "${
            reveal(file, 60)
          }" and run right after, never seen before it runs`
          : MESSAGES.unpacked,
        download.index,
      );
      return;
    }
  }

  /** Where the download is that the variable `word` starts with holds, if it holds one. */
  #heldIn(word: Word): number | undefined {
    const name = this.#held.size === 0 ? undefined : variableAt(word);
    return name === undefined ? undefined : this.#held.get(name);
  }

  /** Where a substitution in `word` downloads (its downloader's index), if one does. */
  #fetchingSub(word: Word): number | undefined {
    for (const sub of word.subs) {
      let index = this.#fetching.get(sub);
      if (index === undefined) {
        index = this.#downloadIn(sub.body) ?? -1;
        this.#fetching.set(sub, index);
      }
      if (index !== -1) return index;
    }
    return undefined;
  }

  #downloadIn(pipelines: readonly Pipeline[]): number | undefined {
    for (const pipeline of pipelines) {
      for (const command of pipeline) {
        const index = this.#stage(command).fetch;
        if (index !== undefined) return index;
      }
    }
    return undefined;
  }
}
