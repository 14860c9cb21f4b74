/**
 * The legal texts in Catalan (issue 34; Codi de consum de Catalunya art. 128-1):
 * /ca/privacitat, /ca/condicions, /ca/avis-legal and /ca/galetes answer in
 * Catalan with the business's identity (name, NIF) from the one place it lives,
 * the 14-day withdrawal right with its periods, Catalan links between the texts,
 * their own canonical and the hreflang alternates; the Spanish pages read as
 * before. Against the production build (`npm run build` first; BUILD_DIR picks
 * another build folder); PORT_BASE confines the server to a port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import { WITHDRAWAL_FORM_INTRO, WITHDRAWAL_FORM_LINES, WITHDRAWAL_FORM_TITLE } from "~/content/withdrawal-form.ts";
import { TEST_SELLER } from "../helpers/invoices.ts";
import {
  alternateUrls as alternates,
  canonicalUrl as canonical,
  h1Of as h1,
  mainOf,
  mainText as mainTextJoined,
  pageGetter,
  portFromEnv,
  titleOf as title,
} from "../helpers/html-page.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

/** <main>'s text with inline tags joined to their words ("d’<strong>x</strong>" → "d’x"). */
const mainText = (html: string) => mainTextJoined(html, "");

let srv: RunningServer;
const page = pageGetter(() => srv);

