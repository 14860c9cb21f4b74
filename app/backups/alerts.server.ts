/**
 * The owner's emails about the backups (outbox templates, to the notices'
 * address of Gestión › Avisos, else SALON_NOTIFY_EMAIL): no successful backup
 * for 26 hours, and an off-site copy that failed. Once per incident: the
 * dedupe key names the last success (the last good backup, the last good
 * off-site copy), so an incident that lasts a week sends one email, and the
 * next one, after a success, sends another. The email is rendered when the
 * worker runs: if the problem is gone by then, nothing is sent.
 */
import type { Db } from "~/db/db.server.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { enqueueEmail } from "~/mail/email-jobs.server.ts";
import { buildNotice, noticeAddress } from "~/salon/notice-layout.server.ts";
import { loadBackupHealth } from "./runs.server.ts";
import { formatMegabytes, type BackupHealth } from "./status.ts";

export const BACKUP_STALE = "owner-backup-stale";
export const BACKUP_OFFSITE_FAILED = "owner-backup-offsite-failed";

const when = (iso: string) => madridDateTimeText(new Date(iso));

/** After a check or a failed copy: queues the emails its problems call for (at most one per incident). */
export async function notifyOwnerOfBackupProblems(
  db: Db,
  opts: { now: Date; offsiteConfigured: boolean },
): Promise<BackupHealth> {
  const health = await loadBackupHealth(db, opts);
  if (health.stale) {
    await enqueueEmail(
      db,
      BACKUP_STALE,
      { incident: health.staleIncident },
      {
        dedupeKey: `${BACKUP_STALE}:${health.staleIncident}`,
        now: opts.now,
      },
    );
  }
  if (health.offsiteFailed) {
    await enqueueEmail(
      db,
      BACKUP_OFFSITE_FAILED,
      { incident: health.offsiteIncident },
      {
        dedupeKey: `${BACKUP_OFFSITE_FAILED}:${health.offsiteIncident}`,
        now: opts.now,
      },
    );
  }
  return health;
}

const panelLink = (publicUrl: string) => ({
  url: `${publicUrl}/gestion`,
  label: "Ver el panel de gestión",
  textLabel: "Ver el panel",
});

function lastAttemptFacts(health: BackupHealth): [string, string][] {
  const facts: [string, string][] = [
    ["Última copia correcta", health.lastOk ? when(health.lastOk.finishedAt) : "Ninguna"],
  ];
  if (health.last && health.last.status === "failed") {
    facts.push(["Último intento", `${when(health.last.startedAt)}: ha fallado`]);
    if (health.last.error) facts.push(["Error", health.last.error]);
  }
  return facts;
}

function staleTemplate(to: string | undefined, offsiteConfigured: boolean): EmailTemplate {
  return {
    async render(ctx) {
      const address = await noticeAddress(ctx.db, to);
      const health = await loadBackupHealth(ctx.db, { now: ctx.now, offsiteConfigured });
      if (!address || !health.stale) return null;
      const since = health.lastOk ? `desde el ${when(health.lastOk.finishedAt)}` : "todavía";
      return buildNotice(
        {
          title: "No se están haciendo copias de seguridad",
          subject: `Copias de seguridad: ninguna correcta ${since}`,
          intro: `No hay ninguna copia de seguridad correcta de la web en las últimas 26 horas (${health.lastOk ? `la última es del ${when(health.lastOk.finishedAt)}, hora de Madrid` : "no se ha hecho ninguna"}). Si el servidor se pierde, se perderían los pedidos, citas y facturas de este tiempo. Pásale este mensaje a quien mantiene la web para que lo revise.`,
          facts: lastAttemptFacts(health),
        },
        address,
        panelLink(ctx.publicUrl),
      );
    },
  };
}

function offsiteFailedTemplate(to: string | undefined, offsiteConfigured: boolean): EmailTemplate {
  return {
    async render(ctx) {
      const address = await noticeAddress(ctx.db, to);
      const health = await loadBackupHealth(ctx.db, { now: ctx.now, offsiteConfigured });
      if (!address || !health.offsiteFailed) return null;
      const facts: [string, string][] = [];
      if (health.lastOk) {
        facts.push(["Copia", `${when(health.lastOk.finishedAt)} (${formatMegabytes(health.lastOk.bytes ?? 0)})`]);
      }
      if (health.offsiteError) facts.push(["Error", health.offsiteError]);
      return buildNotice(
        {
          title: "La copia externa de seguridad ha fallado",
          subject: "Copias de seguridad: la copia externa ha fallado",
          intro:
            "La copia de seguridad se ha guardado en el servidor, pero no se ha podido subir al almacenamiento externo. Se reintenta cada hora; mientras tanto, si se pierde el servidor, las copias se perderían con él. Pásale este mensaje a quien mantiene la web (suele ser la clave de acceso o el bucket de BACKUP_S3_*).",
          facts,
        },
        address,
        panelLink(ctx.publicUrl),
      );
    },
  };
}

export function backupAlertTemplates(
  to: string | undefined,
  offsiteConfigured: boolean,
): Record<string, EmailTemplate> {
  return {
    [BACKUP_STALE]: staleTemplate(to, offsiteConfigured),
    [BACKUP_OFFSITE_FAILED]: offsiteFailedTemplate(to, offsiteConfigured),
  };
}
