import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../fixtures/images.ts";
import { type ContractTarget, openContractTarget } from "../support/contract-target.ts";
import { multipart } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";

/**
 * The admin widget calls of the web tier. The contract has no call to delete a widget, so against
 * a Laravel backend only the reads and a refused create run (on a site with at least one widget);
 * the embedded API creates and saves widgets too.
 */
let target: ContractTarget;
let admin: HttpClient;

beforeAll(async () => {
  target = await openContractTarget();
  admin = await target.signedInAdmin();
  if (target.embedded) await admin.post("/api/widgets", { name: "HomeText" });
});
afterAll(async () => {
  await target?.close();
});

function expectWidget(widget: any) {
  expect(widget).toMatchObject({
    id: expect.any(Number),
    name: expect.any(String),
    type: expect.stringMatching(/^(TEXT|IMAGE)$/),
  });
  expect(widget).toHaveProperty("html");
  expect(widget).toHaveProperty("image_url");
  expect(widget).toHaveProperty("alt");
}

/** The list as `{results}` (ours) or a bare array. */
const listOf = (body: any): any[] => (Array.isArray(body) ? body : body.results);

describe("contract: admin widgets", () => {
  it("GET /api/widgets lists the widgets; GET /api/widgets/{id} answers one", async () => {
    const response = await admin.get("/api/widgets");
    expect(response.status).toBe(200);
    const widgets = listOf(response.body);
    expect(widgets.length).toBeGreaterThan(0);
    for (const widget of widgets) expectWidget(widget);
    const byId = await admin.get(`/api/widgets/${widgets[0].id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: widgets[0].id, name: widgets[0].name });
  });

  it("POST /api/widgets with a name already taken answers 422 under name", async () => {
    const [widget] = listOf((await admin.get("/api/widgets")).body);
    const response = await admin.post("/api/widgets", { name: widget.name, type: "TEXT" });
    expect(response.status).toBe(422);
    expect(response.body.errors.name[0]).toEqual(expect.any(String));
  });

  it("POST /api/widgets {name, type} creates; POST /api/widgets/{id} saves text and picture", async () => {
    if (!target.embedded) return;
    const name = `Contract_${randomBytes(4).toString("hex")}`;
    const created = await admin.post("/api/widgets", { name, type: "TEXT" });
    expect(created.status).toBe(201);
    expectWidget(created.body);

    const text = await admin.request("POST", `/api/widgets/${created.body.id}`, {
      form: multipart({ name, type: "TEXT", html: "<p>Saved by contract</p>", alt: "" }),
    });
    expect(text.status).toBe(200);
    expect((await target.client().get(`/api/widgets/${name}`)).body.html).toBe(
      "<p>Saved by contract</p>",
    );

    const picture = await admin.request("POST", `/api/widgets/${created.body.id}`, {
      form: multipart({
        name,
        type: "IMAGE",
        alt: "A picture",
        file: ["picture.png", await makeImage("png", 60, 40)],
      }),
    });
    expect(picture.status).toBe(200);
    expect(picture.body).toMatchObject({ type: "IMAGE", alt: "A picture" });
    expect(picture.body.image_url).toEqual(expect.any(String));
  });
});
