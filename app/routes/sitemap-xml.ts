import { getServices } from "~/context.server.ts";
import { renderSitemap, sitemapEntries } from "~/lib/sitemap.server.ts";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const origin = new URL(getServices(context).config.publicUrl).origin;
  const body = renderSitemap(origin, await sitemapEntries(context));
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
