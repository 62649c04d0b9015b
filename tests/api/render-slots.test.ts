import { describe, expect, it } from "vitest";
import pLimit from "p-limit";

// web/host.ts renders at most 8 pages at once with p-limit (record 038, which replaced our own
// RenderSlots class): the properties the host relies on.

/** A render the test finishes by hand. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

/** Lets every promise callback that can run, run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("render slots", () => {
  it("runs at most `size` renders at once and starts the others in the order they came", async () => {
    const slots = pLimit(2);
    const renders = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = renders.map((render, i) =>
      slots(async () => {
        started.push(i);
        await render.done;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);

    renders[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);

    renders[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);

    renders[2]!.finish();
    renders[3]!.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
  });

  it("gives a failed render's slot to the next one and passes the failure on", async () => {
    const slots = pLimit(1);
    const first = deferred();
    const failing = slots(() => first.done);
    const next = slots(async () => "rendered");
    first.fail(new Error("the API is down"));
    await expect(failing).rejects.toThrow("the API is down");
    await expect(next).resolves.toBe("rendered");
  });

  it("frees every slot once the renders are done", async () => {
    const slots = pLimit(2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => slots(async () => n)));
    const renders = [deferred(), deferred()];
    const started: number[] = [];
    const both = renders.map((render, i) =>
      slots(async () => {
        started.push(i);
        await render.done;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    for (const render of renders) render.finish();
    await Promise.all(both);
  });
});
