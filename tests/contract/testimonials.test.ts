import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContractTarget, openContractTarget } from "../support/contract-target.ts";
import type { HttpClient } from "../support/http-client.ts";

/** The testimonial calls of the web tier; what they create is deleted again. */
let target: ContractTarget;
let admin: HttpClient;
const created: number[] = [];

beforeAll(async () => {
  target = await openContractTarget();
  admin = await target.signedInAdmin();
});
afterAll(async () => {
  for (const id of created) await admin?.delete(`/api/testimonials/${id}`);
  await target?.close();
});

function expectTestimonial(testimonial: any) {
  expect(testimonial).toMatchObject({
    id: expect.any(Number),
    name: expect.any(String),
    score: expect.any(Number),
  });
  expect(testimonial).toHaveProperty("review");
}

describe("contract: testimonials", () => {
  it("GET /api/testimonials?limit=12&page=0 answers results and total", async () => {
    const response = await target.client().get("/api/testimonials?limit=12&page=0");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: expect.any(Array), total: expect.any(Number) });
    expect(response.body.results.length).toBeLessThanOrEqual(12);
    for (const testimonial of response.body.results) expectTestimonial(testimonial);
  });

  it("creates, reads, updates and deletes a testimonial", async () => {
    const response = await admin.post("/api/testimonials", {
      name: "Contract Reviewer",
      score: 4,
      review: "<p>Written by the contract suite.</p>",
    });
    expect(response.status).toBe(201);
    expectTestimonial(response.body);
    const id = response.body.id;
    created.push(id);

    const read = await admin.get(`/api/testimonials/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, name: "Contract Reviewer", score: 4 });
    expect(read.body.review).toContain("Written by the contract suite.");

    const updated = await admin.post(`/api/testimonials/${id}`, {
      name: "Contract Reviewer",
      score: 5,
      review: "<p>Changed by the contract suite.</p>",
    });
    expect(updated.status).toBe(200);
    expect((await admin.get(`/api/testimonials/${id}`)).body).toMatchObject({ score: 5 });

    expect((await admin.delete(`/api/testimonials/${id}`)).status).toBeLessThan(300);
    expect((await admin.get(`/api/testimonials/${id}`)).status).toBe(404);
  });

  it.each([0, 6, "x"])(
    "POST /api/testimonials with score %j answers 422 under score",
    async (score) => {
      const response = await admin.post("/api/testimonials", {
        name: "Refused",
        score,
        review: "",
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.score[0]).toEqual(expect.any(String));
    },
  );

  it("POST /api/testimonials without a name answers 422 under name", async () => {
    const response = await admin.post("/api/testimonials", { name: "", score: 3, review: "" });
    expect(response.status).toBe(422);
    expect(response.body.errors.name[0]).toEqual(expect.any(String));
  });
});
