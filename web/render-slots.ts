/**
 * At most `size` pages render at once; the rest wait their turn, first come first served.
 *
 * Rendering is CPU work on one thread: fifty pages begun together finish no sooner than fifty
 * begun in turn, but all fifty hold their half-built trees, loader data and buffers in memory at
 * once, and the garbage collector works through all of it. A few slots keep the core busy while
 * some renders wait on the API.
 */
export class RenderSlots {
  readonly #size: number;
  #busy = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.#busy >= this.#size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy += 1;
    try {
      return await render();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#busy -= 1;
    }
  }
}
