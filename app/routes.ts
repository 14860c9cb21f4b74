import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors SPEC.md §2. Each screen is one module; resource routes (sitemap, APIs) too.
// Sections are grouped by area; keep each area's lines together.
export default [
  // — public pages —
  index("routes/home.tsx"),

  // — catalogue and cart —

  // — accounts —

  // — checkout and payments —

  // — assistant —

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
