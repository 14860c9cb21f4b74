/**
 * The salon's own photos (table site_photos, 0018): the one home for their reads
 * and writes. Uploads go through the shared pipeline (./image-upload.server.ts);
 * every write is audited in its transaction and bumps the public pages' content
 * version (the table's triggers), so the anonymous page cache follows at once.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import type { AuditActor } from "~/audit/audit.server.ts";
import { recordAudit } from "~/audit/audit.server.ts";
import { uploadedImagesDir } from "~/catalogue/image-upload-route.ts";
import type { ImageEntry } from "~/content/image-names.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import {
  checkAlt,
  parsePhotoFields,
  PHOTO_MESSAGES,
  PHOTO_SLOT_SPECS,
  photoEntry,
  photoHeight,
  photoMaxWidth,
  photoRenditions,
  slotHasRoom,
  type PhotoFields,
  type PhotoSlot,
} from "~/domain/site-photo.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { ImageUploadError, receiveUpload, renderUploadedImage, type RenderSpec } from "./image-upload.server.ts";

/** A photo as a page draws it. */
export interface PhotoView {
  id: string;
  entry: ImageEntry;
  alt: string;
  caption: string | null;
}

/** A photo as Gestión lists it. */
export interface StaffPhoto extends PhotoView {
  slot: PhotoSlot;
  subjectId: string | null;
  position: number;
}

type Row = {
  id: string;
  slot: string;
  subject_id: string | null;
  alt: string;
  caption: string | null;
  image_key: string;
  width: number;
  color: string;
  position: number;
};

const COLUMNS = ["id", "slot", "subject_id", "alt", "caption", "image_key", "width", "color", "position"] as const;

function toStaffPhoto(row: Row): StaffPhoto {
  const slot = row.slot as PhotoSlot;
  return {
    id: row.id,
    slot,
    subjectId: row.subject_id,
    position: row.position,
    alt: row.alt,
    caption: row.caption,
    entry: photoEntry({ slot, imageKey: row.image_key, width: row.width, color: row.color }),
  };
}

const view = ({ id, entry, alt, caption }: StaffPhoto): PhotoView => ({ id, entry, alt, caption });

/** Every photo, by slot, subject and position (Gestión). */
export async function listSitePhotos(db: Db): Promise<StaffPhoto[]> {
  const rows = await db
    .selectFrom("site_photos")
    .select(COLUMNS)
    .orderBy("slot")
    .orderBy("subject_id")
    .orderBy("position")
    .execute();
  return rows.map(toStaffPhoto);
}

/** The photos the public pages show: hero, gallery (in order), team, and by professional and service. */
export interface PublicPhotos {
  hero: PhotoView | null;
  gallery: PhotoView[];
  team: PhotoView | null;
  professionals: Record<string, PhotoView>;
  services: Record<string, PhotoView>;
}

export async function publicPhotos(db: Db, slots: readonly PhotoSlot[]): Promise<PublicPhotos> {
  const out: PublicPhotos = { hero: null, gallery: [], team: null, professionals: {}, services: {} };
  if (slots.length === 0) return out;
  const rows = await db
    .selectFrom("site_photos")
    .select(COLUMNS)
    .where("slot", "in", [...slots])
    .orderBy("position")
    .orderBy("created_at")
    .execute();
  for (const photo of rows.map(toStaffPhoto)) {
    if (photo.slot === "hero") out.hero ??= view(photo);
    else if (photo.slot === "team") out.team ??= view(photo);
    else if (photo.slot === "gallery") out.gallery.push(view(photo));
    else if (photo.slot === "professional" && photo.subjectId) out.professionals[photo.subjectId] ??= view(photo);
    else if (photo.slot === "service" && photo.subjectId) out.services[photo.subjectId] ??= view(photo);
  }
  return out;
}

/** A refused photo write: a Spanish message and the status the page answers with. */
export class PhotoRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

function renderSpec(slot: PhotoSlot): RenderSpec {
  const spec = PHOTO_SLOT_SPECS[slot];
  return {
    minWidth: spec.minWidth,
    minHeight: spec.minHeight,
    maxWidthFor: (width, height) => photoMaxWidth(slot, width, height),
    heightOf: (width) => photoHeight(slot, width),
    renditions: photoRenditions,
    settings: { aspect: spec.aspect, maxWidth: spec.maxWidth },
  };
}

async function subjectExists(db: Db, fields: PhotoFields): Promise<boolean> {
  const kind = PHOTO_SLOT_SPECS[fields.slot].subject;
  if (kind === "none" || !fields.subjectId) return true;
  const table = kind === "professional" ? "professionals" : "services";
  return !!(await db.selectFrom(table).select("id").where("id", "=", fields.subjectId).executeTakeFirst());
}

const auditOf = (row: Row | StaffPhoto) => {
  const r = "entry" in row ? row : toStaffPhoto(row);
  return { slot: r.slot, subjectId: r.subjectId, alt: r.alt, caption: r.caption, files: r.entry.jpeg[0]?.src };
};

/**
 * POST /gestion/fotos/subir: receives the file and the form, checks both, renders the
 * renditions and stores the photo. A one-photo slot (hero, team, a professional's,
 * a service's) is replaced; a gallery photo is added at the end, or replaces the one
 * named by `replaces`. Any refusal throws a PhotoRefusal with its Spanish message.
 */
