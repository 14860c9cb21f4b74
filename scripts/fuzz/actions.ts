// What a correct request looks like: the fields of each form action and JSON
// API, the values of the query parameters and dynamic segments, and the
// context (fuzz user, orders, sessions, the staff side) they are drawn from.
import type { Account } from "../lib/accounts.ts";
import type { DbKind } from "../lib/server.ts";
import { pick, shuffle, type Rng } from "../lib/util.ts";
import { cashCloseFields, counterFields, counterParam, productFields, SALE_INTENTS, saleFields } from "./counter.ts";
import { courseFields, editionFields, type StaffCtx } from "./staff.ts";
import type { RouteInfo } from "./route-info.ts";

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
  /** /gestion: the owner's second-factor session, members, invitations, challenges, course. */
  staff: StaffCtx;
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
  /** A file upload (multipart/form-data): the multipart families build its bodies. */
  multipart?: boolean;
}

/** Every intent of a form, plus one the action does not know. */
const intents = (
  names: string[],
  fields: (intent: string, c: Ctx, rng: Rng, i: number) => Fields = (intent) => [["intent", intent]],
): ActionSpec["variants"] =>
  [...names, "borrar-todo"].map((intent) => ({
    label: `intent=${intent === "borrar-todo" ? "unknown" : intent}`,
    fields: (c, rng, i) => (intent === "borrar-todo" ? [["intent", intent]] : fields(intent, c, rng, i)),
  }));

const sixDigits = (rng: Rng) => String(Math.floor(rng() * 1_000_000)).padStart(6, "0");

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

