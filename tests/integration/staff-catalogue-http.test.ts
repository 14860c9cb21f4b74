/**
 * The catalogue admin over HTTP against the production build (`npm run build`
 * first), on SQLite and PostgreSQL: a customer cannot reach it; the staff's
 * changes show on the public pages at once; the image upload streams, checks the
 * file's bytes, renders the pipeline's renditions and serves them cached for a year.
 */
import { existsSync, readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { uploadedImageEntry } from "~/domain/course-image.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const COURSE = {
  id: "nail-art-http",
  title: "Nail art HTTP",
  category: "experto",
  level: "Experto",
  description: "Diseños a mano alzada y con sellos.",
  features: "Pinceles\nSellos",
  price: "280",
  originalPrice: "",
  duration: "12 horas",
  classSize: "8",
};

describe.each(dbKinds)("staff catalogue over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  let staffCookie: string;
  let customerCookie: string;

  const form = (urlPath: string, fields: Record<string, string>, cookie = staffCookie) =>
    fetch(`${srv.url}${urlPath}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const page = async (urlPath: string, cookie?: string) => {
    const res = await fetch(`${srv.url}${urlPath}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
    return { res, html: await res.text() };
  };
  const upload = (file: Uint8Array, name: string, type: string, cookie = staffCookie, suffix = "") => {
    const body = new FormData();
    body.append("image", new Blob([file as Uint8Array<ArrayBuffer>], { type }), name);
    return fetch(`${srv.url}/gestion/cursos/${COURSE.id}/imagen${suffix}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie },
      body,
    });
  };
  const courseImage = async () =>
    (await t.db.selectFrom("courses").select("image").where("id", "=", COURSE.id).executeTakeFirstOrThrow()).image;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "equipo-http@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    staffCookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    const customer = await makeUser(t.db, "clienta-http@example.com");
    customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
    srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn" });
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("answers a customer 403 on every catalogue screen and action, changing nothing", async () => {
    for (const urlPath of ["/gestion/cursos", "/gestion/cursos/nuevo", "/gestion/cursos/formacion-inicio"]) {
      const { res, html } = await page(urlPath, customerCookie);
      expect(res.status, urlPath).toBe(403);
      expect(html).toContain("Acceso restringido");
    }
    expect((await form("/gestion/cursos/nuevo", COURSE, customerCookie)).status).toBe(403);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#c04080" } })
      .png()
      .toBuffer();
    expect((await upload(png, "a.png", "image/png", customerCookie)).status).toBe(403);
    expect(
      await t.db.selectFrom("courses").select("id").where("id", "=", COURSE.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await page("/gestion/cursos")).res.status).toBe(302); // a visitor goes to sign in
  });

  it("creates, publishes and reprices a course: /formaciones and its page show the change at once", async () => {
    const created = await form("/gestion/cursos/nuevo", COURSE);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(`/gestion/cursos/${COURSE.id}?aviso=creado`);
    const staffPage = await page(`/gestion/cursos/${COURSE.id}?aviso=creado`, staffCookie);
    expect(staffPage.res.status).toBe(200);
    expect(staffPage.html).toContain("<h1>Nail art HTTP</h1>");
    expect(staffPage.html).toContain('<meta name="robots" content="noindex"/>');
    expect((await page(`/formaciones/${COURSE.id}`)).res.status).toBe(404);

    expect((await form(`/gestion/cursos/${COURSE.id}`, { intent: "publish" })).status).toBe(302);
    const edition = await form(`/gestion/cursos/${COURSE.id}/convocatorias/nueva`, {
      startsOn: "2030-03-04",
      endsOn: "2030-03-05",
      schedule: "Lunes y martes, 16:00–20:00",
      seats: "8",
    });
    expect(edition.status).toBe(302);

    let detail = await page(`/formaciones/${COURSE.id}`);
    expect(detail.res.status).toBe(200);
    expect(detail.html).toContain("280,00\u00a0€");
    expect(detail.html).toContain("Horario: Lunes y martes, 16:00–20:00");

    expect((await form(`/gestion/cursos/${COURSE.id}`, { ...COURSE, price: "1.250,50", intent: "save" })).status).toBe(
      302,
    );
    detail = await page(`/formaciones/${COURSE.id}`);
    expect(detail.html).toContain("1.250,50\u00a0€");
    expect(detail.html).not.toContain("280,00\u00a0€");
    const list = await page("/formaciones");
    expect(list.html).toContain("Nail art HTTP");
    expect(list.html).toContain("1.250,50\u00a0€");
    const api = await fetch(`${srv.url}/api/catalogue`);
    expect(api.headers.get("cache-control")).toBe("public, no-cache");
    const { courses } = (await api.json()) as { courses: { id: string; priceCents: number }[] };
    expect(courses.find((c) => c.id === COURSE.id)?.priceCents).toBe(125050);
  });

  it("uploads real PNG, JPEG and WebP files into AVIF/WebP/JPEG renditions served for a year", async () => {
    const base = sharp({ create: { width: 1200, height: 900, channels: 3, background: "#d06090" } });
    const files: [Buffer, string, string][] = [
      [await base.clone().png().toBuffer(), "foto.png", "image/png"],
      [await base.clone().jpeg().toBuffer(), "foto.jpg", "image/jpeg"],
      // A WebP sent as "application/octet-stream": the bytes decide, not the browser's type.
      [
        await sharp({ create: { width: 700, height: 500, channels: 3, background: "#407090" } })
          .webp()
          .toBuffer(),
        "foto.webp",
        "application/octet-stream",
      ],
    ];
    for (const [bytes, name, type] of files) {
      const res = await upload(bytes, name, type);
      expect(res.status, name).toBe(302);
      expect(res.headers.get("location")).toBe(`/gestion/cursos/${COURSE.id}?aviso=imagen#imagen`);
      const entry = uploadedImageEntry(await courseImage());
      expect(entry, name).not.toBeNull();
      for (const variant of [...entry!.avif, ...entry!.webp, ...entry!.jpeg]) {
        expect(existsSync(path.join(srv.dataDir, "img", path.basename(variant.src))), variant.src).toBe(true);
      }
    }
    const entry = uploadedImageEntry(await courseImage())!;
    expect(entry).toMatchObject({ width: 700, height: 467 });
    const largest = entry.avif.at(-1)!;
    const served = await fetch(`${srv.url}${largest.src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/avif");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([700, 467]);
    const jpeg = await sharp(path.join(srv.dataDir, "img", path.basename(entry.jpeg[0].src))).metadata();
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(["jpeg", 700, 467]);
    expect((await fetch(`${srv.url}/img/uploads/course-0000000000000000-320.avif`)).status).toBe(404);
    expect((await fetch(`${srv.url}/img/uploads/.incoming`)).status).toBe(404);

    // The public page draws the uploaded photo.
    expect((await page(`/formaciones/${COURSE.id}`)).html).toContain(entry.webp[0].src);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", COURSE.id)
      .where("action", "=", "course.image")
      .execute();
    expect(audit).toHaveLength(3);
  });

  it("also takes the upload React Router sends with JavaScript (the .data URL)", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#70a040" } })
      .png()
      .toBuffer();
    const res = await upload(png, "js.png", "image/png", staffCookie, ".data");
    expect(res.status).toBe(202);
    expect(uploadedImageEntry(await courseImage())?.width).toBe(640);
  });

  it("refuses a text file renamed .jpg, a tiny image and a missing file, in Spanish", async () => {
    const before = await courseImage();
    const text = new TextEncoder().encode("esto no es una imagen\n".repeat(50));
    let res = await upload(text, "foto.jpg", "image/jpeg");
    expect(res.status).toBe(415);
    expect(await res.text()).toContain("El archivo no es una imagen JPEG, PNG o WebP");
    // A GIF is a real image, but not one of the three formats.
    const gif = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await upload(gif, "foto.png", "image/png")).status).toBe(415);
    const tiny = await sharp({ create: { width: 100, height: 80, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    res = await upload(tiny, "mini.png", "image/png");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("La imagen es demasiado pequeña");
    res = await upload(new Uint8Array(0), "", "application/octet-stream");
    expect(res.status).toBe(400);
    const plain = await form(`/gestion/cursos/${COURSE.id}/imagen`, { image: "x" });
    expect(plain.status).toBe(415);
    expect(await courseImage()).toBe(before);
    expect(readdirSync(path.join(srv.dataDir, "img", ".incoming"))).toEqual([]);
  });

  it("refuses an oversize upload with 413: at once for a declared length, at the cap for a streamed one", async () => {
    const url = new URL(`${srv.url}/gestion/cursos/${COURSE.id}/imagen`);
    const boundary = "----limite";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="grande.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

    // Declares 50 MB but sends a few bytes: answered without waiting for (or reading) the body.
    const declared = await rawPost(url, { "content-length": String(50 * 1024 * 1024) }, boundary, (req) => {
      req.write(head);
    });
    expect(declared.status).toBe(413);

    // Chunked, no length: 9 MB of "image" is cut at the 8 MB cap.
    const streamed = await rawPost(url, { "transfer-encoding": "chunked" }, boundary, (req) => {
      req.write(head);
      const chunk = Buffer.alloc(256 * 1024, 0xff);
      let sent = 0;
      const pump = () => {
        while (sent < 9 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toContain("La imagen es demasiado grande");
    expect(readdirSync(path.join(srv.dataDir, "img", ".incoming"))).toEqual([]);
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  });

  // Found by the fuzzer: a skipped file part cut off by the end of the body failed
  // its stream with no listener and took the whole server down ("Unexpected end of form").
  it("answers 400 to a body that ends inside a skipped file part, and keeps serving", async () => {
    const url = new URL(`${srv.url}/gestion/cursos/${COURSE.id}/imagen`);
    const boundary = "----cortado";
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#305080" } })
      .png()
      .toBuffer();
    const part = (name: string, filename: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
    const cut = Buffer.concat([
      Buffer.from(part("image", "una.png")),
      png,
      Buffer.from(`\r\n${part("image", "otra.png")}`),
      png.subarray(0, 100),
    ]);
    for (const skipped of [cut, Buffer.concat([Buffer.from(part("otro", "otra.png")), png.subarray(0, 100)])]) {
      const res = await rawPost(url, { "content-length": String(skipped.length) }, boundary, (req) => req.end(skipped));
      expect(res.status).toBe(400);
      expect(res.body).toContain("No se ha podido leer el archivo enviado");
      expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
    }

    expect(readdirSync(path.join(srv.dataDir, "img", ".incoming"))).toEqual([]);
  });

  function rawPost(
    url: URL,
    headers: Record<string, string>,
    boundary: string,
    send: (req: ReturnType<typeof httpRequest>) => void,
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: "POST",
          headers: {
            ...headers,
            origin: srv.url,
            cookie: staffCookie,
            "content-type": `multipart/form-data; boundary=${boundary}`,
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", reject);
        },
      );
      // The server may answer and close before everything was sent: that is the point.
      req.on("error", () => {});
      send(req);
    });
  }
});
