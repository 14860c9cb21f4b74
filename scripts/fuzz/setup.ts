// Before a run: the fuzz user and another buyer, a paid, an unpaid and another
// buyer's order, throwaway sessions for POST /logout, and the staff side
// (scripts/fuzz/staff.ts: an owner with a second-factor session and the rest).
import { postHeaders, registerAccount, signIn, type Account } from "../lib/accounts.ts";
import type { HttpClient } from "../lib/http.ts";
import type { DbKind } from "../lib/server.ts";
import type { Ctx } from "./actions.ts";
import { setupStaff } from "./staff.ts";

export async function setup(
  client: HttpClient,
  origin: string,
  db: DbKind,
  seed: number,
  run: { appDir: string; databaseUrl: string },
): Promise<Ctx> {
  const catalogue = await client.request({ method: "GET", path: "/api/catalogue", headers: {} });
  const courseIds = (JSON.parse(catalogue.body.toString()) as { courses: { id: string }[] }).courses.map((x) => x.id);
  if (courseIds.length < 3) throw new Error(`the catalogue has ${courseIds.length} courses; the fuzzer needs 3`);
  const user = await registerAccount(client, origin, `fuzz-${seed}-${db}@example.com`, "10.200.0.1");
  const other = await registerAccount(client, origin, `fuzz-otra-${seed}-${db}@example.com`, "10.200.0.2");
  const FUZZ_BILLING = {
    billingName: "Prueba Fuzz",
    billingTaxId: "12345678Z",
    billingAddress: "Carrer Major 48",
    billingPostalCode: "08750",
    billingCity: "Molins de Rei",
  };
  const checkout = async (acc: Account, courseId: string) => {
    const res = await client.request({
      method: "POST",
      path: "/api/create-checkout-session",
      headers: postHeaders(origin, acc.address, acc.cookie, "application/json"),
      // Billing details: a course above 400 € needs a factura completa (RD 1619/2012 art. 4.1).
      body: JSON.stringify({ courseId, paymentMethod: "card", withdrawalWaiver: true, billing: FUZZ_BILLING }),
    });
    const json = JSON.parse(res.body.toString()) as { orderId?: string; url?: string };
    if (res.status !== 200 || !json.orderId)
      throw new Error(`setup checkout failed: ${res.status} ${res.body.toString().slice(0, 200)}`);
    return json.orderId;
  };
  const paidOrder = await checkout(user, courseIds[0]);
  const pay = await client.request({
    method: "POST",
    path: `/pago-demo/${paidOrder}`,
    headers: postHeaders(origin, null, user.cookie),
    body: "intent=pay",
  });
  const location = String(pay.headers.location ?? "");
  if (pay.status !== 302 || !location.includes("/success")) throw new Error(`setup payment failed: ${pay.status}`);
  const pendingOrder = await checkout(user, courseIds[1]);
  const otherOrder = await checkout(other, courseIds[2]);
  // Throwaway sessions of the same user for signed-in POST /logout.
  const logoutCookies: string[] = [];
  for (let i = 0; i < 24; i++) {
    const { cookie } = await signIn(client, origin, { ...user, address: `10.201.0.${i + 1}` });
    if (cookie) logoutCookies.push(cookie);
  }
  const staleCookie = logoutCookies.pop() ?? "an_session=caducada";
  await client.request({
    method: "POST",
    path: "/logout",
    headers: postHeaders(origin, "10.201.1.1", staleCookie),
    body: "",
  });
  const staff = await setupStaff({ client, origin, db, seed, customer: other, ...run });
  return {
    seed,
    db,
    origin,
    courseIds,
    user,
    pendingOrder,
    paidOrder,
    otherOrder,
    successQuery: location.split("?")[1] ?? "",
    logoutCookies,
    staleCookie,
    staff,
  };
}
