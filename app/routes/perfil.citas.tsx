import type { ReactNode } from "react";
import { Link } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { statusText } from "~/bookings/booking-text.ts";
import { listUserAppointments } from "~/bookings/queries.server.ts";
import { accountMeta } from "~/components/account/account-meta.ts";
import { BookingLink } from "~/components/layout/booking-link.tsx";
import { getServices } from "~/context.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { depositPagePath } from "~/domain/booking-request.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentLabel, formatAppointmentTime } from "~/domain/salon-time.ts";
import { Rich, useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import type { Route } from "./+types/perfil.citas";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.citas.title",
    description: "account.meta.citas.description",
    path: "/perfil/citas",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const lists = await listUserAppointments(getServices(context).db, user.id, new Date(), localeOfRequest(request));
  const booked = new URL(request.url).searchParams.get("reservada");
  return { ...lists, booked: booked && lists.upcoming.some((a) => a.id === booked) ? booked : null };
}

type Item = Route.ComponentProps["loaderData"]["upcoming"][number];

const hidden = (c: ReactNode) => <span className="visually-hidden">{c}</span>;

/** One appointment: an upcoming one links to its page (see, move, cancel), a past one says how it ended. */
function AppointmentItem({ a, upcoming }: { a: Item; upcoming: boolean }) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  const when = formatAppointmentTime(Date.parse(a.startsAt), locale);
  return (
    <li className="appointment-item">
      <p>
        <Rich
          t={t}
          k="account.appointments.item"
          values={{
            when: formatAppointmentLabel(Date.parse(a.startsAt), locale),
            services: a.services.map((s) => s.name).join(" + "),
            professional: a.professionalName,
          }}
          tags={{ when: (c) => <strong>{c}</strong> }}
        />
      </p>
      {upcoming && a.status === "held" && a.deposit?.state === "unpaid" ? (
        <Link to={href(depositPagePath(a.id))}>
          <Rich
            t={t}
            k="account.appointments.payDeposit"
            values={{ amount: formatEuros(a.deposit.cents), when }}
            tags={{ hidden }}
          />
        </Link>
      ) : upcoming && a.status === "held" ? (
        // Booked before her email was verified: the emailed link confirms it.
        <p className="appointment-item__status">{t("account.appointments.pendingEmail")}</p>
      ) : upcoming ? (
        <Link to={href(`/perfil/citas/${a.id}`)}>
          <Rich t={t} k="account.appointments.manage" values={{ when }} tags={{ hidden }} />
        </Link>
      ) : (
        <p className="appointment-item__status">{statusText(t, a.status)}</p>
      )}
    </li>
  );
}

export default function MisCitas({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, booked } = loaderData;
  const t = useT();
  return (
    <section className="account-section">
      <h2>{t("account.profile.section.citas")}</h2>
      {booked ? (
        <p className="booking__notice" role="status">
          {t("account.appointments.booked")}
        </p>
      ) : null}
      {upcoming.length === 0 ? (
        <p>
          {t("account.appointments.none")} <BookingLink>{t("account.appointments.book")}</BookingLink>
        </p>
      ) : (
        <ul className="appointment-list">
          {upcoming.map((a) => (
            <AppointmentItem key={a.id} a={a} upcoming />
          ))}
        </ul>
      )}
      {past.length > 0 ? (
        <>
          <h3>{t("account.appointments.past")}</h3>
          <ul className="appointment-list">
            {past.map((a) => (
              <AppointmentItem key={a.id} a={a} upcoming={false} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
