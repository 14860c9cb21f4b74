import type { Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type CryptoKey } from "jose";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, findUserByEmail, findUserByGoogleSub } from "~/auth/accounts.server.ts";
import { checkVerificationToken, createVerificationToken } from "~/auth/email-verification.server.ts";
import { hashPassword, verifyPassword } from "~/auth/password.server.ts";
import {
  finishGoogleSignIn,
  GoogleSignInError,
  openOidcCookie,
  sealOidcCookie,
  startGoogleSignIn,
} from "~/auth/google.server.ts";
import type { Config } from "~/config.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { findUserBySessionToken } from "~/auth/session.server.ts";
import { loginAction } from "~/routes/login.server.ts";
import { loader as googleStartLoader } from "~/routes/auth.google.ts";
import { registerAction } from "~/routes/registro.server.ts";
import { cookiePair, formRequest, makeContext, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { freePort } from "../helpers/server.ts";

// A real OpenID Provider (oidc-provider) on a free local port stands in for Google.
const CLIENT_ID = "salon-web";
const CLIENT_SECRET = "salon-secret-for-tests";
const APP_URL = "http://localhost:3999";

const accounts: Record<string, Record<string, unknown>> = {
  "g-nueva": { email: "nueva@example.com", email_verified: true, given_name: "Marta", family_name: "Soler", name: "Marta Soler" },
  "g-catalana": { email: "catalana@example.com", email_verified: true, given_name: "Núria", family_name: "Puig", name: "Núria Puig" },
  "g-forastera": { email: "forastera@example.com", email_verified: true, given_name: "Anne", family_name: "Roy", name: "Anne Roy" },
  "g-existente": { email: "existente@example.com", email_verified: true, given_name: "Eva", family_name: "Ruiz", name: "Eva Ruiz" },
  "g-sin-verificar": { email: "victima@example.com", email_verified: false, given_name: "X", family_name: "Y", name: "X Y" },
  // The real owner of an address someone else registered first (pre-hijacking), one per database.
  ...Object.fromEntries(
    dbKinds.map((kind) => [
      `g-duena-${kind}`,
      { email: `duena-${kind}@example.com`, email_verified: true, given_name: "Paula", family_name: "Vidal", name: "Paula Vidal" },
    ]),
  ),
};

let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
let issuer: string;
let server: Server;
let privateKey: CryptoKey;
let t: TestDb;
let config: Config;
let services: { config: Config; db: TestDb["db"]; logger: ReturnType<typeof createLogger> };

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://localhost:${port}`;
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${APP_URL}/auth/google/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["cookie-key-for-tests"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    // Like Google: profile and email claims inside the ID token.
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, sub: string) =>
      accounts[sub] ? { accountId: sub, claims: async () => ({ sub, ...accounts[sub] }) } : undefined,
  });
  // Re-signs the ID token with altered claims to simulate a token meant for someone else.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === "/token" && tamper && body?.id_token) {
      const claims = tamper({ ...decodeJwt(body.id_token) });
      body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(privateKey);
    }
  });
  server = provider.listen(port, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));

  t = await createTestDb("sqlite");
  config = testConfig({
    publicUrl: APP_URL,
    google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer },
  });
  services = { config, db: t.db, logger: createLogger("silent") };
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.cleanup();
});

/** Messages and details of an error and its causes (openid-client puts the failed claim in `cause`). */
function causeChain(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let i = 0; e && i < 5; i++) {
    if (e instanceof Error) {
      parts.push(e.message, JSON.stringify({ ...e, cause: undefined }));
      e = e.cause;
    } else {
      parts.push(JSON.stringify(e));
      break;
    }
  }
  return parts.join(" | ");
}

