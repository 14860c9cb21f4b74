// What a correct request looks like: the fields of each form action and JSON
// API, the values of the query parameters and dynamic segments, and the
// context (fuzz user, orders, sessions) they are drawn from.
import type { Account } from "../lib/accounts.ts";
import type { DbKind } from "../lib/server.ts";
import { pick, shuffle, type Rng } from "../lib/util.ts";
import type { RouteInfo } from "./targets.ts";

export interface Ctx {
  seed: number;
  db: DbKind;
  origin: string;
  courseIds: string[];
  user: Account;
  /** The fuzz user's own unpaid order, a paid one, and another buyer's. */
  pendingOrder: string;
  paidOrder: string;
  otherOrder: string;
  successQuery: string;
  /** Throwaway sessions for signed-in POST /logout (it destroys the session). */
  logoutCookies: string[];
  staleCookie: string;
}

export type Fields = [string, string][];
export type JsonFields = Record<string, unknown>;

const QUESTIONS = [
  "¿Cuánto cuesta el curso de iniciación?",
  "¿Tenéis formación de acrílico?",
  "¿Dónde estáis?",
  "¿Se puede pagar a plazos?",
  "¿Cuándo empieza el próximo curso de Expert Nails?",
];

export interface ActionSpec {
  body: "form" | "json";
  /** Per-intent variants of one action (e.g. /perfil/ajustes). */
  variants: { label: string; fields: (c: Ctx, rng: Rng, i: number) => Fields | JsonFields }[];
  headers?: Record<string, string>;
}

export const ACTIONS: Record<string, ActionSpec> = {
  "/registro": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (c, _rng, i) => [
          ["firstName", "Ana"],
          ["lastName", "López"],
          ["email", `fz-${c.seed}-${c.db}-${i}@example.com`],
          ["phone", "600 000 000"],
          ["password", "Uñas-bonitas-9"],
          ["confirmPassword", "Uñas-bonitas-9"],
          ["acceptTerms", "on"],
          ["redirectTo", "/perfil"],
        ],
      },
    ],
  },
  "/login": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (c, rng) => [
          ["email", c.user.email],
          ["password", rng() < 0.5 ? c.user.password : "contraseña-equivocada"],
          ["redirectTo", "/perfil"],
        ],
      },
    ],
  },
  "/forgot-password": { body: "form", variants: [{ label: "", fields: (c) => [["email", c.user.email]] }] },
  "/restablecer-contrasena": {
    body: "form",
    variants: [
      {
        label: "",
        fields: () => [
          ["token", "token-inventado-123"],
          ["password", "Nueva-clave-99"],
          ["confirmPassword", "Nueva-clave-99"],
        ],
      },
    ],
  },
  "/verificar-email": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (c) => [
          ["email", c.user.email],
          ["token", "token-inventado"],
        ],
      },
    ],
  },
  "/logout": { body: "form", variants: [{ label: "", fields: () => [] }] },
  "/perfil/datos": {
    body: "form",
    variants: [
      {
        label: "intent=profile",
        fields: (c) => [
          ["intent", "profile"],
          ["firstName", "Ana"],
          ["lastName", "Fuzz"],
          ["email", c.user.email],
          ["phone", "600 111 222"],
          ["currentPassword", ""],
        ],
      },
      { label: "intent=unknown", fields: () => [["intent", "borrar-todo"]] },
    ],
  },
  "/perfil/ajustes": {
    body: "form",
    // Never the real password here: a fuzzed "delete" or "password" must not succeed.
    variants: [
      {
        label: "intent=settings",
        fields: () => [
          ["intent", "settings"],
          ["courseEmails", "on"],
          ["newsletter", "on"],
        ],
      },
      {
        label: "intent=password",
        fields: () => [
          ["intent", "password"],
          ["currentPassword", "no-es-la-clave"],
          ["password", "Otra-clave-99"],
          ["confirmPassword", "Otra-clave-99"],
        ],
      },
      {
        label: "intent=delete",
        fields: () => [
          ["intent", "delete"],
          ["confirm", "on"],
          ["currentPassword", "no-es-la-clave"],
        ],
      },
      { label: "intent=unknown", fields: () => [["intent", "borrar-todo"]] },
    ],
  },
  "/checkout/:courseId": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (_c, rng) => [
          ["method", pick(rng, ["card", "card", "klarna", "sequra", "scalapay"])],
          ["terms", "on"],
          ["waiver", "on"],
        ],
      },
    ],
  },
  "/pago-demo/:orderId": {
    body: "form",
    variants: [{ label: "", fields: (_c, rng) => [["intent", pick(rng, ["pay", "pay", "cancel"])]] }],
  },
  "/cancel": { body: "form", variants: [{ label: "", fields: (c) => [["orderId", c.pendingOrder]] }] },
  "/api/create-checkout-session": {
    body: "json",
    variants: [
      {
        label: "",
        fields: (c, rng) => ({
          courseId: pick(rng, c.courseIds),
          courseIds: shuffle(rng, [...c.courseIds]).slice(0, 1 + Math.floor(rng() * 2)),
          paymentMethod: pick(rng, ["card", "klarna", "sequra", "scalapay"]),
          withdrawalWaiver: true,
          courseName: "Curso",
          coursePrice: 1,
          courseDescription: "x",
          courseImage: "x.png",
          userEmail: "otra@example.com",
          userId: "otra",
        }),
      },
    ],
  },
  "/chatbot/chat": {
    body: "json",
    variants: [{ label: "", fields: (_c, rng) => ({ message: pick(rng, QUESTIONS), session_id: "web" }) }],
  },
  "/api/webhooks/stripe": {
    body: "json",
    headers: { "stripe-signature": "t=1700000000,v1=00" },
    variants: [
      {
        label: "",
        fields: (c) => ({
          id: "evt_fuzz",
          type: "checkout.session.completed",
          data: {
            object: {
              id: `cs_${c.pendingOrder}`,
              metadata: { orderId: c.pendingOrder },
              amount_total: 1,
              currency: "eur",
            },
          },
        }),
      },
    ],
  },
};

