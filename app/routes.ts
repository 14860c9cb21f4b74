import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors SPEC.md §2. Each screen is one module; resource routes (sitemap, APIs) too.
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
