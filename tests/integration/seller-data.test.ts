/**
 * The seller's legal identity in one place (issue 13): the public pages never
 * show a placeholder, they state what is known and change as soon as the owner
 * saves the data in Gestión (the cached pages follow the content version);
 * /gestion/datos-fiscales is the owner's, validates the NIF and is audited; a
 * bad SELLER_NIF stops the start. Also the buyer's own invoice download.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { createDb, inTransaction, type Db } from "~/db/db.server.ts";
import { issueOrderInvoice } from "~/invoices/issue.server.ts";
import { buyerInvoicePdf } from "~/invoices/queries.server.ts";
import { SELLER_FIELDS } from "~/domain/seller.ts";
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

/**
 * Issue 31, item 6: an empty POST used to save every field blank. Required
 * fields are required; a save is a merge (a field the form did not carry keeps
 * its value); the audit entry names only what changed.
 */
describe.each(dbKinds)("saving /gestion/datos-fiscales on %s", (kind) => {
  let t: TestDb;
  let owner: Awaited<ReturnType<typeof staffContext>>;
  const REQUIRED = ["address", "city", "legalName", "nif", "postalCode", "province"];
  const REQUIRED_MESSAGES = {
    legalName: "Escribe el nombre y apellidos o la razón social.",
    nif: "Escribe el NIF.",
    address: "Escribe la dirección fiscal: calle y número.",
    postalCode: "Escribe el código postal.",
    city: "Escribe el municipio.",
    province: "Escribe la provincia.",
  };
  const FULL = { ...SELLER, registry: "Registro Mercantil de Barcelona, tomo 1, folio 2" };
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    owner = await staffContext(t.db, kind, `duena.merge.${kind}@example.com`, "owner");
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("salon_settings").where("key", "=", "seller").execute();
    await t.db.deleteFrom("audit_log").where("action", "=", "seller.update").execute();
    owner.services.config.seller = {};
  });

  const post = (fields: Record<string, string>) =>
    saveSellerPage(formRequest("http://localhost/gestion/datos-fiscales", fields), owner.context);
  type Refused = { data: { errors: Record<string, string> }; init: { status: number } };
  const audits = () => t.db.selectFrom("audit_log").selectAll().where("action", "=", "seller.update").execute();
  /** The audit entry whose fields after the change are these. */
  const sorted = (o: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(o).sort()));
  const auditAfter = async (after: Record<string, string>) =>
    (await audits()).filter((a) => sorted(JSON.parse(a.after_json ?? "{}")) === sorted(after));
  const saved = async (fields: Record<string, string>) => {
    const r = await post(fields);
    expect((r as Response).headers?.get("location"), JSON.stringify(r)).toBe("/gestion/datos-fiscales?guardado=1");
  };

  it("answers an empty POST, or a form with every field blank, with 400 and the required fields' errors; nothing changes", async () => {
    await saved(FULL);
    const before = await readSeller(t.db, {});
    expect(before.missing).toEqual([]);
    const blank = Object.fromEntries(SELLER_FIELDS.map((f) => [f, ""]));
    for (const body of [{}, blank, { ...blank, registry: "x" }]) {
      const r = (await post(body)) as unknown as Refused;
      expect(r.init.status).toBe(400);
      expect(
        Object.keys(r.data.errors)
          .filter((k) => k !== "form")
          .sort(),
      ).toEqual(REQUIRED);
      expect(r.data.errors).toMatchObject(REQUIRED_MESSAGES);
    }
    expect(await readSeller(t.db, {})).toEqual(before);
    expect(await audits()).toHaveLength(1);
  });

  it("keeps every field a partial POST does not carry, and audits only what changed", async () => {
    await saved(FULL);
    const before = (await readSeller(t.db, {})).data;
    await saved({ city: "Sant Feliu de Llobregat", postalCode: "08980" });
    expect((await readSeller(t.db, {})).data).toEqual({
      ...before,
      city: "Sant Feliu de Llobregat",
      postalCode: "08980",
    });
    const [change] = await auditAfter({ city: "Sant Feliu de Llobregat", postalCode: "08980" });
    expect(JSON.parse(change!.before_json!)).toEqual({ city: "Molins de Rei", postalCode: "08750" });

    // Back, then the same values again: nothing more to record.
    await saved(FULL);
    await saved(FULL);
    expect(await audits()).toHaveLength(3);
    expect(await auditAfter({ city: "Molins de Rei", postalCode: "08750" })).toHaveLength(1);
  });

  it("refuses a required field sent empty; lets an optional one be emptied", async () => {
    await saved(FULL);
    const r = (await post({ nif: "  ", city: "Barcelona" })) as unknown as Refused;
    expect(r.init.status).toBe(400);
    expect(r.data.errors).toEqual({ nif: REQUIRED_MESSAGES.nif });
    expect((await readSeller(t.db, {})).data.city).toBe("Molins de Rei");

    await saved({ registry: "" });
    expect((await readSeller(t.db, {})).data).toMatchObject({ registry: "", nif: "12345678Z" });
    const [cleared] = await auditAfter({ registry: "" });
    expect(JSON.parse(cleared!.before_json!)).toEqual({ registry: FULL.registry });
    expect(await audits()).toHaveLength(2);
  });

  it("refuses a first save that leaves a required field unknown", async () => {
    const r = (await post({ legalName: "Alejandra Ruiz García", nif: "12345678Z" })) as unknown as Refused;
    expect(r.init.status).toBe(400);
    expect(Object.keys(r.data.errors).sort()).toEqual(["address", "city", "postalCode", "province"]);
    expect((await readSeller(t.db, {})).missing).toHaveLength(6);
    expect(await audits()).toEqual([]);
  });

  it("leaves the fields that come from the configuration there when the form did not change them", async () => {
    owner.services.config.seller = { ...SELLER };
    const page = await loadSellerPage(new Request("http://localhost/gestion/datos-fiscales"), owner.context);
    // The form as the browser sends it: every field, the configured values in it, one changed.
    await saved({ ...page.data, city: "Barcelona", postalCode: "08001" });
    const state = await readSeller(t.db, owner.services.config.seller);
    expect(state.savedInGestion.sort()).toEqual(["city", "postalCode"]);
    expect(state.data).toMatchObject({ legalName: SELLER.legalName, city: "Barcelona" });
    expect(await audits()).toHaveLength(1);
    expect(await auditAfter({ city: "Barcelona", postalCode: "08001" })).toHaveLength(1);
  });
});
