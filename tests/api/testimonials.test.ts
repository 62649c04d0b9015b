import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Caller, clientAs, postForm } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

async function freshApi(): Promise<TestApi> {
  const own = await startTestApi();
  onTestFinished(() => own.close());
  return own;
}

const review = "<p>They helped my <strong>whole family</strong>.</p>";

async function createTestimonial(client = admin, body: Record<string, unknown> = {}) {
  const response = await client.post("/api/testimonials", {
    name: "Amara O.",
    score: 5,
    review,
    ...body,
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; name: string; score: number; review: string };
}

describe("guards", () => {
  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses every write to %s with %i and changes nothing",
    async (who, status, message) => {
      const testimonial = await createTestimonial();
      const client = await clientAs(api, who);
      const calls: [string, () => Promise<{ status: number; body: unknown }>][] = [
        ["POST", () => client.post("/api/testimonials", { name: "X", score: 3 })],
        ["POST {id}", () => client.post(`/api/testimonials/${testimonial.id}`, { score: 1 })],
        ["DELETE {id}", () => client.delete(`/api/testimonials/${testimonial.id}`)],
      ];
      for (const [call, send] of calls) {
        const response = await send();
        expect(response.status, call).toBe(status);
        expect(response.body, call).toEqual({ message });
      }
      expect((await api.client().get(`/api/testimonials/${testimonial.id}`)).body).toEqual(
        testimonial,
      );
    },
  );

  it("lets anyone read the list and a testimonial, from any origin", async () => {
    const testimonial = await createTestimonial();
    const visitor = api.client({ origin: null });
    expect((await visitor.get("/api/testimonials")).status).toBe(200);
    expect((await visitor.get(`/api/testimonials/${testimonial.id}`)).body).toEqual(testimonial);
  });
});

describe("GET /api/testimonials", () => {
  it("lists the newest first, 12 a page when asked, as {results, total}", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    for (let n = 1; n <= 14; n += 1)
      await createTestimonial(client, { name: `Person ${n}`, score: (n % 5) + 1 });
    const first = await own.client().get("/api/testimonials?limit=12&page=0");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(14);
    expect(first.body.results).toHaveLength(12);
    expect(first.body.results[0]).toEqual({
      id: expect.any(Number),
      name: "Person 14",
      score: 5,
      review,
    });
    const second = await own.client().get("/api/testimonials?limit=12&page=1");
    expect(second.body.results.map((t: { name: string }) => t.name)).toEqual([
      "Person 2",
      "Person 1",
    ]);
    expect((await own.client().get("/api/testimonials?limit=12&page=2")).body).toEqual({
      results: [],
      total: 14,
    });
  });

  it("finds testimonials by every word of ?q= in the name or the review, in any case (our extension)", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    await createTestimonial(client, { name: "Amara Okafor", review: "<p>Warm and kind.</p>" });
    await createTestimonial(client, { name: "Ben Kind", review: "<p>Helped with 50% of rent</p>" });
    await createTestimonial(client, { name: "Chi Obi", review: "<p>A <em>warm</em> welcome.</p>" });
    const names = async (query: string) => {
      const answer = await own.client().get(`/api/testimonials?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.results.map((t: { name: string }) => t.name);
    };

    expect(await names("q=KIND")).toEqual(["Ben Kind", "Amara Okafor"]);
    expect(await names("q=warm+chi")).toEqual(["Chi Obi"]);
    expect(await names("q=okafor")).toEqual(["Amara Okafor"]);
    expect(await names("q=50%25")).toEqual(["Ben Kind"]);
    expect(await names("q=nobody")).toEqual([]);
    expect(await names("q=+")).toHaveLength(3);
    expect((await own.client().get("/api/testimonials?q=warm&limit=1&page=1")).body).toEqual({
      results: [expect.objectContaining({ name: "Amara Okafor" })],
      total: 2,
    });
    expect((await own.client().get("/api/testimonials?q=%00")).status).toBe(422);
  });

  it("answers an empty list on a site without testimonials", async () => {
    const own = await freshApi();
    expect((await own.client().get("/api/testimonials")).body).toEqual({ results: [], total: 0 });
  });

  it.each([
    ["?limit=0", { limit: ["The limit field must be at least 1."] }],
    ["?page=-1", { page: ["The page field must be at least 0."] }],
    ["?limit=abc", { limit: ["The limit field must be an integer."] }],
  ])("answers 422 to %s", async (query, errors) => {
    const response = await api.client().get(`/api/testimonials${query}`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });
});

describe("GET /api/testimonials/{id}", () => {
  it("answers 404 to an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "99999999999"]) {
      const response = await api.client().get(`/api/testimonials/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
  });
});

