/**
 * Gestión → Fotos (the designer's walk, item 15) through its actions and the public
 * loaders, on SQLite and PostgreSQL: a real JPEG or PNG made here goes through the
 * course images' pipeline, shows on the home page, /equipo and /servicios, and its
 * removal brings the artwork back; hostile files are refused in Spanish; a customer
 * never gets past the staff check; every write is audited and moves the public
 * pages' content version (the anonymous page cache's key).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import { isImageUploadPath } from "~/catalogue/image-upload-route.ts";
import { founder, teamMembers } from "~/content/team.ts";
import { readContentVersion } from "~/lib/content-version.server.ts";
import { loader as equipoLoader } from "~/routes/equipo.tsx";
import { loadPhotosPage, photosAction, uploadPhotoAction } from "~/routes/gestion.fotos.server.ts";
import { loader as homeLoader } from "~/routes/home.tsx";
import { loadServicesPage } from "~/routes/servicios.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { bodyOf, staffContext, statusOf, thrown } from "../helpers/staff.ts";

const BASE = "http://localhost:3999/gestion/fotos";

type Ctx = Awaited<ReturnType<typeof staffContext>>["context"];

function uploadRequest(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append("image", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return new Request(`${BASE}/subir`, { method: "POST", body });
}

function formRequest(fields: Record<string, string>) {
  return new Request(BASE, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function photo(width: number, height: number, format: "jpeg" | "png", background = "#c04080") {
  const base = sharp({ create: { width, height, channels: 3, background } });
  return new Uint8Array(await (format === "jpeg" ? base.jpeg() : base.png()).toBuffer());
}

/** The status and Location of what an action returned or threw. */
async function outcome(
  fn: () => Promise<unknown>,
): Promise<{ status: number; location: string | null; body: unknown }> {
  let value: unknown;
  try {
    value = await fn();
  } catch (e) {
    value = e;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), body: null };
  return { status: statusOf(value), location: null, body: bodyOf(value) };
}

