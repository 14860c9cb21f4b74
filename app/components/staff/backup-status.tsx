/**
 * The backups on the staff panel (/gestion): a warning at the top when there
 * has been no successful backup for 26 hours or the last off-site copy failed,
 * the owner's reminder to keep the generated key elsewhere, and a section with
 * the last backup (Madrid time, size, off-site copy). Data: app/backups/panel.server.ts.
 */
import type { BackupPanel } from "~/backups/panel.server.ts";
import { formatMegabytes, type OffsiteState, type RunSummary } from "~/backups/status.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";

const OFFSITE_TEXT: Record<OffsiteState, string> = {
  ok: "hecha",
  failed: "fallida",
  pending: "pendiente",
  off: "no configurada",
};

const when = (iso: string) => madridDateTimeText(new Date(iso));

/** Top of the panel: what needs someone's attention. Nothing when all is well. */
export function BackupPanelWarning({ backup }: { backup: BackupPanel | undefined }) {
  if (!backup) return null;
  const { health, generatedKeyFile } = backup;
  return (
    <>
      {health.stale || health.offsiteFailed ? (
        <div className="form-alert form-alert--error" role="alert" id="aviso-copias">
          <p>
            <strong>Copias de seguridad:</strong>
          </p>
          <ul className="staff-notes">
            {health.stale ? (
              <li>
                {health.lastOk
                  ? `No hay ninguna copia correcta desde el ${when(health.lastOk.finishedAt)} (más de 26 horas).`
                  : "No se ha hecho ninguna copia correcta en más de 26 horas."}{" "}
                Avisa a quien mantiene la web.
              </li>
            ) : null}
            {health.offsiteFailed ? (
              <li>
                La última copia externa ha fallado{health.offsiteError ? ` (${health.offsiteError})` : ""}: las copias
                solo están en el servidor. Se reintenta cada hora.
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {generatedKeyFile ? (
        <div className="staff-notice" role="status" id="aviso-clave-copias">
          <p>
            <strong>Clave de las copias de seguridad:</strong> se ha generado en el servidor ({generatedKeyFile}). Sin
            ella no se puede abrir ninguna copia: guarda una copia de ese archivo fuera del servidor (en tu gestor de
            contraseñas o en un USB) y pásala a quien mantiene la web.
          </p>
        </div>
      ) : null}
    </>
  );
}

function lastRunText(run: RunSummary): string {
  const kind = run.kind === "manual" ? " (manual)" : "";
  if (run.status === "ok") return `${when(run.finishedAt)}${kind}, ${formatMegabytes(run.bytes ?? 0)}`;
  return `${when(run.startedAt)}${kind}: ha fallado${run.error ? ` (${run.error})` : ""}`;
}

/** The section with the last backup and its off-site copy. */
export function BackupPanelSection({ backup }: { backup: BackupPanel | undefined }) {
  if (!backup) return null;
  const { health, scheduled } = backup;
  const lastFailed = health.last && health.last.status === "failed" ? health.last : null;
  return (
    <section aria-labelledby="copias">
      <h2 id="copias">Copias de seguridad</h2>
      {health.lastOk ? (
        <dl className="staff-facts">
          <dt>Última copia</dt>
          <dd>{lastRunText(health.lastOk)}</dd>
          <dt>Copia externa</dt>
          <dd>{OFFSITE_TEXT[health.offsite]}</dd>
          {lastFailed ? (
            <>
              <dt>Último intento</dt>
              <dd>{lastRunText(lastFailed)}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="panel-empty">
          {lastFailed
            ? `Todavía no hay ninguna copia correcta. Último intento: ${lastRunText(lastFailed)}.`
            : "Todavía no se ha hecho ninguna copia."}
        </p>
      )}
      <p className="panel-rule">
        {scheduled
          ? "Se hace una copia al día; se guardan las de los últimos 7 días, 5 semanas, 12 meses y 6 años."
          : "Las copias programadas están desactivadas (BACKUP_SCHEDULE=off): solo se hacen a mano."}
      </p>
    </section>
  );
}
