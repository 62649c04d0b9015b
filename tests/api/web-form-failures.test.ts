// A unit test of how the web tier shows a failed save (app/lib/api.server.ts); like
// web-safe-redirect.test.ts it lives in the api project, the one vitest runs, and needs no API.
import { describe, expect, it } from "vitest";
import { formFailureFrom, type ApiResult } from "../../app/lib/api.server.ts";

function failed(status: number, body: unknown): ApiResult {
  return { ok: false, status, body, headers: new Headers() };
}

describe("formFailureFrom", () => {
  it("puts a 413 under the image (spec §5), whatever the backend says with it", () => {
    for (const body of [
      null,
      "Payload Too Large",
      { message: "The image you have uploaded is too large" },
    ]) {
      expect(formFailureFrom(failed(413, body))).toEqual({
        status: 413,
        formError: "The image you have uploaded is too large",
        fieldErrors: { image: ["The image you have uploaded is too large"] },
      });
    }
  });

  it("shows a request that was too large for another reason as the form's message", () => {
    expect(formFailureFrom(failed(413, { message: "The request is too large." }))).toEqual({
      status: 413,
      formError: "The request is too large.",
      fieldErrors: {},
    });
  });

  it("puts a 422's errors under their fields and its message on the form", () => {
    const body = {
      message: "The name field is required.",
      errors: { name: ["The name field is required."] },
    };
    expect(formFailureFrom(failed(422, body))).toEqual({
      status: 422,
      formError: "The name field is required.",
      fieldErrors: { name: ["The name field is required."] },
    });
  });
});