/** Any action this table does not know yet still gets fuzzed, with generic fields. */
export const GENERIC_ACTION: ActionSpec = {
  body: "form",
  variants: [
    {
      label: "generic",
      fields: () => [
        ["intent", "x"],
        ["value", "y"],
        ["email", "a@example.com"],
      ],
    },
  ],
};

export const QUERY_VALUES: Record<string, (c: Ctx, rng: Rng) => string> = {
  token: () => "token-inventado-123",
  tab: (_c, rng) => pick(rng, ["datos", "cursos", "compras", "configuracion"]),
  editar: () => "1",
  guardado: () => "datos",
  redirectTo: () => "/perfil",
  error: () => "google",
  aviso: () => "cuenta-eliminada",
  curso: (c, rng) => pick(rng, c.courseIds),
  course_id: (c, rng) => pick(rng, c.courseIds),
  add: (c, rng) => pick(rng, c.courseIds),
  categoria: (_c, rng) => pick(rng, ["experto", "iniciacion", "profesional", "intensivo"]),
  session_id: (c) => new URLSearchParams(c.successQuery).get("session_id") ?? "demo_x",
  intent: () => "register",
  code: () => "codigo",
  state: () => "estado",
};

export function paramValue(route: RouteInfo, name: string, c: Ctx, rng: Rng): string {
  if (/order/i.test(name)) {
    if (route.pattern.endsWith(".ics")) return rng() < 0.7 ? c.paidOrder : pick(rng, [c.pendingOrder, c.otherOrder]);
    return pick(rng, [c.pendingOrder, c.pendingOrder, c.paidOrder, c.otherOrder]);
  }
  if (/course|^id$/i.test(name)) return rng() < 0.9 ? pick(rng, c.courseIds) : "curso-inexistente";
  return "x";
}