/** Plays the browser at the issuer: follows redirects, signs in as `accountId`, consents. Returns the callback URL. */
async function authorize(authUrl: string, accountId: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 15; step++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get("location");
    if (location?.startsWith(APP_URL)) return location;
    if (location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`unexpected page at ${url}: ${res.status} ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === "login" ? { login: accountId, password: "x" } : {}) });
    init = { method: "POST", body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } };
  }
  throw new Error("too many steps at the issuer");
}

async function signIn(
  accountId: string,
  opts: { intent?: "login" | "register"; redirectTo?: string; mangle?: (u: URL) => void; services?: typeof services } = {},
) {
  const svc = opts.services ?? services;
  const start = await startGoogleSignIn(svc, { intent: opts.intent ?? "login", redirectTo: opts.redirectTo ?? "/" });
  const callback = new URL(await authorize(start.url, accountId));
  opts.mangle?.(callback);
  const request = new Request(callback, { headers: { cookie: cookiePair(start.setCookie) } });
  return { start, result: finishGoogleSignIn(svc, request) };
}

describe.each(dbKinds)("account pre-hijacking on %s", (kind) => {
  let own: TestDb;
  beforeAll(async () => {
    own = await createTestDb(kind);
  });
  afterAll(async () => {
    await own?.cleanup();
  });

  it("an attacker's unverified registration of the victim's address is taken back by the victim's Google sign-in", async () => {
    const victimEmail = `duena-${kind}@example.com`;
    const svc = { ...services, db: own.db };
    // 1. The attacker registers the victim's address with a password of their own and stays signed in.
    const attacker = makeContext(own.db, kind, { ip: "198.51.100.66", config });
    const fields = { firstName: "Mal", lastName: "Hechor", email: victimEmail, phone: "", password: "clave-del-atacante", confirmPassword: "clave-del-atacante" };
    const reg = (await registerAction(formRequest("http://localhost/registro", fields), attacker.context)) as Response;
    expect(reg.status).toBe(302);
    const attackerSession = cookiePair(reg.headers.get("set-cookie")!).split("=")[1];
    const before = await findUserByEmail(own.db, victimEmail);
    expect(before?.email_verified_at).toBeNull();
    const link = await createVerificationToken(own.db, before!.id, victimEmail);
    expect((await findUserBySessionToken(own.db, attackerSession))?.email).toBe(victimEmail);

    // 2. The victim signs in with Google, which proves the address.
    const done = await (await signIn(`g-duena-${kind}`, { services: svc })).result;
    expect(done).toMatchObject({ userId: before!.id, created: false, claimed: true });

    // 3. The account is the victim's: verified, linked, without the attacker's password or session.
    const after = await findUserByEmail(own.db, victimEmail);
    expect(after).toMatchObject({ google_sub: `g-duena-${kind}`, password_hash: null });
    expect(after?.email_verified_at).toBeTruthy();
    expect(await findUserBySessionToken(own.db, attackerSession)).toBeNull();
    const sessions = await own.db.selectFrom("sessions").select("id").where("user_id", "=", before!.id).execute();
    expect(sessions).toHaveLength(0);
    const login = await loginAction(
      formRequest("http://localhost/login", { email: victimEmail, password: "clave-del-atacante" }),
      makeContext(own.db, kind, { ip: "198.51.100.67", config }).context,
    );
    expect(login).not.toBeInstanceOf(Response);
    expect((login as { data: { errors: Record<string, string> } }).data.errors.form).toBe(
      "Esta cuenta se creó con Google: entra con «Continuar con Google».",
    );
    // A verification link sent before the takeover is dead too.
    expect(await checkVerificationToken(own.db, link)).toBe("used");

    // 4. The victim signs in again by Google subject, on the same account.
    expect(await (await signIn(`g-duena-${kind}`, { services: svc })).result).toMatchObject({ userId: before!.id, created: false });
  });
});

describe("Google sign-in through OpenID Connect (oidc-provider as issuer)", () => {
  it("starts with code + PKCE S256, state and nonce kept in a signed HttpOnly cookie", async () => {
    const { url, setCookie } = await startGoogleSignIn(services, { intent: "register", redirectTo: "/perfil" });
    const auth = new URL(url);
    expect(auth.origin).toBe(issuer);
    expect(auth.searchParams.get("response_type")).toBe("code");
    expect(auth.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(auth.searchParams.get("redirect_uri")).toBe(`${APP_URL}/auth/google/callback`);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("scope")).toBe("openid email profile");
    const tx = openOidcCookie(config, cookiePair(setCookie));
    expect(tx).toMatchObject({ intent: "register", redirectTo: "/perfil" });
    expect(auth.searchParams.get("state")).toBe(tx?.state);
    expect(auth.searchParams.get("nonce")).toBe(tx?.nonce);
    expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
    expect(setCookie).toContain("Path=/auth/google");
    // A cookie altered by the browser is ignored.
    expect(openOidcCookie(config, cookiePair(setCookie).replace(/.$/, "x"))).toBeNull();
  });

  it("creates an account for a new verified identity and signs it in again by subject", async () => {
    const { result } = await signIn("g-nueva", { redirectTo: "/perfil/cursos" });
    const done = await result;
    expect(done).toMatchObject({ created: true, redirectTo: "/perfil/cursos" });
    const user = await findUserByGoogleSub(t.db, "g-nueva");
    expect(user).toMatchObject({ id: done.userId, email: "nueva@example.com", first_name: "Marta", last_name: "Soler", display_name: "Marta Soler", password_hash: null, locale: "es" });
    const again = await (await signIn("g-nueva")).result;
    expect(again).toMatchObject({ userId: done.userId, created: false });
    // Google proved the address: the account it created is verified.
    expect((await findUserByGoogleSub(t.db, "g-nueva"))?.email_verified_at).toBeTruthy();
  });

  it("makes a new account in the language of the page whose Google button started it (only es or ca)", async () => {
    const { context } = makeContext(t.db, "sqlite", { config });
    /** The browser follows the page's "Registrarse con Google" link, then the issuer, then the callback. */
    const viaStartRoute = async (query: string, accountId: string) => {
      const request = new Request(`${APP_URL}/auth/google?${query}`);
      const args = { request, context, params: {}, url: new URL(request.url), pattern: "/auth/google" };
      const started = (await googleStartLoader(args as Parameters<typeof googleStartLoader>[0])) as Response;
      expect(started.status).toBe(302);
      const callback = await authorize(started.headers.get("location")!, accountId);
      const cookie = cookiePair(started.headers.get("set-cookie")!);
      return finishGoogleSignIn(services, new Request(callback, { headers: { cookie } }));
    };
    expect(await viaStartRoute("intent=register&locale=ca", "g-catalana")).toMatchObject({ created: true });
    expect((await findUserByGoogleSub(t.db, "g-catalana"))?.locale).toBe("ca");
    // Anything but "es" or "ca" is Spanish.
    expect(await viaStartRoute("intent=register&locale=fr", "g-forastera")).toMatchObject({ created: true });
    expect((await findUserByGoogleSub(t.db, "g-forastera"))?.locale).toBe("es");
  });

  it("links to an existing password account whose address was verified, keeping its password", async () => {
    const id = await createUser(t.db, {
      email: "existente@example.com",
      firstName: "Eva",
      lastName: "Ruiz",
      passwordHash: await hashPassword("clave-eva"),
      emailVerifiedAt: new Date().toISOString(),
    });
    const done = await (await signIn("g-existente")).result;
    expect(done).toMatchObject({ userId: id, created: false });
    expect(done.claimed).toBeUndefined();
    const user = await findUserByEmail(t.db, "existente@example.com");
    expect(user?.google_sub).toBe("g-existente");
    expect(await verifyPassword(user!.password_hash!, "clave-eva")).toBe(true);
  });

  it("never links (or creates) with an email the issuer has not verified", async () => {
    const id = await createUser(t.db, { email: "victima@example.com", firstName: "V", lastName: "V", passwordHash: await hashPassword("clave-v") });
    await expect((await signIn("g-sin-verificar")).result).rejects.toThrow("email missing or not verified by the issuer");
    const user = await findUserByEmail(t.db, "victima@example.com");
    expect(user?.id).toBe(id);
    expect(user?.google_sub).toBeNull();
  });

  it("refuses a callback whose state does not match", async () => {
    const { result } = await signIn("g-nueva", { mangle: (u) => u.searchParams.set("state", "estado-falso") });
    const err = await result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GoogleSignInError);
    expect(causeChain(err)).toMatch(/state/);
  });

  it("refuses an ID token with another nonce", async () => {
    tamper = (c) => ({ ...c, nonce: "otro-nonce" });
    try {
      const { result } = await signIn("g-nueva");
      const err = await result.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GoogleSignInError);
      expect(causeChain(err)).toMatch(/nonce/);
    } finally {
      tamper = null;
    }
  });

  it("refuses an ID token issued for another audience", async () => {
    tamper = (c) => ({ ...c, aud: "otra-aplicacion" });
    try {
      const err = await (await signIn("g-nueva")).result.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GoogleSignInError);
      expect(causeChain(err)).toMatch(/aud/);
    } finally {
      tamper = null;
    }
  });

  it("refuses an ID token from another issuer", async () => {
    tamper = (c) => ({ ...c, iss: "https://evil.example" });
    try {
      const err = await (await signIn("g-nueva")).result.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GoogleSignInError);
      expect(causeChain(err)).toMatch(/iss/);
    } finally {
      tamper = null;
    }
  });

  it("refuses a callback without the start cookie, or with a forged one", async () => {
    const start = await startGoogleSignIn(services, { intent: "login", redirectTo: "/" });
    const callback = await authorize(start.url, "g-nueva");
    await expect(finishGoogleSignIn(services, new Request(callback))).rejects.toThrow(/cookie/);
    const forged = sealOidcCookie({ ...config, sessionSecrets: ["otro-secreto"] }, { ...openOidcCookie(config, cookiePair(start.setCookie))! });
    await expect(finishGoogleSignIn(services, new Request(callback, { headers: { cookie: cookiePair(forged) } }))).rejects.toThrow(/cookie/);
  });

  it("refuses a code used twice (replay)", async () => {
    const start = await startGoogleSignIn(services, { intent: "login", redirectTo: "/" });
    const callback = await authorize(start.url, "g-nueva");
    const req = () => new Request(callback, { headers: { cookie: cookiePair(start.setCookie) } });
    await finishGoogleSignIn(services, req());
    await expect(finishGoogleSignIn(services, req())).rejects.toThrow(GoogleSignInError);
  });
});
