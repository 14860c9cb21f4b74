import type { Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type CryptoKey } from "jose";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, findUserByEmail, findUserByGoogleSub } from "~/auth/accounts.server.ts";
import { hashPassword } from "~/auth/password.server.ts";
import {
  finishGoogleSignIn,
  GoogleSignInError,
  openOidcCookie,
  sealOidcCookie,
  startGoogleSignIn,
} from "~/auth/google.server.ts";
import type { Config } from "~/config.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { cookiePair, testConfig } from "../helpers/accounts.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { freePort } from "../helpers/server.ts";

// A real OpenID Provider (oidc-provider) on a free local port stands in for Google.
const CLIENT_ID = "salon-web";
const CLIENT_SECRET = "salon-secret-for-tests";
const APP_URL = "http://localhost:3999";

const accounts: Record<string, Record<string, unknown>> = {
  "g-nueva": { email: "nueva@example.com", email_verified: true, given_name: "Marta", family_name: "Soler", name: "Marta Soler" },
  "g-existente": { email: "existente@example.com", email_verified: true, given_name: "Eva", family_name: "Ruiz", name: "Eva Ruiz" },
  "g-sin-verificar": { email: "victima@example.com", email_verified: false, given_name: "X", family_name: "Y", name: "X Y" },
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

async function signIn(accountId: string, opts: { intent?: "login" | "register"; redirectTo?: string; mangle?: (u: URL) => void } = {}) {
  const start = await startGoogleSignIn(services, { intent: opts.intent ?? "login", redirectTo: opts.redirectTo ?? "/" });
  const callback = new URL(await authorize(start.url, accountId));
  opts.mangle?.(callback);
  const request = new Request(callback, { headers: { cookie: cookiePair(start.setCookie) } });
  return { start, result: finishGoogleSignIn(services, request) };
}

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
    const { result } = await signIn("g-nueva", { redirectTo: "/perfil?tab=cursos" });
    const done = await result;
    expect(done).toMatchObject({ created: true, redirectTo: "/perfil?tab=cursos" });
    const user = await findUserByGoogleSub(t.db, "g-nueva");
    expect(user).toMatchObject({ id: done.userId, email: "nueva@example.com", first_name: "Marta", last_name: "Soler", display_name: "Marta Soler", password_hash: null });
    const again = await (await signIn("g-nueva")).result;
    expect(again).toMatchObject({ userId: done.userId, created: false });
  });

  it("links to an existing password account when the issuer verified the email", async () => {
    const id = await createUser(t.db, { email: "existente@example.com", firstName: "Eva", lastName: "Ruiz", passwordHash: await hashPassword("clave-eva") });
    const done = await (await signIn("g-existente")).result;
    expect(done).toMatchObject({ userId: id, created: false });
    expect((await findUserByEmail(t.db, "existente@example.com"))?.google_sub).toBe("g-existente");
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
