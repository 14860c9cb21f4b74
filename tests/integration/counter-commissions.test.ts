/**
 * The owner's commission rates (issue 35) on the professional's and the
 * service's pages, through their loaders and actions as React Router calls
 * them, on SQLite and PostgreSQL: the owner sees and sets "Comisión (%)"
 * (saved in basis points, audited with the page's own action), empty clears
 * it, a bad value is a 400 that writes nothing; staff do not get the field,
 * their saves leave the rate alone, and a forged field is refused (403).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { getStaffProfessional, getStaffService } from "~/bookings/menu-admin.server.ts";
import { COMMISSION_ERROR } from "~/counter/commission.ts";
import { professionalFormValues } from "~/domain/professional-form.ts";
import { serviceFormValues } from "~/domain/service-form.ts";
import { serviceCatalanValues } from "~/lib/catalan-form.ts";
import { loadProfessionalEditor, professionalFormAction } from "~/routes/gestion.profesionales.server.ts";
import { loadServiceEditor, serviceFormAction } from "~/routes/gestion.servicios.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

const BASE = "http://localhost:3999/gestion";

function post(url: string, fields: Record<string, string | string[]>): Request {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

/** Status, redirect and body of what an action returned or threw. */
async function outcome(
  fn: () => Promise<unknown>,
): Promise<{ status: number; location?: string | null; body?: unknown }> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const d = value as { type?: string; init?: { status?: number } | null; data?: unknown };
  if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
  return { status: 200, body: value };
}

const person = (id: string, email: string, role: "staff" | "owner"): AuthUser => ({
  id,
  email,
  displayName: email,
  firstName: "Ana",
  lastName: "López",
  phone: "",
  emailVerified: true,
  role,
  secondFactor: true,
});