describe.each(dbKinds)("site photos on %s", (kind) => {
  let t: TestDb;
  let context: Ctx;
  let dataDir: string;
  const version = async () => Number(await readContentVersion(t.db));
  const loaderArgs = (ctx: Ctx) =>
    ({ context: ctx, request: new Request("http://localhost:3999/"), params: {} }) as never;
  const audits = (action: string) =>
    t.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute();

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "fotos@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    ({ context } = await staffContext(t.db, kind, staff.id));
    dataDir = (await import("~/context.server.ts")).getServices(context).config.dataDir;
  }, 60_000);
  afterAll(async () => t?.cleanup());

  it("streams the upload route past the 64 KB form cap", () => {
    expect(isImageUploadPath("/gestion/fotos/subir")).toBe(true);
    expect(isImageUploadPath("/gestion/fotos/subir.data")).toBe(true);
    expect(isImageUploadPath("/gestion/fotos")).toBe(false);
  });

  it("shows the artwork, with copy that fits it, while there are no photos", async () => {
    const home = await homeLoader(loaderArgs(context));
    expect(home).toEqual({ hero: null, gallery: [], messages: expect.any(Object) });
    const equipo = await equipoLoader(loaderArgs(context));
    expect(equipo).toEqual({ team: null, professionals: {}, messages: expect.any(Object) });
    expect((await loadServicesPage(t.db)).photos).toEqual({});
  });

  it("uploads a hero JPEG: rendered under DATA_DIR/img, on the home page, audited, content version moved", async () => {
    const before = await version();
    const portada = await photo(1600, 900, "jpeg");
    const res = await outcome(() =>
      uploadPhotoAction(
        uploadRequest(
          { slot: "hero", alt: "Mesa de manicura del salón con luz de mañana" },
          { bytes: portada, name: "portada.jpg", type: "image/jpeg" },
        ),
        context,
      ),
    );
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/gestion\/fotos\?aviso=subida#foto-/);
    expect(await version()).toBeGreaterThan(before);

    const { hero } = await homeLoader(loaderArgs(context));
    expect(hero?.alt).toBe("Mesa de manicura del salón con luz de mañana");
    expect(hero?.entry).toMatchObject({ width: 1600, height: 900 });
    expect(hero?.entry.avif.map((v) => v.width)).toEqual([320, 480, 640, 960, 1280, 1600]);
    for (const v of [...hero!.entry.avif, ...hero!.entry.webp, ...hero!.entry.jpeg]) {
      expect(existsSync(path.join(dataDir, "img", path.basename(v.src))), v.src).toBe(true);
    }
    const [entry] = await audits("photo.upload");
    expect(entry).toMatchObject({ actor_email: "fotos@example.com", entity_type: "photo" });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ slot: "hero", alt: hero!.alt });

    // A second hero replaces the first (one photo in that place), audited as a replacement.
    await uploadPhotoAction(
      uploadRequest(
        { slot: "hero", alt: "Fachada del salón en la calle Major" },
        { bytes: await photo(1920, 1080, "png", "#402030"), name: "fachada.png", type: "image/png" },
      ),
      context,
    );
    const rows = await t.db.selectFrom("site_photos").select(["alt"]).where("slot", "=", "hero").execute();
    expect(rows).toEqual([{ alt: "Fachada del salón en la calle Major" }]);
    expect(await audits("photo.replace")).toHaveLength(1);
  });

  it("fills the gallery in order, and the home page calls it our work", async () => {
    for (const [i, colour] of ["#aa3355", "#3355aa"].entries()) {
      const res = await outcome(async () =>
        uploadPhotoAction(
          uploadRequest(
            { slot: "gallery", alt: `Uñas de clienta número ${i + 1}`, caption: i === 0 ? "Francesa" : "" },
            { bytes: await photo(800, 600, "png", colour), name: "g.png", type: "image/png" },
          ),
          context,
        ),
      );
      expect(res.status).toBe(302);
    }
    let { gallery } = await homeLoader(loaderArgs(context));
    expect(gallery.map((g) => [g.alt, g.caption])).toEqual([
      ["Uñas de clienta número 1", "Francesa"],
      ["Uñas de clienta número 2", null],
    ]);
    const second = gallery[1]!.id;
    expect((await outcome(() => photosAction(formRequest({ intent: "up", id: second }), context))).status).toBe(302);
    ({ gallery } = await homeLoader(loaderArgs(context)));
    expect(gallery[0]!.id).toBe(second);
    expect(await audits("photo.move")).toHaveLength(1);
  });

  it("puts a portrait on /equipo and a picture on /servicios; removing them brings the artwork back", async () => {
    const upload = async (slot: string, subject: string, alt: string, w: number, h: number) =>
      outcome(async () =>
        uploadPhotoAction(
          uploadRequest(
            { slot, subject, alt },
            { bytes: await photo(w, h, "jpeg"), name: "f.jpg", type: "image/jpeg" },
          ),
          context,
        ),
      );
    expect((await upload("professional", "laura", "Laura Martínez en su mesa de trabajo", 600, 750)).status).toBe(302);
    expect((await upload("service", "semipermanente", "Manicura semipermanente en rosa", 640, 480)).status).toBe(302);
    const equipo = await equipoLoader(loaderArgs(context));
    expect(equipo.professionals.laura?.alt).toBe("Laura Martínez en su mesa de trabajo");
    expect(equipo.professionals.laura?.entry).toMatchObject({ width: 600, height: 750 });
    expect(equipo.team).toBeNull();
    const services = await loadServicesPage(t.db);
    expect(Object.keys(services.photos)).toEqual(["semipermanente"]);

    const before = await version();
    const portrait = equipo.professionals.laura!.id;
    const res = await outcome(() => photosAction(formRequest({ intent: "remove", id: portrait }), context));
    expect(res).toMatchObject({ status: 302, location: "/gestion/fotos?aviso=quitada" });
    expect(await version()).toBeGreaterThan(before);
    expect((await equipoLoader(loaderArgs(context))).professionals).toEqual({});
    const [removed] = await audits("photo.remove");
    expect(removed).toMatchObject({ entity_id: portrait, after_json: null });
    expect(JSON.parse(removed!.before_json!)).toMatchObject({ slot: "professional", subjectId: "laura" });

    // A professional or a service that does not exist gets nothing.
    expect((await upload("professional", "nadie", "Una persona que no existe", 600, 750)).status).toBe(404);
  });

  it("changes a photo's alt text, never to an empty one", async () => {
    const { hero } = await homeLoader(loaderArgs(context));
    const bad = await outcome(() => photosAction(formRequest({ intent: "describe", id: hero!.id, alt: " " }), context));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "Describe la foto para quien no pueda verla (texto alternativo)" });
    const ok = await outcome(() =>
      photosAction(formRequest({ intent: "describe", id: hero!.id, alt: "Fachada del salón al atardecer" }), context),
    );
    expect(ok.status).toBe(302);
    expect((await homeLoader(loaderArgs(context))).hero?.alt).toBe("Fachada del salón al atardecer");
    expect(await audits("photo.describe")).toHaveLength(1);
  });

  it("refuses hostile or unfit files and missing alt text in Spanish, storing nothing", async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("site_photos")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refuse = async (fields: Record<string, string>, file: Parameters<typeof uploadRequest>[1]) =>
      outcome(() => uploadPhotoAction(uploadRequest(fields, file), context));
    const text = new TextEncoder().encode("<?php system($_GET['c']); ?>\n".repeat(40));
    let res = await refuse(
      { slot: "gallery", alt: "Un archivo disfrazado" },
      { bytes: text, name: "x.jpg", type: "image/jpeg" },
    );
    expect(res).toMatchObject({ status: 415, body: { error: "El archivo no es una imagen JPEG, PNG o WebP" } });
    // JPEG bytes that claim to be a PNG in their header lie about their type: refused too.
    const jpegAsPng = await photo(800, 600, "jpeg");
    jpegAsPng.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    res = await refuse(
      { slot: "gallery", alt: "Una cabecera falsa" },
      { bytes: jpegAsPng, name: "x.png", type: "image/png" },
    );
    expect(res.status).toBe(415);
    res = await refuse(
      { slot: "hero", alt: "Una portada pequeña" },
      { bytes: await photo(640, 360, "png"), name: "p.png", type: "image/png" },
    );
    expect(res).toMatchObject({
      status: 400,
      body: { error: "La imagen es demasiado pequeña: necesita al menos 1280 × 720 píxeles" },
    });
    res = await refuse(
      { slot: "gallery", alt: "" },
      { bytes: await photo(800, 600, "png"), name: "g.png", type: "image/png" },
    );
    expect(res).toMatchObject({
      status: 400,
      body: { error: "Describe la foto para quien no pueda verla (texto alternativo)" },
    });
    res = await refuse({ slot: "gallery", alt: "Sin archivo" }, undefined);
    expect(res).toMatchObject({ status: 400, body: { error: "Elige una imagen para subir" } });
    expect(await count()).toBe(before);
  });

  it("lists everything for Gestión, and keeps customers out of the staff area", async () => {
    const page = await loadPhotosPage(new Request(`${BASE}?aviso=subida`), context);
    expect(page.notice).toBe("Foto guardada: ya se ve en la web.");
    expect(page.photos.map((p) => p.slot).sort()).toEqual(["gallery", "gallery", "hero", "service"]);
    expect(page.professionals.map((p) => p.id)).toContain("laura");
    // /equipo's people are the seeded professionals: each portrait has a card to replace.
    for (const person of [founder, ...teamMembers]) {
      expect(page.professionals.map((p) => p.id)).toContain(person.professionalId);
    }

    const customer = await makeUser(t.db, "clienta-fotos@example.com");
    const cookie = `an_session=${await insertSession(t.db, customer.id)}`;
    const { context: customerContext } = makeContext(t.db, kind);
    const refused = await thrown(
      provideStaff(new Request(`${BASE}/subir`, { method: "POST", headers: { cookie } }), customerContext),
    );
    expect(refused).toMatchObject({ init: { status: 403 } });
  });
});
