import { describe, expect, it } from "vitest";
import { moved, orderedOver } from "../../app/lib/admin-lists.server.ts";

describe("an order posted from a screen drawn before a colleague's change", () => {
  it("is the posted order when the list is as it was drawn", () => {
    expect(orderedOver([1, 2, 3], [3, 1, 2])).toEqual([3, 1, 2]);
  });

  it("keeps an item added meanwhile where it is", () => {
    // Drawn as 1 2 3; a colleague added 4 at the end, then the screen put 3 first.
    expect(orderedOver([1, 2, 3, 4], [3, 1, 2])).toEqual([3, 1, 2, 4]);
    // Added at the start of a newest-first list.
    expect(orderedOver([9, 1, 2, 3], [2, 1, 3])).toEqual([9, 2, 1, 3]);
  });

  it("leaves out an item removed meanwhile", () => {
    expect(orderedOver([1, 3], [3, 2, 1])).toEqual([3, 1]);
    expect(orderedOver([5], [1, 2])).toEqual([5]);
  });

  it("reads an id posted twice once", () => {
    expect(orderedOver([1, 2, 3], [2, 2, 1])).toEqual([2, 1, 3]);
  });

  it("moves an item that is there, and has no move for one that is gone", () => {
    expect(moved([1, 2, 3], 2, "earlier")).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 3, "later")).toEqual([1, 2, 3]);
    expect(moved([1, 3], 2, "earlier")).toBeNull();
  });
});
