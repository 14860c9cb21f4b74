import { Form } from "react-router";
import { formatDateTime } from "~/components/staff/format.ts";
import type { StaffWaitlistEntry } from "~/waitlist/staff.server.ts";

/** The entry's status as the staff read it. */
export function waitlistStatusLabel(
  entry: Pick<StaffWaitlistEntry, "status" | "offerExpiresAt">,
  now = new Date(),
): string {
  switch (entry.status) {
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

/** The waiting list with a "Quitar" / "Ofrecer plaza" form per live entry (no JavaScript needed). */
export function WaitlistTable({ entries }: { entries: readonly StaffWaitlistEntry[] }) {
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
                {entry.status === "waiting" || entry.status === "offered" ? (
                  <Form method="post" className="staff-inline-form">
                    <input type="hidden" name="entry" value={entry.id} />
                    {entry.status === "waiting" ? (
                      <button type="submit" name="intent" value="waitlist-offer" className="staff-button">
                        Ofrecer plaza<span className="visually-hidden">{` a ${entry.email}`}</span>
                      </button>
                    ) : null}{" "}
                    <button
                      type="submit"
                      name="intent"
                      value="waitlist-remove"
                      className="staff-button staff-button--secondary"
                    >
                      Quitar<span className="visually-hidden">{` a ${entry.email}`}</span>
                    </button>
                  </Form>
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
