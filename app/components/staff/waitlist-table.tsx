import { Form, Link } from "react-router";
import { formatDateTime } from "~/components/staff/format.ts";
import { isLiveWaitlistEntry, WAITLIST_CONFIRM_HOURS } from "~/domain/waitlist-messages.ts";
import type { StaffWaitlistEntry } from "~/waitlist/staff.server.ts";

/** The entry's status as the staff read it. */
export function waitlistStatusLabel(
  entry: Pick<StaffWaitlistEntry, "status" | "offerExpiresAt" | "createdAt">,
  now = new Date(),
): string {
  switch (entry.status) {
    case "pending": {
      const lapses = Date.parse(entry.createdAt) + WAITLIST_CONFIRM_HOURS * 60 * 60 * 1000;
      return lapses <= now.getTime()
        ? "Sin confirmar (caducada)"
        : `Sin confirmar su correo (se borra el ${formatDateTime(new Date(lapses).toISOString())})`;
    }
    case "waiting":
      return "En espera";
    case "offered":
      return entry.offerExpiresAt && Date.parse(entry.offerExpiresAt) <= now.getTime()
        ? "Caducada"
        : `Plaza ofrecida hasta ${formatDateTime(entry.offerExpiresAt)}`;
    case "taken":
      return "Ha comprado";
    case "lapsed":
      return "Caducada";
    case "removed":
      return "Quitada";
    default:
      return entry.status;
  }
}

/**
 * The waiting list with "Ofrecer plaza" (a form) and "Quitar" (a link to the
 * page's confirmation step, `base?quitar=<id>`) per live entry; no JavaScript needed.
 */
export function WaitlistTable({ entries, base }: { entries: readonly StaffWaitlistEntry[]; base: string }) {
  const waiting = entries.filter((e) => e.status === "waiting").length;
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption>{`Lista de espera (${waiting} en espera de ${entries.length})`}</caption>
        <thead>
          <tr>
            <th scope="col">Correo</th>
            <th scope="col">Apuntada</th>
            <th scope="col">Estado</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row">{entry.email}</th>
              <td>{formatDateTime(entry.createdAt)}</td>
              <td>{waitlistStatusLabel(entry)}</td>
              <td>
                {isLiveWaitlistEntry(entry.status) ? (
                  <div className="staff-inline-form">
                    {entry.status === "waiting" ? (
                      <Form method="post">
                        <input type="hidden" name="entry" value={entry.id} />
                        <button type="submit" name="intent" value="waitlist-offer" className="staff-button">
                          Ofrecer plaza<span className="visually-hidden">{` a ${entry.email}`}</span>
                        </button>
                      </Form>
                    ) : null}
                    <Link
                      to={`${base}?quitar=${encodeURIComponent(entry.id)}#lista-espera`}
                      className="staff-button staff-button--secondary"
                    >
                      Quitar<span className="visually-hidden">{` a ${entry.email}`}</span>
                    </Link>
                  </div>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
