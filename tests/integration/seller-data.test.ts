/**
 * The seller's legal identity in one place (issue 13): the public pages never
 * show a placeholder, they state what is known and change as soon as the owner
 * saves the data in Gestión (the cached pages follow the content version);
 * /gestion/datos-fiscales is the owner's, validates the NIF and is audited; a
 * bad SELLER_NIF stops the start. Also the buyer's own invoice download.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { createDb, inTransaction, type Db } from "~/db/db.server.ts";
import { issueOrderInvoice } from "~/invoices/issue.server.ts";
import { buyerInvoicePdf } from "~/invoices/queries.server.ts";
import { readSeller, saveSeller } from "~/invoices/seller.server.ts";
import { loadSellerPage, saveSellerPage } from "~/routes/gestion.datos-fiscales.server.ts";
import { formRequest, makeUser } from "../helpers/accounts.ts";
import { TEST_SELLER } from "../helpers/invoices.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";
import { insertCourse, insertOrder, payOrder, staffContext, statusOf } from "./staff-orders-fixtures.ts";

const SELLER = TEST_SELLER;

describe("seller data on the public pages (HTTP, SQLite)", () => {
  let server: RunningServer;
  let db: Db;
  beforeAll(async () => {
    server = await startServer({}, { seed: false });
    db = createDb(`file:${server.dataDir}/salon.db`);
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
  });

  it("states only what is known, never a placeholder, and shows the owner's data once saved", async () => {
    for (const path of ["/aviso-legal", "/privacy"]) {
      const html = await (await fetch(server.url + path)).text();
      expect(html).not.toMatch(/pendiente de completar|\[TITULAR|Aviso para la propietaria/i);
      expect(html).toContain("Nombre comercial");
      expect(html).not.toContain("12345678Z");
    }
    await saveSeller(
      db,
      { id: null, email: "cli" },
      { ...SELLER, registry: "Registro Mercantil de Barcelona, tomo 1, folio 2" },
      {},
    );
    const aviso = await (await fetch(server.url + "/aviso-legal")).text();
    expect(aviso).toContain("Alejandra Ruiz García");
    expect(aviso).toContain("12345678Z");
    expect(aviso).toContain("Carrer Major 12, 08750 Molins de Rei (Barcelona)");
    expect(aviso).toContain("Registro Mercantil de Barcelona");
    const privacy = await (await fetch(server.url + "/privacy")).text();
    expect(privacy).toContain("Alejandra Ruiz García");
  });
});

describe("a bad seller NIF in the configuration", () => {
  it("stops the start with one line naming the variable", () => {
    expect(() => loadConfig({ DATA_DIR: "/tmp/an-seller", SELLER_NIF: "12345678A" })).toThrow(/SELLER_NIF: .*control/);
    expect(loadConfig({ DATA_DIR: "/tmp/an-seller", SELLER_NIF: "12.345.678-z" }).seller).toEqual({ nif: "12345678Z" });
  });
});

describe.each(dbKinds)("/gestion/datos-fiscales on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("is the owner's: staff and customers get 403", async () => {
    const staff = await staffContext(t.db, kind, `equipo.fiscal.${kind}@example.com`, "staff");
    const request = new Request("http://localhost/gestion/datos-fiscales");
    expect(await statusOf(() => loadSellerPage(request, staff.context))).toBe(403);
    const post = formRequest("http://localhost/gestion/datos-fiscales", { ...SELLER });
    expect(await statusOf(() => saveSellerPage(post, staff.context))).toBe(403);
  });

  it("lists what invoices wait for, refuses a wrong NIF keeping the values, saves with an audit entry", async () => {
    const owner = await staffContext(t.db, kind, `duena.fiscal.${kind}@example.com`, "owner");
    const page = await loadSellerPage(new Request("http://localhost/gestion/datos-fiscales"), owner.context);
    expect(page.missing).toEqual(["legalName", "nif", "address", "postalCode", "city", "province"]);

    const bad = await saveSellerPage(
      formRequest("http://localhost/gestion/datos-fiscales", { ...SELLER, nif: "12345678A", postalCode: "8750" }),
      owner.context,
    );
    const badBody = bad as unknown as {
      data: { errors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(badBody.init.status).toBe(400);
    expect(Object.keys(badBody.data.errors).sort()).toEqual(["nif", "postalCode"]);
    expect(badBody.data.values.legalName).toBe(SELLER.legalName);
    expect((await readSeller(t.db, {})).missing).toHaveLength(6);

    const ok = await saveSellerPage(
      formRequest("http://localhost/gestion/datos-fiscales", { ...SELLER, nif: "12345678-z", seriesPrefix: "" }),
      owner.context,
    );
    expect((ok as Response).headers.get("location")).toBe("/gestion/datos-fiscales?guardado=1");
    const state = await readSeller(t.db, {});
    expect(state.missing).toEqual([]);
    expect(state.data).toMatchObject({ nif: "12345678Z", seriesPrefix: "AN" });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "seller.update").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_email).toBe(owner.user.email);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ nif: "12345678Z" });
  });

  it("lets a buyer download only her own invoices", async () => {
    await insertCourse(t.db, "curso-fiscal", "Curso de manicura rusa", 12000);
    const ana = await makeUser(t.db, `ana.fiscal.${kind}@example.com`);
    const eva = await makeUser(t.db, `eva.fiscal.${kind}@example.com`);
    const orderId = await insertOrder(t.db, {
      user: ana,
      lines: [{ courseId: "curso-fiscal", title: "Curso de manicura rusa", priceCents: 12000 }],
      createdAt: new Date().toISOString(),
    });
    await payOrder(t.db, orderId);
    const invoiceId = await inTransaction(t.db, (trx) =>
      issueOrderInvoice(trx, orderId, { seller: {}, verifactuMode: "off" }),
    );
    expect(invoiceId).not.toBeNull();
    const mine = await buyerInvoicePdf(t.db, ana.id, invoiceId!);
    expect(mine?.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await buyerInvoicePdf(t.db, eva.id, invoiceId!)).toBeNull();
    expect(await buyerInvoicePdf(t.db, ana.id, "no-existe")).toBeNull();
  });
});
