// Copyright 2026 the skillscope authors. MIT license.
/**
 * A bound on tasks in flight: each task holds memory while it runs (a
 * download and its unpacked files, an artifact being packed), so only a
 * few run at a time and the others wait their turn, in order.
 *
 * @module
 */

/**
 * Runs at most `max` tasks at a time; the others wait, first come first
 * served.
 *
 * @example At most one task at a time
 * ```ts
 * import assert from "node:assert/strict";
 * import { TaskLimit } from "./task_limit.ts";
 *
 * const limit = new TaskLimit(1);
 * let running = 0;
 * let most = 0;
 * const task = async (): Promise<void> => {
 *   most = Math.max(most, ++running);
 *   await new Promise((resolve) => setTimeout(resolve, 5));
 *   running--;
 * };
 * await Promise.all([limit.run(task), limit.run(task), limit.run(task)]);
 * assert.equal(most, 1);
 * ```
 */
export class TaskLimit {
  readonly #max: number;
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  /**
   * Constructs a new instance.
   *
   * @param max Most tasks running at once (at least 1).
   */
  constructor(max: number) {
    this.#max = Math.max(1, max);
  }

  /**
   * How many tasks run now.
   *
   * @returns The count.
   */
  get running(): number {
    return this.#running;
  }

  /**
   * Runs `task` once fewer than `max` others run.
   *
   * @typeParam T What the task gives.
   * @param task The task.
   * @returns What it gives.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#max) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else this.#running++;
    try {
      return await task();
    } finally {
      // The turn passes straight to the next task: `running` stays counted.
      const next = this.#waiting.shift();
      if (next !== undefined) next();
      else this.#running--;
    }
  }
}
