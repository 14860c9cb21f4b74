/**
 * The back office's course writes (/gestion/cursos). Each runs in one transaction
 * with its audit entry; the public pages read the same tables with no cache, so a
 * change shows at once. Reads are in ./staff-queries.server.ts, edition writes
 * in ./edition-admin.server.ts.
 */
import { inTransaction, type Db } from "~/db/db.server.ts";
import { isUniqueViolation } from "~/db/errors.server.ts";
import type { CourseInput } from "~/domain/course-form.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import { getStaffCourse, courseIsSold, courseAudit } from "./staff-queries.server.ts";

// — course writes —

type CourseWriteResult = { ok: true; id: string } | { ok: false; reason: "not-found" | "slug-taken" | "slug-locked" };

function courseValues(input: CourseInput) {
  return {
    title: input.title,
    category: input.category,
    level: input.level,
    description: input.description,
    features: JSON.stringify(input.features),
    price_cents: input.priceCents,
    original_price_cents: input.originalPriceCents,
    duration: input.duration,
    class_size: input.classSize,
    highlighted: input.highlighted ? 1 : 0,
    vat_treatment: input.vatTreatment,
    title_ca: input.titleCa,
    level_ca: input.levelCa,
    description_ca: input.descriptionCa,
    features_ca: input.featuresCa ? JSON.stringify(input.featuresCa) : null,
    duration_ca: input.durationCa,
  };
}

/** A new course, unpublished until the staff publish it, placed last. */
export async function createCourse(db: Db, actor: AuditActor, input: CourseInput): Promise<CourseWriteResult> {
  try {
    return await inTransaction(db, async (trx) => {
      if (await getStaffCourse(trx, input.id)) return { ok: false, reason: "slug-taken" } as const;
      const last = await trx
        .selectFrom("courses")
        .select((eb) => eb.fn.max("sort_order").as("max"))
        .executeTakeFirst();
      await trx
        .insertInto("courses")
        .values({
          id: input.id,
          ...courseValues(input),
          rating: 0,
          reviews: 0,
          image: "",
          active: 0,
          sort_order: Number(last?.max ?? 0) + 1,
          updated_at: nowIso(),
        })
        .execute();
      const created = (await getStaffCourse(trx, input.id))!;
      await recordAudit(trx, actor, {
        action: "course.create",
        entityType: "course",
        entityId: input.id,
        after: courseAudit(created),
      });
      return { ok: true, id: input.id } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "slug-taken" };
    throw err;
  }
}

/**
 * Saves the course's fields. The slug (`id`) may change only while no order line
 * names the course: the row is then re-created under the new id with its editions.
 */
export async function updateCourse(
  db: Db,
  actor: AuditActor,
  id: string,
  input: CourseInput,
): Promise<CourseWriteResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const before = await getStaffCourse(trx, id);
      if (!before) return { ok: false, reason: "not-found" } as const;
      const now = nowIso();
      if (input.id !== id) {
        if (await courseIsSold(trx, id)) return { ok: false, reason: "slug-locked" } as const;
        if (await getStaffCourse(trx, input.id)) return { ok: false, reason: "slug-taken" } as const;
        const row = await trx.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        await trx
          .insertInto("courses")
          .values({ ...row, id: input.id, ...courseValues(input), updated_at: now })
          .execute();
        await trx.updateTable("course_editions").set({ course_id: input.id }).where("course_id", "=", id).execute();
        // Deleted only if still unsold: a purchase that slipped in keeps the old row (and the change fails).
        const removed = await trx
          .deleteFrom("courses")
          .where("id", "=", id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom("order_items").select("id").where("course_id", "=", id))))
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) !== 1) throw new SlugLockedError();
      } else {
        await trx
          .updateTable("courses")
          .set({ ...courseValues(input), updated_at: now })
          .where("id", "=", id)
          .execute();
      }
      const after = (await getStaffCourse(trx, input.id))!;
      await recordAudit(trx, actor, {
        action: "course.update",
        entityType: "course",
        entityId: input.id,
        before: courseAudit(before),
        after: courseAudit(after),
      });
      return { ok: true, id: input.id } as const;
    });
  } catch (err) {
    if (err instanceof SlugLockedError) return { ok: false, reason: "slug-locked" };
    if (isUniqueViolation(err)) return { ok: false, reason: "slug-taken" };
    throw err;
  }
}

class SlugLockedError extends Error {}

/** Publishes or withdraws a course; `changed` is false when it already was so. */
export async function setCoursePublished(
  db: Db,
  actor: AuditActor,
  id: string,
  published: boolean,
): Promise<{ found: boolean; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const before = await getStaffCourse(trx, id);
    if (!before) return { found: false, changed: false };
    const result = await trx
      .updateTable("courses")
      .set({ active: published ? 1 : 0, updated_at: nowIso() })
      .where("id", "=", id)
      .where("active", "=", published ? 0 : 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { found: true, changed: false };
    await recordAudit(trx, actor, {
      action: published ? "course.publish" : "course.unpublish",
      entityType: "course",
      entityId: id,
      before: { published: before.published },
      after: { published },
    });
    return { found: true, changed: true };
  });
}

/** Points the course at a new picture (an uploaded image reference). */
export async function setCourseImage(db: Db, actor: AuditActor, id: string, image: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getStaffCourse(trx, id);
    if (!before) return false;
    await trx.updateTable("courses").set({ image, updated_at: nowIso() }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "course.image",
      entityType: "course",
      entityId: id,
      before: { image: before.image },
      after: { image },
    });
    return true;
  });
}