export async function uploadSitePhoto(
  db: Db,
  dataDir: string,
  actor: AuditActor,
  request: Request,
): Promise<StaffPhoto> {
  const dir = uploadedImagesDir(dataDir);
  let received;
  try {
    received = await receiveUpload(request, path.join(dir, ".incoming"));
  } catch (err) {
    if (err instanceof ImageUploadError) throw new PhotoRefusal(err.message, err.status);
    throw err;
  }
  try {
    const fields = parsePhotoFields(received.fields);
    if ("error" in fields) throw new PhotoRefusal(fields.error);
    if (!(await subjectExists(db, fields))) throw new PhotoRefusal(PHOTO_MESSAGES.subject, 404);
    let image;
    try {
      image = await renderUploadedImage(received.file, dir, renderSpec(fields.slot));
    } catch (err) {
      if (err instanceof ImageUploadError) throw new PhotoRefusal(err.message, err.status);
      throw err;
    }
    return await storePhoto(db, actor, fields, image);
  } finally {
    await rm(received.file, { force: true });
  }
}

async function storePhoto(
  db: Db,
  actor: AuditActor,
  fields: PhotoFields,
  image: { key: string; maxWidth: number; color: string },
): Promise<StaffPhoto> {
  return inTransaction(db, async (trx) => {
    let siblings = trx.selectFrom("site_photos").select(COLUMNS).where("slot", "=", fields.slot);
    siblings = fields.subjectId
      ? siblings.where("subject_id", "=", fields.subjectId)
      : siblings.where("subject_id", "is", null);
    const existing = await siblings.orderBy("position").execute();
    const single = PHOTO_SLOT_SPECS[fields.slot].max === 1;
    const replaced = fields.replaces
      ? existing.find((r) => r.id === fields.replaces)
      : single
        ? existing[0]
        : undefined;
    if (fields.replaces && !replaced) throw new PhotoRefusal("Esa foto ya no existe: recarga la página", 404);
    if (!replaced && !slotHasRoom(fields.slot, existing.length)) throw new PhotoRefusal(PHOTO_MESSAGES.full, 409);
    const now = nowIso();
    const row = {
      id: newId(),
      slot: fields.slot,
      subject_id: fields.subjectId,
      alt: fields.alt,
      caption: fields.caption,
      image_key: image.key,
      width: image.maxWidth,
      height: photoHeight(fields.slot, image.maxWidth),
      color: image.color,
      position: replaced ? replaced.position : Math.max(0, ...existing.map((r) => r.position)) + 1,
      created_at: now,
      updated_at: now,
    };
    if (replaced) await trx.deleteFrom("site_photos").where("id", "=", replaced.id).execute();
    await trx.insertInto("site_photos").values(row).execute();
    await recordAudit(trx, actor, {
      action: replaced ? "photo.replace" : "photo.upload",
      entityType: "photo",
      entityId: row.id,
      before: replaced ? { id: replaced.id, ...auditOf(replaced) } : undefined,
      after: auditOf(row),
    });
    return toStaffPhoto(row);
  });
}

/** Removes a photo: its page shows the artwork again. False when it was already gone. */
export async function removeSitePhoto(db: Db, actor: AuditActor, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("site_photos").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("site_photos").where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "photo.remove", entityType: "photo", entityId: id, before: auditOf(row) });
    return true;
  });
}

/** Changes a photo's alt text (and the gallery's caption). */
export async function describeSitePhoto(
  db: Db,
  actor: AuditActor,
  id: string,
  rawAlt: string | undefined,
  rawCaption: string | undefined,
): Promise<void> {
  const alt = checkAlt(rawAlt);
  if ("error" in alt) throw new PhotoRefusal(alt.error);
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("site_photos").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!row) throw new PhotoRefusal("Esa foto ya no existe: recarga la página", 404);
    const caption = row.slot === "gallery" ? (rawCaption ?? "").replace(/\s+/g, " ").trim() || null : null;
    if (caption && caption.length > 60) throw new PhotoRefusal(PHOTO_MESSAGES.captionLong);
    await trx
      .updateTable("site_photos")
      .set({ alt: alt.alt, caption, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "photo.describe",
      entityType: "photo",
      entityId: id,
      before: { alt: row.alt, caption: row.caption },
      after: { alt: alt.alt, caption },
    });
  });
}

/** Moves a gallery photo one place up or down (swapping positions with its neighbour). */
export async function moveGalleryPhoto(db: Db, actor: AuditActor, id: string, direction: "up" | "down"): Promise<void> {
  await inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom("site_photos")
      .select(["id", "position"])
      .where("slot", "=", "gallery")
      .orderBy("position")
      .execute();
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw new PhotoRefusal("Esa foto ya no existe: recarga la página", 404);
    const other = rows[direction === "up" ? at - 1 : at + 1];
    if (!other) return;
    const now = nowIso();
    await trx
      .updateTable("site_photos")
      .set({ position: other.position, updated_at: now })
      .where("id", "=", id)
      .execute();
    await trx
      .updateTable("site_photos")
      .set({ position: rows[at]!.position, updated_at: now })
      .where("id", "=", other.id)
      .execute();
    await recordAudit(trx, actor, {
      action: "photo.move",
      entityType: "photo",
      entityId: id,
      before: { position: rows[at]!.position },
      after: { position: other.position },
    });
  });
}
