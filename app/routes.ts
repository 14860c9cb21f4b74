import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors SPEC.md §2. Each screen is one module; resource routes (sitemap, APIs) too.
// Sections are grouped by area; keep each area's lines together.
export default [
  // — public pages —
  index("routes/home.tsx"),
  route("equipo", "routes/equipo.tsx"),
  route("contacto", "routes/contacto.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("aviso-legal", "routes/aviso-legal.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // — catalogue and cart —
  route("formaciones", "routes/formaciones.tsx"),
  route("formaciones/:id", "routes/curso.tsx"),
  route("carrito", "routes/carrito.tsx"),
  route("api/catalogue", "routes/api.catalogue.ts"),

  // — accounts —
  route("login", "routes/login.tsx"),
  route("registro", "routes/registro.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("restablecer-contrasena", "routes/restablecer-contrasena.tsx"),
  route("verificar-email", "routes/verificar-email.tsx"),
  route("logout", "routes/logout.ts"),
  route("auth/google", "routes/auth.google.ts"),
  route("auth/google/callback", "routes/auth.google.callback.ts"),
  route("perfil", "routes/perfil.tsx"),
  route("perfil/mis-datos.json", "routes/perfil.mis-datos.ts"),

  // — checkout and payments —
  route("api/create-checkout-session", "routes/api.create-checkout-session.ts"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  route("checkout/:courseId", "routes/checkout.tsx"),
  route("pago-demo/:orderId", "routes/pago-demo.tsx"),
  route("success", "routes/success.tsx"),
  route("cancel", "routes/cancel.tsx"),
  route("mis-cursos", "routes/mis-cursos.tsx"),
  route("api/pedidos/:orderId/calendario.ics", "routes/api.pedidos.calendario.ts"),

  // — assistant —
  route("chatbot/chat", "routes/chatbot-chat.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