// The staff back office (/gestion): the owner's forms, with the fuzz's own
// course, editions and throwaway team members (scripts/fuzz/staff.ts).
Object.assign(ACTIONS, {
  "/gestion/activar/:token": {
    body: "form",
    variants: [
      // The "Continuar" button, which binds the link to the browser.
      { label: "intent=open", fields: (): Fields => [["intent", "open"]] },
      ...(["new", "password"] as const).map((mode) => ({
        label: `mode=${mode}`,
        fields: (_c: Ctx, rng: Rng): Fields => [
          ["mode", mode],
          ["firstName", "Lucía"],
          ["lastName", "Gestión"],
          ["password", "Clave-del-equipo-7"],
          ["confirmPassword", "Clave-del-equipo-7"],
          ["currentPassword", "no-es-la-clave"],
          ["code", sixDigits(rng)],
        ],
      })),
    ],
  },
  "/gestion/verificar": {
    body: "form",
    // Now and then a real recovery code: the verification then succeeds and spends the challenge.
    variants: [
      {
        label: "",
        fields: (c: Ctx, rng: Rng): Fields => [
          ["code", rng() < 0.1 && c.staff.recoveryCodes.length ? pick(rng, c.staff.recoveryCodes) : sixDigits(rng)],
        ],
      },
    ],
  },
  "/gestion/avisos": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (_c: Ctx, rng: Rng): Fields =>
          ["sale", "withdrawal", "refund"].filter(() => rng() < 0.7).map((k): [string, string] => [k, "on"]),
      },
    ],
  },
  "/gestion/equipo": {
    body: "form",
    // Never the owner's own id: demoting or removing the fuzz owner would end its session.
    variants: intents(["invite", "revoke", "role", "remove"], (intent, c, rng, i) => {
      if (intent === "invite")
        return [
          ["intent", intent],
          ["email", `fz-invitada-${c.seed}-${c.db}-${i}@example.com`],
          ["role", pick(rng, ["staff", "owner"])],
        ];
      if (intent === "revoke")
        return [
          ["intent", intent],
          ["email", pick(rng, c.staff.revokeEmails)],
        ];
      const userId = rng() < 0.9 ? pick(rng, c.staff.memberIds) : "usuaria-inexistente";
      return intent === "role"
        ? [
            ["intent", intent],
            ["userId", userId],
            ["role", pick(rng, ["staff", "owner"])],
          ]
        : [
            ["intent", intent],
            ["userId", userId],
          ];
    }),
  },
  "/gestion/seguridad": {
    body: "form",
    variants: [{ label: "", fields: (_c: Ctx, rng: Rng) => [["code", sixDigits(rng)]] }],
  },
  "/gestion/cursos/nuevo": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (c: Ctx, _rng: Rng, i: number): Fields => Object.entries(courseFields(`fz-${c.seed}-${c.db}-${i}`)),
      },
    ],
  },
  "/gestion/cursos/:courseId": {
    body: "form",
    variants: intents(["save", "publish", "unpublish"], (intent, c) =>
      intent === "save"
        ? [["intent", intent], ...Object.entries(courseFields(c.staff.courseId))]
        : [["intent", intent]],
    ),
  },
  "/gestion/cursos/:courseId/imagen": {
    body: "form",
    multipart: true,
    variants: [{ label: "", fields: () => [] }],
  },
  // Gestión → Fotos: the upload (multipart, streamed like the course image) and the photo's other writes.
  "/gestion/fotos/subir": {
    body: "form",
    multipart: true,
    variants: [{ label: "", fields: () => [] }],
  },
  "/gestion/fotos": {
    body: "form",
    variants: intents(["remove", "describe", "up", "down"], (intent) => [
      ["intent", intent],
      ["id", "foto-inexistente"],
      ["alt", "Uñas francesas de una clienta"],
    ]),
  },
  "/gestion/cursos/:courseId/convocatorias/nueva": {
    body: "form",
    variants: [{ label: "", fields: (_c: Ctx, _rng: Rng, i: number) => Object.entries(editionFields(10 + (i % 200))) }],
  },
  "/gestion/cursos/:courseId/convocatorias/:editionId": {
    body: "form",
    variants: intents(["save", "close", "reopen"], (intent, _c, rng) =>
      intent === "save"
        ? [["intent", intent], ...Object.entries(editionFields(Math.floor(rng() * 50)))]
        : [["intent", intent]],
    ),
  },
  "/gestion/cursos/:courseId/convocatorias/:editionId/cancelar": {
    body: "form",
    variants: [{ label: "", fields: (_c: Ctx, rng: Rng): Fields => [["confirm", rng() < 0.9 ? "yes" : "no"]] }],
  },
  "/gestion/pedidos/:orderId": {
    body: "form",
    variants: intents(["reenviar-confirmacion"]),
  },
  // The counter (issue 35): its records and pools of drafts are in scripts/fuzz/counter.ts.
  "/gestion/caja": {
    body: "form",
    variants: intents(["appointment", "walk-in"], (intent, c, rng) => counterFields(intent, c.staff.counter, rng)),
  },
  "/gestion/caja/venta/:saleId": {
    body: "form",
    variants: intents(SALE_INTENTS, (intent, c, rng) => saleFields(intent, c.staff.counter, rng)),
  },
  "/gestion/caja/cierre": {
    body: "form",
    variants: intents(["open", "movement", "close", "reopen"], (intent, c, rng) =>
      cashCloseFields(intent, c.staff.counter, rng),
    ),
  },
  "/gestion/caja/ticket/:saleId": {
    body: "form",
    variants: intents(["enviar-correo"], (intent, c, rng) => [
      ["intent", intent],
      ["devolucion", rng() < 0.7 ? "" : pick(rng, [...c.staff.counter.returnInvoiceIds, "devolucion-inexistente"])],
    ]),
  },
  "/gestion/productos/nuevo": {
    body: "form",
    variants: [{ label: "", fields: (_c: Ctx, rng: Rng, i: number) => productFields("guardar", rng, i) }],
  },
  "/gestion/productos/:productId": {
    body: "form",
    variants: intents(["guardar", "ajustar-existencias"], (intent, _c, rng, i) => productFields(intent, rng, i)),
  },
} satisfies Record<string, ActionSpec>);

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
  // /gestion/pedidos (and its CSV export), /gestion/auditoria.
  estado: (_c, rng) => pick(rng, ["paid", "pending", "refunded", "cancelled", "failed", "pagado"]),
  metodo: (_c, rng) => pick(rng, ["card", "klarna", "sequra", "scalapay", "bizum"]),
  desde: (_c, rng) => pick(rng, ["2025-01-01", "2026-05-01", "2027-02-30"]),
  hasta: (_c, rng) => pick(rng, ["2031-12-31", "2026-05-31", "2020-01-01"]),
  q: (c, rng) => pick(rng, [c.user.email, c.paidOrder.slice(0, 8), "fuzz", "@example.com"]),
  pagina: (_c, rng) => pick(rng, ["1", "2", "999999"]),
  tipo: (_c, rng) => pick(rng, ["course", "edition", "order", "user", "staff_invitation", "salon_settings"]),
  tab: (_c, rng) => pick(rng, ["datos", "cursos", "compras", "configuracion"]),
  editar: () => "1",
  guardado: (_c, rng) => pick(rng, ["datos", "1"]),
  redirectTo: () => "/perfil",
  error: () => "google",
  aviso: (_c, rng) =>
    pick(rng, [
      "cuenta-eliminada",
      "creado",
      "guardado",
      "imagen",
      "confirmacion-reenviada",
      // the counter's
      "cobrada",
      "devuelta",
      "cerrada",
      "producto-creado",
      "correo-enviado",
    ]),
  curso: (c, rng) => pick(rng, [...c.courseIds, c.staff.courseId]),
  course_id: (c, rng) => pick(rng, c.courseIds),
  add: (c, rng) => pick(rng, c.courseIds),
  categoria: (_c, rng) => pick(rng, ["experto", "iniciacion", "profesional", "intensivo"]),
  session_id: (c) => new URLSearchParams(c.successQuery).get("session_id") ?? "demo_x",
  intent: () => "register",
  code: () => "codigo",
  state: () => "estado",
  // The counter: its till's day, the change shown after a charge, a return's ticket.
  dia: (c, rng) => pick(rng, [...c.staff.counter.days, "2026-02-30", "ayer"]),
  cambio: (_c, rng) => pick(rng, ["3000", "0", "-5", "1e99", "abc"]),
  devolucion: (c, rng) => pick(rng, [...c.staff.counter.returnInvoiceIds, "devolucion-inexistente"]),
};

