import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { accountMeta } from "~/components/account/account-meta.ts";
import { OrderLinesTable } from "~/components/orders/order-lines-table.tsx";
import { WithdrawalChoice, WithdrawalReview } from "~/components/orders/withdrawal-steps.tsx";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfRequest } from "~/i18n/locales.ts";
import { Rich, useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import type { Route } from "./+types/perfil.compras.desistir";
import { loadWithdrawalPage, withdrawalAction } from "./perfil.compras.desistir.server.ts";

export const meta: Route.MetaFunction = (args) =>
  accountMeta(args, {
    title: "account.meta.withdrawal.title",
    description: "account.meta.withdrawal.description",
    path: `/perfil/compras/${args.params.orderId}/desistir`,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const page = await loadWithdrawalPage(context, params.orderId, new URL(request.url).searchParams, new Date(), locale);
  // The order lines' table's words ("orders") come with the account area's layout.
  return { ...page, messages: messagesFor(locale, ["account.withdrawal", "account.meta"]) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return withdrawalAction(request, context, params.orderId);
}

const strong = (c: ReactNode) => <strong>{c}</strong>;

export default function WithdrawalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, open, checked, review, error, justDone, done } = loaderData;
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  const ref = order.id.slice(0, 8).toUpperCase();
  const received = done !== null && (justDone || !open);
  const total = formatEuros(order.totalCents);
  return (
    <section className="container section withdrawal-page" aria-labelledby="desistir-titulo">
      <h1 id="desistir-titulo">{received ? t("account.withdrawal.received.title") : t("account.withdrawal.title")}</h1>
      {received ? (
        <div role="status">
          <p>
            <Rich
              t={t}
              k="account.withdrawal.received.text"
              values={{ ref, when: madridDateTimeText(new Date(done.requestedAt), locale), n: done.titles.length }}
              tags={{ strong }}
            />
          </p>
          {done.titles.length > 0 ? (
            <ul>
              {done.titles.map((title) => (
                <li key={title}>{title}</li>
              ))}
            </ul>
          ) : null}
          <p>{done.next}</p>
          <p>{t("account.withdrawal.received.email")}</p>
        </div>
      ) : (
        <p>
          {order.paidAt ? (
            <Rich
              t={t}
              k="account.withdrawal.order.paid"
              values={{ ref, date: formatLongDate(order.paidAt, locale), total }}
              tags={{ strong }}
            />
          ) : (
            <Rich t={t} k="account.withdrawal.order.unpaid" values={{ ref, total }} tags={{ strong }} />
          )}
        </p>
      )}
      <OrderLinesTable lines={items} caption={t("account.withdrawal.linesCaption")} look="customer" />
      {review ? (
        <WithdrawalReview review={review} busy={busy} error={actionData?.error ?? null} />
      ) : open ? (
        <>
          {received ? <h2>{t("account.withdrawal.another")}</h2> : null}
          <WithdrawalChoice items={items} checked={checked} error={error ?? actionData?.error ?? null} busy={busy} />
        </>
      ) : done ? null : (
        <p role="alert">{t("account.withdrawal.closed")}</p>
      )}
      <p>
        <Link to={href("/perfil/compras")}>{t("account.withdrawal.back")}</Link>
      </p>
    </section>
  );
}
