import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContractTarget, openContractTarget } from "../support/contract-target.ts";

/**
 * The contact calls of the web tier. Against a Laravel backend only the refused message is sent
 * (a sent one would reach the foundation's inbox); the embedded API takes a real one too.
 */
let target: ContractTarget;

beforeAll(async () => {
  target = await openContractTarget();
});
afterAll(async () => {
  await target?.close();
});

async function visitor() {
  const client = target.client();
  await client.csrf();
  return client;
}

describe("contract: contact form", () => {
  it("POST /api/contact with bad fields answers 422 with the first error per field", async () => {
    const response = await (
      await visitor()
    ).post("/api/contact", {
      name: "",
      telephone: "",
      email: "not an address",
      message: "",
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toEqual(expect.any(String));
    for (const field of ["name", "email", "message"])
      expect(response.body.errors[field]?.[0], field).toEqual(expect.any(String));
  });

  it("POST /api/contact {name, telephone, email, message} answers 201 with the success text", async () => {
    if (!target.embedded) return;
    const response = await (
      await visitor()
    ).post("/api/contact", {
      name: "Contract Visitor",
      telephone: "",
      email: "contract-visitor@example.org",
      message: "Sent by the contract suite.",
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: "Your message was sent successfully" });
  });
});

describe("contract: contact messages (our extension)", () => {
  it("GET /api/contact-messages answers a page of messages, or 404 where the backend lacks it", async () => {
    if (target.embedded)
      await (
        await visitor()
      ).post("/api/contact", {
        name: "Listed Visitor",
        email: "listed-visitor@example.org",
        message: "To be listed.",
      });
    const admin = await target.signedInAdmin();
    const response = await admin.get("/api/contact-messages?page=0&limit=24");
    if (!target.embedded && response.status === 404) return;
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: expect.any(Array), total: expect.any(Number) });
    for (const message of response.body.results)
      expect(message).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        email: expect.any(String),
        message: expect.any(String),
        created_at: expect.any(String),
      });
    if (target.embedded) expect(response.body.total).toBeGreaterThanOrEqual(1);
  });
});