describe("POST /api/testimonials", () => {
  it("creates a testimonial and answers 201 with it", async () => {
    const response = await admin.post("/api/testimonials", {
      name: "  Kofi A. ",
      score: 4,
      review,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(Number), name: "Kofi A.", score: 4, review });
    expect((await api.client().get(`/api/testimonials/${response.body.id}`)).body).toEqual(
      response.body,
    );
  });

  it("takes a multipart form, the score as digits", async () => {
    const response = await postForm(admin, "/api/testimonials", {
      name: "Form Person",
      score: "3",
      review: "<p>Good</p>",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Form Person", score: 3, review: "<p>Good</p>" });
  });

  it("sanitizes the review, and takes none as empty", async () => {
    const unsafe = await admin.post("/api/testimonials", {
      name: "Mallory",
      score: 1,
      review:
        '<p onmouseover="steal()">Nice <a href="javascript:steal()">place</a></p><script>steal()</script><iframe src="https://evil.example"></iframe>',
    });
    expect(unsafe.status).toBe(201);
    expect(unsafe.body.review).toBe("<p>Nice <a>place</a></p>");
    const without = await admin.post("/api/testimonials", { name: "Quiet", score: 2 });
    expect(without.body.review).toBe("");
    const nulled = await admin.post("/api/testimonials", { name: "Null", score: 2, review: null });
    expect(nulled.body.review).toBe("");
  });

  it.each([
    ["a score of 0", { score: 0 }, "score", "The score field must be at least 1."],
    ["a score of 6", { score: 6 }, "score", "The score field must not be greater than 5."],
    ['a score of "x"', { score: "x" }, "score", "The score field must be an integer."],
    ["a score of 4.5", { score: 4.5 }, "score", "The score field must be an integer."],
    ['a score of "4.0"', { score: "4.0" }, "score", "The score field must be an integer."],
    ["a score of true", { score: true }, "score", "The score field must be an integer."],
    ["no score", { score: undefined }, "score", "The score field is required."],
    ["an empty score", { score: "" }, "score", "The score field is required."],
    ["a huge score", { score: 1e30 }, "score", "The score field must not be greater than 5."],
    ["no name", { name: undefined }, "name", "The name field is required."],
    ["a blank name", { name: "   " }, "name", "The name field is required."],
    [
      "a name of 256 characters",
      { name: "n".repeat(256) },
      "name",
      "The name field must not be greater than 255 characters.",
    ],
    ["a review that is a number", { review: 5 }, "review", "The review field must be a string."],
    [
      "a review of 20001 characters",
      { review: "r".repeat(20_001) },
      "review",
      "The review field must not be greater than 20000 characters.",
    ],
  ])("answers 422 to %s", async (_case, change, field, message) => {
    const response = await admin.post("/api/testimonials", {
      name: "Someone",
      score: 3,
      review,
      ...change,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it("lists every missing field at once", async () => {
    const response = await admin.post("/api/testimonials", {});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The name field is required. (and 1 more error)",
      errors: { name: ["The name field is required."], score: ["The score field is required."] },
    });
  });
});

describe("POST /api/testimonials/{id} (update)", () => {
  it("saves every field and answers the testimonial", async () => {
    const testimonial = await createTestimonial();
    const response = await admin.post(`/api/testimonials/${testimonial.id}`, {
      name: "Amara Okafor",
      score: "2",
      review: "<p>Changed <em>my mind</em></p><style>p{}</style>",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: testimonial.id,
      name: "Amara Okafor",
      score: 2,
      review: "<p>Changed <em>my mind</em></p>",
      version: 2,
    });
    expect((await api.client().get(`/api/testimonials/${testimonial.id}`)).body).toEqual({
      ...response.body,
      version: undefined,
    });
  });

  it("keeps the fields a save leaves out", async () => {
    const testimonial = await createTestimonial();
    const response = await postForm(admin, `/api/testimonials/${testimonial.id}`, { score: "1" });
    expect(response.body).toEqual({ ...testimonial, score: 1, version: 2 });
  });

  it.each([
    ["a score of 0", { score: 0 }, { score: ["The score field must be at least 1."] }],
    ["a score of 6", { score: 6 }, { score: ["The score field must not be greater than 5."] }],
    ['a score of "x"', { score: "x" }, { score: ["The score field must be an integer."] }],
    ["an empty name", { name: "" }, { name: ["The name field is required."] }],
  ])("answers 422 to %s and keeps the testimonial", async (_case, body, errors) => {
    const testimonial = await createTestimonial();
    const response = await admin.post(`/api/testimonials/${testimonial.id}`, body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
    expect((await api.client().get(`/api/testimonials/${testimonial.id}`)).body).toEqual(
      testimonial,
    );
  });

  it("answers 404 to an unknown id", async () => {
    const response = await admin.post("/api/testimonials/999999", { score: 3 });
    expect(response.status).toBe(404);
  });
});

describe("DELETE /api/testimonials/{id}", () => {
  it("deletes the testimonial: 204, then 404", async () => {
    const testimonial = await createTestimonial();
    const response = await admin.delete(`/api/testimonials/${testimonial.id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await api.client().get(`/api/testimonials/${testimonial.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/testimonials/${testimonial.id}`)).status).toBe(404);
  });
});