export function paramValue(route: RouteInfo, name: string, c: Ctx, rng: Rng, method = "GET", variant = ""): string {
  if (route.pattern.startsWith("/gestion/")) return staffParam(route, name, c, rng, method, variant);
  if (/order/i.test(name)) {
    if (route.pattern.endsWith(".ics")) return rng() < 0.7 ? c.paidOrder : pick(rng, [c.pendingOrder, c.otherOrder]);
    return pick(rng, [c.pendingOrder, c.pendingOrder, c.paidOrder, c.otherOrder]);
  }
  if (/course|^id$/i.test(name)) return rng() < 0.9 ? pick(rng, c.courseIds) : "curso-inexistente";
  return "x";
}

/**
 * /gestion segments: the fuzz's own course and its editions (the cancel page has
 * editions of its own: a cancelled one cannot be edited), the catalogue's
 * courses for reading only, and now and then one that does not exist.
 */
function staffParam(route: RouteInfo, name: string, c: Ctx, rng: Rng, method: string, variant: string): string {
  const s = c.staff;
  if (name === "saleId" || name === "productId") return counterParam(name, s.counter, rng, method, variant);
  const unknown = rng() < 0.1;
  if (name === "orderId")
    return unknown ? "pedido-inexistente" : pick(rng, [c.pendingOrder, c.paidOrder, c.otherOrder]);
  if (name === "token") return unknown ? "token-inventado-123" : pick(rng, s.activationTokens);
  if (name === "courseId") {
    if (unknown) return "curso-inexistente";
    // Editions belong to the fuzz course; the catalogue's own courses are only read.
    if (route.params.includes("editionId") || method !== "GET" || rng() < 0.6) return s.courseId;
    return pick(rng, c.courseIds);
  }
  if (name === "editionId") {
    if (unknown) return "convocatoria-inexistente";
    if (route.pattern.startsWith("/gestion/convocatorias/")) return pick(rng, s.allEditionIds);
    return pick(rng, route.pattern.endsWith("/cancelar") && method !== "GET" ? s.cancelEditionIds : s.editionIds);
  }
  return "x";
}
