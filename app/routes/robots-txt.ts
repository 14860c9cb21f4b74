import { getServices } from "~/context.server.ts";
import { renderRobots } from "~/lib/sitemap.server.ts";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  const origin = new URL(getServices(context).config.publicUrl).origin;
  return new Response(renderRobots(origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
