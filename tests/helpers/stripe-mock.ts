/**
 * An in-process stand-in for the Stripe API (the parts Checkout uses), on a
 * free local port, so the real `stripe` SDK is exercised end to end without the
 * internet. It records every request, honours Idempotency-Key like Stripe does
 * (same key → same response), and lets a test move a session to complete,
 * paid, unpaid or expired. Webhook bodies are signed with the SDK's own
 * generateTestHeaderString.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import Stripe from "stripe";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** Form body decoded into nested objects/arrays (Stripe's bracket notation). */
  body: Record<string, unknown>;
}

export interface MockSession {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  url: string | null;
  success_url: string;
  cancel_url: string;
  mode: string;
  locale: string;
  allowed_payment_method_types: string[];
  expires_at: number;
  /** Set once the session is complete (as Stripe does): what refunds point at. */
  payment_intent: string | null;
}

export interface MockRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: "succeeded" | "pending" | "failed" | "canceled";
  /** What the site sent (order_id, refund_id); empty for a refund made in the Dashboard. */
  metadata?: Record<string, string>;
  created?: number;
}

/** `a[b][0][c]=1` → { a: { b: [ { c: "1" } ] } } */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export interface StripeMock {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, MockSession>;
  /** Refunds created through POST /v1/refunds (an idempotent replay adds none). */
  refunds: MockRefund[];
  /** A refund made by hand in the Stripe Dashboard (no metadata), as Stripe stores it. */
  dashboardRefund: (sessionId: string, amount: number, status?: MockRefund["status"]) => MockRefund;
  /** A signed webhook request for `type` carrying any object (a refund, a charge). */
  signedObjectEvent: (type: string, object: Record<string, unknown>, opts?: { eventId?: string }) => {
    body: string;
    signature: string;
    eventId: string;
  };
  /** Fail the next N session creations with a Stripe-style 400 error. */
  failNextCreates: (n: number) => void;
  setSession: (id: string, patch: Partial<MockSession>) => MockSession;
  /** A signed webhook request for `type` about `sessionId` (the session as it is now, plus patch). */
  signedEvent: (
    type: string,
    sessionId: string,
    opts?: { eventId?: string; patch?: Partial<MockSession> },
  ) => { body: string; signature: string; eventId: string };
  close: () => Promise<void>;
}

const stripeForSigning = new Stripe("sk_test_signing_only");

export async function startStripeMock(webhookSecret: string): Promise<StripeMock> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, MockSession>();
  const refunds: MockRefund[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  // A completed (or, for events, settled) session carries its payment intent, stored once.
  const withIntent = (session: MockSession, paid = session.status === "complete"): MockSession => {
    if (paid && !session.payment_intent) session.payment_intent = `pi_${randomBytes(12).toString("hex")}`;
    return session;
  };
  let failCreates = 0;

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://mock");
      const body = decodeStripeForm(raw || url.search.slice(1));
      requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          "Content-Type": "application/json",
          "Request-Id": `req_${randomBytes(6).toString("hex")}`,
        });
        res.end(JSON.stringify(payload));
      };
      const key = req.headers["idempotency-key"];
      if (req.method === "POST" && typeof key === "string" && idempotent.has(key)) {
        const replay = idempotent.get(key)!;
        return send(replay.status, replay.body);
      }
      const answer = route(req.method ?? "GET", url.pathname, body);
      if (req.method === "POST" && typeof key === "string" && answer.status < 500) idempotent.set(key, answer);
      send(answer.status, answer.body);
    });
  });

  function route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (failCreates > 0) {
        failCreates--;
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Simulated refusal" } } };
      }
      const items =
        (body.line_items as { quantity: string; price_data: { unit_amount: string; currency: string } }[]) ?? [];
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session: MockSession = {
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        amount_total: items.reduce((s, i) => s + Number(i.price_data.unit_amount) * Number(i.quantity), 0),
        currency: items[0]?.price_data.currency ?? "eur",
        client_reference_id: (body.client_reference_id as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        customer_email: (body.customer_email as string) ?? null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        mode: String(body.mode),
        locale: String(body.locale),
        allowed_payment_method_types: (body.allowed_payment_method_types as string[]) ?? [],
        expires_at: Number(body.expires_at),
        payment_intent: null,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = String(body.payment_intent ?? "");
      const paid = [...sessions.values()].find((x) => x.payment_intent === intent);
      if (!paid)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", message: `No such payment_intent: '${intent}'` } },
        };
      const already = refunds
        .filter((r) => r.payment_intent === intent && (r.status === "succeeded" || r.status === "pending"))
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? paid.amount_total - already : Number(body.amount);
      if (amount <= 0 || already + amount > paid.amount_total) {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: "Refund amount exceeds the charge",
            },
          },
        };
      }
      const refund: MockRefund = {
        id: `re_${randomBytes(12).toString("hex")}`,
        object: "refund",
        amount,
        currency: paid.currency,
        payment_intent: intent,
        reason: (body.reason as string) ?? null,
        status: "succeeded",
        metadata: (body.metadata as Record<string, string>) ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    // Lists by payment intent: its refunds, and the session that took it.
    const list = (data: unknown[], url: string) => ({ status: 200, body: { object: "list", data, has_more: false, url } });
    if (method === "GET" && path === "/v1/refunds") {
      return list(refunds.filter((r) => r.payment_intent === body.payment_intent), path);
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      return list([...sessions.values()].filter((x) => x.payment_intent && x.payment_intent === body.payment_intent), path);
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = m ? sessions.get(m[1]) : undefined;
    if (m && !session)
      return { status: 404, body: { error: { type: "invalid_request_error", message: "No such session" } } };
    if (session && method === "GET" && !m![2]) return { status: 200, body: withIntent(session) };
    if (session && method === "POST" && m![2]) {
      if (session.status !== "open") {
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Session is not open" } } };
      }
      session.status = "expired";
      session.url = null;
      return { status: 200, body: session };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    failNextCreates: (n) => {
      failCreates = n;
    },
    setSession(id, patch) {
      const s = sessions.get(id);
      if (!s) throw new Error(`unknown mock session ${id}`);
      Object.assign(s, patch);
      return withIntent(s);
    },
    signedEvent(type, sessionId, opts = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`unknown mock session ${sessionId}`);
      const eventId = opts.eventId ?? `evt_${randomBytes(12).toString("hex")}`;
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: "2026-10-28.clover",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...withIntent(session, session.status === "complete" || /completed|succeeded/.test(type)), ...opts.patch } },
      });
      const signature = stripeForSigning.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { body: payload, signature, eventId };
    },
    dashboardRefund(sessionId, amount, status = "succeeded") {
      const session = sessions.get(sessionId);
      if (!session?.payment_intent) throw new Error(`mock session ${sessionId} has no payment`);
      const refund: MockRefund = {
        id: `re_${randomBytes(12).toString("hex")}`,
        object: "refund",
        amount,
        currency: session.currency,
        payment_intent: session.payment_intent,
        reason: "requested_by_customer",
        status,
        metadata: {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return refund;
    },
    signedObjectEvent(type, object, opts = {}) {
      const eventId = opts.eventId ?? `evt_${randomBytes(12).toString("hex")}`;
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: "2026-10-28.clover",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = stripeForSigning.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { body: payload, signature, eventId };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
