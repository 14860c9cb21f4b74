import { getServices } from "~/context.server.ts";
import { renderSitemap, sitemapEntries } from "~/lib/sitemap.server.ts";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = getServices(context);
  const origin = new URL(config.publicUrl).origin;
  const body = renderSitemap(origin, await sitemapEntries(db));
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
