// Accounts for the scripts, made the way a visitor makes them: the registration
// form (POST /registro), one X-Forwarded-For address per account so the
// per-address registration limit does not apply to the harness itself.
import { fakeAddress, formBody, sessionCookie, type HttpClient } from "./http.ts";
import { runPool } from "./util.ts";

export interface Account {
  email: string;
  password: string;
  /** "an_session=…" of the session the registration opened. */
  cookie: string;
  /** The X-Forwarded-For address this account's virtual user sends. */
  address: string;
}

export const PASSWORD = "Uñas-de-prueba-2026";

/**
 * Headers of a same-origin POST. `address` null: no X-Forwarded-For, so the
 * server sees loopback (the demo gateway only pays for loopback clients).
 */
export function postHeaders(
  origin: string,
  address: string | null,
  cookie?: string,
  contentType = "application/x-www-form-urlencoded",
) {
  const headers: Record<string, string> = { origin, "content-type": contentType };
  if (address) headers["x-forwarded-for"] = address;
  if (cookie) headers.cookie = cookie;
  return headers;
}

export async function registerAccount(
  client: HttpClient,
  origin: string,
  email: string,
  address: string,
  attempts = 5,
): Promise<Account> {
  const body = formBody({
    firstName: "Prueba",
    lastName: "Carga",
    email,
    phone: "600 000 000",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
  });
  let last = "";
  for (let i = 0; i < attempts; i++) {
    const res = await client.request({
      method: "POST",
      path: "/registro",
      headers: postHeaders(origin, address),
      body,
    });
    const cookie = sessionCookie(res);
    if (res.status === 302 && cookie) return { email, password: PASSWORD, cookie, address };
    last = `${res.status}${res.error ? ` ${res.error}` : ""}`;
    await new Promise((r) => setTimeout(r, 200 * (i + 1)));
  }
  throw new Error(`registration of ${email} failed: ${last}`);
}

/** `count` accounts named <prefix>-<i>@example.com, `concurrency` registrations at a time. */
export async function registerAccounts(
  client: HttpClient,
  origin: string,
  count: number,
  opts: { prefix: string; concurrency?: number },
): Promise<Account[]> {
  const accounts: Account[] = new Array(count);
  await runPool(count, opts.concurrency ?? 8, async (i) => {
    accounts[i] = await registerAccount(client, origin, `${opts.prefix}-${i}@example.com`, fakeAddress(i));
  });
  return accounts;
}

/** POST /login; the new session cookie, or null with the status that came back. */
export async function signIn(
  client: HttpClient,
  origin: string,
  account: Pick<Account, "email" | "password" | "address">,
): Promise<{ cookie: string | null; status: number; ms: number; error?: string }> {
  const res = await client.request({
    method: "POST",
    path: "/login",
    headers: postHeaders(origin, account.address),
    body: formBody({ email: account.email, password: account.password }),
  });
  return { cookie: res.status === 302 ? sessionCookie(res) : null, status: res.status, ms: res.ms, error: res.error };
}
