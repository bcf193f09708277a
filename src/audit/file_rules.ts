// Copyright 2026 the skillscope authors. MIT license.
/**
 * The audit rules that look at a file as bytes: bundled executables
 * (ELF, Mach-O, PE), archives, executable bits outside `scripts/`, and size.
 *
 * @module
 */
import type { AuditFinding } from "./rules.ts";

const startsWith = (bytes: Uint8Array, ...magic: number[]): boolean =>
  magic.every((byte, i) => bytes[i] === byte);

/**
 * The kind of executable `head` starts with, if any.
 *
 * @param head The first bytes of a file (at least 512 when it is that long).
 * @returns `"ELF"`, `"Mach-O"`, `"PE"`, or `undefined`.
 */
export function executableKind(head: Uint8Array): string | undefined {
  if (startsWith(head, 0x7f, 0x45, 0x4c, 0x46)) return "ELF";
  if (
    startsWith(head, 0xfe, 0xed, 0xfa, 0xce) ||
    startsWith(head, 0xfe, 0xed, 0xfa, 0xcf) ||
    startsWith(head, 0xce, 0xfa, 0xed, 0xfe) ||
    startsWith(head, 0xcf, 0xfa, 0xed, 0xfe) ||
    startsWith(head, 0xca, 0xfe, 0xba, 0xbe)
  ) return "Mach-O";
  if (startsWith(head, 0x4d, 0x5a) && head.length >= 0x40) {
    // MZ, then the PE header where e_lfanew points.
    const offset = head[0x3c]! | (head[0x3d]! << 8) | (head[0x3e]! << 16) |
      (head[0x3f]! << 24);
    if (
      offset >= 0x40 && offset + 4 <= head.length &&
      startsWith(head.subarray(offset), 0x50, 0x45, 0x00, 0x00)
    ) return "PE";
  }
  return undefined;
}

/**
 * The kind of archive `head` starts with, if any.
 *
 * @param head The first bytes of a file (at least 262 when it is that long).
 * @returns `"zip"`, `"gzip"`, `"tar"`, …, or `undefined`.
 */
export function archiveKind(head: Uint8Array): string | undefined {
  if (
    startsWith(head, 0x50, 0x4b, 0x03, 0x04) ||
    startsWith(head, 0x50, 0x4b, 0x05, 0x06)
  ) return "zip";
  if (startsWith(head, 0x1f, 0x8b)) return "gzip";
  if (startsWith(head, 0x42, 0x5a, 0x68)) return "bzip2";
  if (startsWith(head, 0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return "xz";
  if (startsWith(head, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return "7z";
  if (startsWith(head, 0x52, 0x61, 0x72, 0x21, 0x1a, 0x07)) return "rar";
  if (startsWith(head.subarray(257), 0x75, 0x73, 0x74, 0x61, 0x72)) {
    return "tar";
  }
  return undefined;
}

/**
 * Whether `bytes` look like text: no NUL byte and valid UTF-8.
 *
 * @param bytes The bytes.
 * @returns `true` for text.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    // A multi-byte character cut at the end of a head is still text.
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(
        bytes.subarray(0, Math.max(0, bytes.length - 3)),
      );
      return bytes.length > 3;
    } catch {
      return false;
    }
  }
}

/**
 * Runs the byte rules over one file.
 *
 * @param head The first bytes of the file (up to 512).
 * @param info The file's stat.
 * @param file Its absolute path, its path relative to the skill (`/`
 *   separators), and whether it is text (read whole, in windows of the limit).
 * @param maxFileBytes The size limit.
 * @param push Receives each finding.
 */
export function auditFileBytes(
  head: Uint8Array,
  info: Deno.FileInfo,
  file: { path: string; rel: string; isText?: boolean },
  maxFileBytes: number,
  push: (finding: AuditFinding) => void,
): void {
  const executable = executableKind(head);
  if (executable !== undefined) {
    push({
      code: "binary-file",
      severity: "high",
      message: `A bundled ${executable} executable`,
      path: file.path,
    });
  }
  const archive = archiveKind(head);
  if (archive !== undefined) {
    push({
      code: "archive-file",
      severity: "medium",
      message: `A ${archive} archive; what it holds is not audited`,
      path: file.path,
    });
  }
  if (
    info.mode !== null && (info.mode & 0o111) !== 0 &&
    !file.rel.startsWith("scripts/")
  ) {
    push({
      code: "executable-outside-scripts",
      severity: "medium",
      message: `Executable (mode ${
        (info.mode & 0o777).toString(8)
      }) outside scripts/`,
      path: file.path,
    });
  }
  if (info.size > maxFileBytes) {
    push({
      code: "large-file",
      severity: "low",
      message: file.isText === true
        ? `${info.size} bytes, over the ${maxFileBytes}-byte limit: audited whole, in windows of that size`
        : `${info.size} bytes, over the ${maxFileBytes}-byte limit: only the first ${maxFileBytes} bytes were audited`,
      path: file.path,
    });
  }
}