describe.each(dbKinds)("commission rates on %s", (kind) => {
  let t: TestDb;
  let owner: AuthUser;
  let staff: AuthUser;
  const ctx = (user: AuthUser) => {
    const { context } = makeContext(t.db, kind);
    context.set(userContext, user);
    return context;
  };
  const rateOf = async (table: "professionals" | "services", id: string) =>
    (await t.db.selectFrom(table).select("commission_bp").where("id", "=", id).executeTakeFirstOrThrow()).commission_bp;
  const audits = (entityId: string) =>
    t.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "before_json", "after_json"])
      .where("entity_id", "=", entityId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();

  /** Laura's form as her page fills it, plus `extra`. */
  async function lauraForm(extra: Record<string, string> = {}) {
    const { values, lists } = professionalFormValues((await getStaffProfessional(t.db, "laura"))!);
    return { ...values, services: lists.services ?? [], ...extra };
  }
  async function serviceForm(extra: Record<string, string> = {}) {
    const s = (await getStaffService(t.db, "pedicura"))!;
    const { values, lists } = serviceFormValues({ ...s, professionalIds: s.professionals.map((p) => p.id) });
    return { ...values, ...serviceCatalanValues(s), professionals: lists.professionals ?? [], ...extra };
  }
  const saveLaura = async (user: AuthUser, extra: Record<string, string>) =>
    outcome(async () =>
      professionalFormAction(post(`${BASE}/profesionales/laura`, await lauraForm(extra)), ctx(user), "laura"),
    );
  const saveService = async (user: AuthUser, extra: Record<string, string>) =>
    outcome(async () =>
      serviceFormAction(post(`${BASE}/servicios/pedicura`, await serviceForm(extra)), ctx(user), "pedicura"),
    );

  beforeAll(async () => {
    t = await createTestDb(kind);
    const o = await makeUser(t.db, "duena@example.com");
    const s = await makeUser(t.db, "equipo@example.com");
    owner = person(o.id, o.email, "owner");
    staff = person(s.id, s.email, "staff");
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("shows the field to the owner alone, with the stored rate", async () => {
    await t.db.updateTable("professionals").set({ commission_bp: 1250 }).where("id", "=", "laura").execute();
    const page = (user: AuthUser) =>
      loadProfessionalEditor(new Request(`${BASE}/profesionales/laura`), ctx(user), "laura");
    expect((await page(owner)).commission).toBe("12,5");
    expect((await page(staff)).commission).toBeNull();
    const service = (user: AuthUser) =>
      loadServiceEditor(new Request(`${BASE}/servicios/pedicura`), ctx(user), "pedicura");
    expect((await service(owner)).commission).toBe("");
    expect((await service(staff)).commission).toBeNull();
  });

  it("saves the owner's rate for a professional, audited as her update", async () => {
    expect(await saveLaura(owner, { comision: "10" })).toEqual({
      status: 302,
      location: "/gestion/profesionales/laura?aviso=profesional-guardada",
    });
    expect(await rateOf("professionals", "laura")).toBe(1000);
    const last = (await audits("laura")).at(-1)!;
    expect(last).toMatchObject({ action: "professional.update", actor_email: "duena@example.com" });
    expect(JSON.parse(last.before_json!)).toMatchObject({ commissionBp: 1250 });
    expect(JSON.parse(last.after_json!)).toMatchObject({ commissionBp: 1000 });
    // Empty: no commission.
    expect((await saveLaura(owner, { comision: "" })).status).toBe(302);
    expect(await rateOf("professionals", "laura")).toBeNull();
  });

  it("refuses a value that is not a percentage from 0 to 100, writing nothing", async () => {
    await t.db.updateTable("professionals").set({ commission_bp: 800 }).where("id", "=", "laura").execute();
    const auditsBefore = (await audits("laura")).length;
    for (const bad of ["150", "12,345", "diez"]) {
      const result = await saveLaura(owner, { comision: bad });
      expect(result.status, bad).toBe(400);
      expect(result.body).toMatchObject({ errors: { comision: COMMISSION_ERROR }, values: { comision: bad } });
    }
    const service = await saveService(owner, { comision: "-1" });
    expect(service).toMatchObject({ status: 400, body: { errors: { comision: COMMISSION_ERROR } } });
    expect(await rateOf("professionals", "laura")).toBe(800);
    expect(await rateOf("services", "pedicura")).toBeNull();
    expect(await audits("laura")).toHaveLength(auditsBefore);
  });

  it("saves the owner's rate for a service, audited as its update", async () => {
    expect((await saveService(owner, { comision: "15,5" })).status).toBe(302);
    expect(await rateOf("services", "pedicura")).toBe(1550);
    const last = (await audits("pedicura")).at(-1)!;
    expect(last.action).toBe("service.update");
    expect(JSON.parse(last.before_json!)).toMatchObject({ commissionBp: null });
    expect(JSON.parse(last.after_json!)).toMatchObject({ commissionBp: 1550 });
  });

  it("lets staff save the pages without touching the rates, and refuses a forged rate with a 403", async () => {
    await t.db.updateTable("professionals").set({ commission_bp: 800 }).where("id", "=", "laura").execute();
    // Her form has no such field: the save goes through and the rate stays.
    expect((await saveLaura(staff, { title: "Manicurista" })).status).toBe(302);
    expect(await rateOf("professionals", "laura")).toBe(800);
    expect((await saveService(staff, {})).status).toBe(302);
    expect(await rateOf("services", "pedicura")).toBe(1550);
    // A field she was never shown: refused whole, nothing saved.
    const auditsBefore = (await audits("laura")).length;
    const refused = { status: 403, body: "Solo la propietaria puede fijar las comisiones." };
    expect(await saveLaura(staff, { comision: "50", title: "Otra cosa" })).toEqual(refused);
    expect(await saveService(staff, { comision: "" })).toEqual(refused);
    expect(await rateOf("professionals", "laura")).toBe(800);
    expect(await rateOf("services", "pedicura")).toBe(1550);
    expect((await getStaffProfessional(t.db, "laura"))!.title).toBe("Manicurista");
    expect(await audits("laura")).toHaveLength(auditsBefore);
  });
});