beforeAll(async () => {
  srv = await startServer(
    {
      LOG_LEVEL: "warn",
      SELLER_LEGAL_NAME: TEST_SELLER.legalName,
      SELLER_NIF: TEST_SELLER.nif,
      ...portFromEnv(),
    },
    { seed: false },
  );
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

/** The href of every link inside <main>. */
function mainLinks(html: string): string[] {
  return [...mainOf(html).matchAll(/<a [^>]*href="([^"]+)"/gu)].map((m) => m[1]!);
}

interface LegalCase {
  es: string;
  ca: string;
  caTitle: string;
  esTitle: string;
  caSentences: string[];
  esSentences: string[];
}

const CASES: LegalCase[] = [
  {
    es: "/privacy",
    ca: "/ca/privacitat",
    caTitle: "Política de privacitat",
    esTitle: "Política de privacidad",
    caSentences: [
      "La teva privacitat ens importa.",
      "Reglament (UE) 2016/679 (RGPD)",
      "Llei orgànica 3/2018, de protecció de dades personals i garantia dels drets digitals (LOPDGDD)",
      "1. Responsable del tractament",
      `Titular: ${TEST_SELLER.legalName}`,
      `NIF: ${TEST_SELLER.nif}`,
      `Nom comercial: ${site.name}`,
      "Dades del teu compte: nom, cognoms, correu electrònic",
      "Execució del contracte que acceptes en registrar-te (art. 6.1.b RGPD).",
      "Per registrar-te has de tenir almenys 14 anys (art. 7 LOPDGDD).",
      "Agència Espanyola de Protecció de Dades (AEPD), C/ Jorge Juan 6, 28001 Madrid, www.aepd.es (s’obre en una pestanya nova).",
    ],
    esSentences: [
      "Tu privacidad nos importa.",
      `Titular: ${TEST_SELLER.legalName}`,
      `NIF: ${TEST_SELLER.nif}`,
      "Ejecución del contrato que aceptas al registrarte (art. 6.1.b RGPD).",
      "Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid, www.aepd.es (se abre en una pestaña nueva).",
    ],
  },
  {
    es: "/terms",
    ca: "/ca/condicions",
    caTitle: "Condicions generals",
    esTitle: "Términos y condiciones",
    caSentences: [
      "Aquestes condicions regulen la compra de formacions en aquest lloc web.",
      `${site.name} ofereix formacions de tècnica d’ungles impartides al nostre centre de ${site.address.locality}`,
      "6. Dret de desistiment (14 dies)",
      "tens dret a desistir de la compra en un termini de 14 dies naturals des de la data de la comanda, sense necessitat de justificació.",
      `n’hi ha prou amb un correu a ${site.email} amb el teu nom i el número de comanda`,
      "Et retornarem l’import en un màxim de 14 dies des que rebem la teva comunicació, pel mateix mitjà de pagament que vas utilitzar.",
      "pagaràs la part proporcional de les hores ja impartides (art. 108.3 TRLGDCU)",
      "ja no en podràs desistir (art. 103.a TRLGDCU)",
      "Model de formulari de desistiment",
      `A l’atenció de l’empresa ${site.name}, ${site.address.full}, correu electrònic ${site.email}:`,
      "7. Garantia de satisfacció de 30 dies",
      // LSSI art. 27.1.d: the languages in which the contract can be concluded.
      "Pots comprar en català o en castellà. El contracte se celebra en la llengua en què fas la compra en aquest lloc web, i en aquesta mateixa llengua t’enviem la confirmació de la comanda, la factura i els altres documents de la compra.",
    ],
    esSentences: [
      "Estas condiciones regulan la compra de formaciones en este sitio web.",
      "tienes derecho a desistir de la compra en un plazo de 14 días naturales desde la fecha del pedido, sin necesidad de justificación.",
      "Puedes comprar en español o en catalán. El contrato se celebra en el idioma en el que haces la compra en este sitio web, y en ese mismo idioma te enviamos la confirmación del pedido, la factura y los demás documentos de la compra.",
      // The page's form is the one the purchase email copies.
      WITHDRAWAL_FORM_TITLE,
      WITHDRAWAL_FORM_INTRO,
      ...WITHDRAWAL_FORM_LINES,
    ],
  },
  {
    es: "/aviso-legal",
    ca: "/ca/avis-legal",
    caTitle: "Avís legal",
    esTitle: "Aviso legal",
    caSentences: [
      "En compliment de l’article 10 de la Llei 34/2002, d’11 de juliol, de serveis de la societat de la informació i de comerç electrònic (LSSI-CE)",
      "1. Dades identificatives",
      `Titular${TEST_SELLER.legalName}`,
      `NIF${TEST_SELLER.nif}`,
      `Nom comercial${site.name}`,
      `Correu electrònic${site.email}`,
      "Aquest avís legal es regeix per la legislació espanyola.",
    ],
    esSentences: [
      "En cumplimiento del artículo 10 de la Ley 34/2002",
      `Titular${TEST_SELLER.legalName}`,
      `NIF${TEST_SELLER.nif}`,
      `Nombre comercial${site.name}`,
    ],
  },
  {
    es: "/cookies",
    ca: "/ca/galetes",
    caTitle: "Política de galetes",
    esTitle: "Política de cookies",
    caSentences: [
      "no fem servir galetes d’analítica, de publicitat ni de seguiment",
      "an_session",
      "Galeta pròpia, tècnica",
      "Fins que tanquis la sessió, com a màxim 30 dies.",
      "L’article 22.2 de la LSSI-CE eximeix del consentiment les galetes",
    ],
    esSentences: ["no usamos cookies de analítica", "an_session", "alejandra-nails-cart"],
  },
];

/** Spanish words of the shared frame and the texts that must not survive on a Catalan page. */
const SPANISH_LEFTOVERS = [
  "Última actualización",
  "Otros textos legales",
  "Correo electrónico",
  "Nombre comercial",
  "usamos",
  "tus datos",
];

describe.each(CASES)("$ca in Catalan", (c) => {
  it("answers in Catalan with its heading, key sentences and the business's identity", async () => {
    const { status, html } = await page(c.ca);
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    expect(h1(html)).toBe(c.caTitle);
    expect(title(html)).toBe(`${c.caTitle} · ${site.name}`);
    const body = mainText(html);
    expect(body).toContain("Darrera actualització: novembre de 2026");
    expect(body).toContain("Altres textos legals");
    for (const sentence of c.caSentences) expect(body).toContain(sentence);
    for (const spanish of SPANISH_LEFTOVERS) expect(body).not.toContain(spanish);
  });

  it("links to the other legal texts in Catalan", async () => {
    const links = mainLinks((await page(c.ca)).html);
    for (const sibling of ["/ca/privacitat", "/ca/condicions", "/ca/avis-legal", "/ca/galetes"]) {
      expect(links).toContain(sibling);
    }
    expect(links.filter((l) => ["/privacy", "/terms", "/aviso-legal", "/cookies"].includes(l))).toEqual([]);
  });

  it("has its own canonical and the hreflang alternates", async () => {
    const { html } = await page(c.ca);
    expect(canonical(html)).toBe(`${srv.url}${c.ca}`);
    expect(alternates(html)).toEqual({
      es: `${srv.url}${c.es}`,
      ca: `${srv.url}${c.ca}`,
      "x-default": `${srv.url}${c.es}`,
    });
    expect(html).toContain('<meta property="og:locale" content="ca_ES"/>');
  });
});

describe.each(CASES)("$es in Spanish", (c) => {
  it("reads as before, with the same alternates", async () => {
    const { status, html } = await page(c.es);
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="es"/u);
    expect(h1(html)).toBe(c.esTitle);
    expect(title(html)).toBe(`${c.esTitle} · ${site.name}`);
    const body = mainText(html);
    expect(body).toContain("Última actualización: noviembre de 2026");
    for (const sentence of c.esSentences) expect(body).toContain(sentence);
    const links = mainLinks(html);
    for (const sibling of ["/privacy", "/terms", "/aviso-legal", "/cookies"]) expect(links).toContain(sibling);
    expect(canonical(html)).toBe(`${srv.url}${c.es}`);
    expect(alternates(html)).toEqual({
      es: `${srv.url}${c.es}`,
      ca: `${srv.url}${c.ca}`,
      "x-default": `${srv.url}${c.es}`,
    });
  });
});
