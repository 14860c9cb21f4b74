import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { absoluteUrl, fullTitle, jsonLd, pageMeta, rootOrigin } from "../../app/lib/seo.ts";
import { renderRobots, renderSitemap, sitemapEntries, sitemapPaths } from "../../app/lib/sitemap.server.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

describe("pageMeta", () => {
  const tags = pageMeta({
    title: "Contacto",
    description: "Dónde estamos",
    path: "/contacto",
    origin: "https://salon.example",
  });
  const find = (key: string, value: string) =>
    tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

  it("builds title, description, canonical and Open Graph from one input", () => {
    expect(tags[0]).toEqual({ title: "Contacto · Alejandra Nails" });
    expect(find("name", "description")?.content).toBe("Dónde estamos");
    expect(find("rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://salon.example/contacto",
    });
    expect(find("property", "og:url")?.content).toBe("https://salon.example/contacto");
    expect(find("property", "og:title")?.content).toBe("Contacto · Alejandra Nails");
    expect(find("property", "og:type")?.content).toBe("website");
    expect(find("property", "og:locale")?.content).toBe("es_ES");
    expect(find("property", "og:site_name")?.content).toBe("Alejandra Nails");
    expect(find("property", "og:image")?.content).toMatch(/^https:\/\/salon\.example\/img\/og-default/);
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find("name", "robots")).toBeUndefined();
  });

  it("keeps a title that already names the salon, takes a custom image and can hide a page", () => {
    const custom = pageMeta({
      title: "Alejandra Nails · Salón de uñas",
      description: "d",
      path: "/",
      origin: "https://salon.example/",
      image: "/img/hero.jpg",
      type: "article",
      noindex: true,
    });
    expect(custom[0]).toEqual({ title: "Alejandra Nails · Salón de uñas" });
    expect(custom).toContainEqual({ property: "og:image", content: "https://salon.example/img/hero.jpg" });
    expect(custom).toContainEqual({ property: "og:type", content: "article" });
    expect(custom).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("joins origins and paths and reads the origin from the root match", () => {
    expect(absoluteUrl("https://a.example/", "/x")).toBe("https://a.example/x");
    expect(absoluteUrl("https://a.example", "x")).toBe("https://a.example/x");
    expect(absoluteUrl("https://a.example", "https://cdn.example/i.jpg")).toBe("https://cdn.example/i.jpg");
    expect(fullTitle("Equipo")).toBe("Equipo · Alejandra Nails");
    expect(rootOrigin([{ id: "root", loaderData: { user: null, origin: "https://o.example" } }, undefined])).toBe(
      "https://o.example",
    );
    expect(rootOrigin([])).toBe("https://www.alejandranails.es");
    expect(jsonLd({ "@type": "NailSalon" })).toEqual({ "script:ld+json": { "@type": "NailSalon" } });
  });
});

describe("sitemap and robots rendering", () => {
  it("lists every static public page plus provider entries, without duplicates, escaped", async () => {
    const entries = await sitemapEntries({} as never, [
      async () => [{ path: "/formaciones/expert-nails", lastmod: "2026-11-01" }, { path: "/contacto" }],
    ]);
    expect(entries.map((e) => e.path)).toEqual([...sitemapPaths, "/formaciones/expert-nails"]);
    const xml = renderSitemap("https://salon.example", [...entries, { path: "/a?b=1&c=2" }]);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml).toContain("<loc>https://salon.example/formaciones/expert-nails</loc><lastmod>2026-11-01</lastmod>");
    expect(xml).toContain("<loc>https://salon.example/a?b=1&amp;c=2</loc></url>");
  });

  it("lists a page with a Catalan version in both languages, each naming both and the default", () => {
    const xml = renderSitemap("https://salon.example", [{ path: "/equipo" }, { path: "/gestion" }]);
    const alternates =
      '<xhtml:link rel="alternate" hreflang="es" href="https://salon.example/equipo"/>' +
      '<xhtml:link rel="alternate" hreflang="ca" href="https://salon.example/ca/equip"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://salon.example/equipo"/>';
    expect(xml).toContain(`<url><loc>https://salon.example/equipo</loc>${alternates}</url>`);
    expect(xml).toContain(`<url><loc>https://salon.example/ca/equip</loc>${alternates}</url>`);
    expect(xml).toContain("<url><loc>https://salon.example/gestion</loc></url>");
  });

  it("allows everything but private paths and points at the absolute sitemap", () => {
    const txt = renderRobots("https://salon.example");
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ["/perfil", "/checkout", "/mis-cursos", "/success", "/cancel", "/pago-demo", "/api", "/gestion"]) {
      expect(txt).toContain(`Disallow: ${path}\n`);
    }
    // The same private pages at their Catalan addresses.
    for (const path of ["/ca/perfil", "/ca/pagament", "/ca/els-meus-cursos", "/ca/compra-completada"]) {
      expect(txt).toContain(`Disallow: ${path}\n`);
    }
    expect(txt).toContain("Sitemap: https://salon.example/sitemap.xml");
  });
});

// Against the production build (`npm run build` first), with PUBLIC_URL set.
describe("GET /sitemap.xml and /robots.txt", () => {
  let srv: RunningServer;
  beforeAll(async () => {
    // A public origin without Stripe starts only with the explicit demo opt-in.
    srv = await startServer({ PUBLIC_URL: "https://www.salon.example", DEMO_PAYMENTS: "1", LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it("serves the sitemap as XML with absolute URLs from PUBLIC_URL", async () => {
    const res = await fetch(`${srv.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    for (const path of [
      "/",
      "/equipo",
      "/formaciones",
      "/contacto",
      "/privacy",
      "/terms",
      "/aviso-legal",
      "/cookies",
    ]) {
      expect(xml).toContain(`<loc>https://www.salon.example${path}</loc>`);
    }
  });

  it("serves robots.txt as text", async () => {
    const res = await fetch(`${srv.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toContain("Sitemap: https://www.salon.example/sitemap.xml");
  });

  it("renders canonical and og:url from PUBLIC_URL, not from the Host header", async () => {
    const html = await (await fetch(`${srv.url}/contacto`)).text();
    expect(html).toContain('<link rel="canonical" href="https://www.salon.example/contacto"/>');
    expect(html).toContain('<meta property="og:url" content="https://www.salon.example/contacto"/>');
  });
});
