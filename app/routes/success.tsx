import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { useCart } from "~/components/cart/cart-context.tsx";
import { OrderLinesTable } from "~/components/orders/order-lines-table.tsx";
import { DemoBadge, StatusBadge } from "~/components/status-badge.tsx";
import { site } from "~/content/site.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath, localeOfRequest } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/success";
import { loadSuccess, type SuccessOrderView } from "./success.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("checkout.success.meta.title"),
    description: t("checkout.success.meta.description"),
    path: "/success",
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    ...(await loadSuccess(request, context)),
    messages: messagesFor(localeOfRequest(request), ["checkout", "orders"]),
  };
}

/** Asks the server again every 5 s while the provider has not settled (at most 5 minutes). */
function usePendingRefresh(active: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    let runs = 0;
    const timer = window.setInterval(() => {
      runs += 1;
      if (runs > 60) window.clearInterval(timer);
      else void revalidate();
    }, 5000);
    return () => window.clearInterval(timer);
  }, [active, revalidate]);
}

/**
 * Bought courses leave the cart once the payment is confirmed. The cart page
 * empties the cart before leaving for the payment page too, but that write can
 * be lost when the browser navigates away first.
 */
function useRemovePurchasedFromCart(order: SuccessOrderView | null) {
  const { loaded, remove } = useCart();
  const paidIds = order?.status === "paid" ? order.lines.map((l) => l.courseId).join(",") : "";
  useEffect(() => {
    if (!loaded || !paidIds) return;
    for (const id of paidIds.split(",")) remove(id);
  }, [loaded, remove, paidIds]);
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const order = loaderData.kind === "order" ? loaderData.order : null;
  usePendingRefresh(order?.status === "pending");
  useRemovePurchasedFromCart(order);
  const t = useT();
  const locale = useLocale();
  if (!order) return <NeutralSuccess signedIn={loaderData.kind === "neutral" && loaderData.signedIn} />;
  return (
    <section className="container section success-page">
      <Heading order={order} />
      <div className="success-layout">
        <section className="card success-details" aria-labelledby="detalles">
          <h2 id="detalles">{t("checkout.success.details")}</h2>
          <OrderLinesTable
            lines={order.lines}
            caption={t("checkout.success.linesCaption")}
            captionHidden
            look="customer"
            totalCents={order.totalCents}
          />
          <dl className="success-facts">
            <div>
              <dt>{t("checkout.success.status")}</dt>
              <dd>
                <StatusBadge status={order.status} amounts={order} />
                <DemoBadge demo={order.demo} />
              </dd>
            </div>
            <div>
              <dt>{t("checkout.success.method")}</dt>
              <dd>{order.methodName}</dd>
            </div>
            <div>
              <dt>{t("checkout.success.date")}</dt>
              <dd>{madridDateTimeText(new Date(order.purchasedAt), locale)}</dd>
            </div>
            <div>
              <dt>{t("checkout.success.reference")}</dt>
              <dd>{order.reference}</dd>
            </div>
          </dl>
        </section>
        {order.status === "paid" ? <NextSteps order={order} /> : null}
      </div>
      <ContactAndShare />
    </section>
  );
}

function Heading({ order }: { order: SuccessOrderView }) {
  const location = useLocation();
  const t = useT();
  const href = useLocalHref();
  if (order.status === "paid") {
    return (
      <header className="success-header">
        <h1>{t("checkout.success.paid.title")}</h1>
        <p>
          <Rich
            t={t}
            k="checkout.success.paid.text"
            values={{ email: order.email }}
            tags={{ strong: (c) => <strong>{c}</strong> }}
          />
        </p>
      </header>
    );
  }
  if (order.status === "pending") {
    return (
      <header className="success-header" role="status">
        <h1>{t("checkout.success.pending.title")}</h1>
        <p>
          {order.processing ? t("checkout.success.pending.processing") : t("checkout.success.pending.waiting")}{" "}
          {t("checkout.success.pending.refresh")}
        </p>
        <p>
          <Link className="btn btn--outline" to={`${location.pathname}${location.search}`} reloadDocument>
            {t("checkout.success.pending.button")}
          </Link>
        </p>
      </header>
    );
  }
  return (
    <header className="success-header">
      <h1>{t("checkout.success.failed.title")}</h1>
      <p>{t("checkout.success.failed.text")}</p>
      <p>
        <Link className="btn" to={href(`/checkout/${order.lines[0]?.courseId ?? ""}`)}>
          {t("checkout.success.failed.retry")}
        </Link>
      </p>
    </header>
  );
}

function NextSteps({ order }: { order: SuccessOrderView }) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  const strong = (c: React.ReactNode) => <strong>{c}</strong>;
  return (
    <section className="card success-next" aria-labelledby="siguientes">
      <h2 id="siguientes">{t("checkout.success.next.title")}</h2>
      <ol>
        <li>
          <Rich t={t} k="checkout.success.next.email" tags={{ strong }} />
        </li>
        <li>
          <strong>{t("checkout.success.next.datesLead")}</strong>{" "}
          <a href={`/api/pedidos/${order.id}/calendario.ics`} download>
            {t("checkout.success.next.calendar")}
          </a>{" "}
          {t("checkout.success.next.datesTail")}
          {order.lines.some((l) => l.editionStartsOn)
            ? ` (${order.lines
                .filter((l) => l.editionStartsOn)
                .map((l) => `${l.title}: ${formatLongDate(l.editionStartsOn!, locale)}`)
                .join("; ")})`
            : ""}
          .
        </li>
        <li>
          <Rich
            t={t}
            k="checkout.success.next.material"
            tags={{ strong, link: (c) => <Link to={href("/mis-cursos")}>{c}</Link> }}
          />
        </li>
      </ol>
      {order.withdrawalWaiver ? <p className="muted">{t("checkout.success.next.waiver")}</p> : null}
      <p className="success-links">
        <Link className="btn" to={href("/mis-cursos")}>
          {t("checkout.success.myCourses")}
        </Link>
        <Link className="btn btn--outline" to={href("/formaciones")}>
          {t("checkout.success.moreCourses")}
        </Link>
        <Link className="btn btn--outline" to={href("/")}>
          {t("checkout.success.home")}
        </Link>
      </p>
    </section>
  );
}

function ContactAndShare() {
  const t = useT();
  const href = useLocalHref();
  const coursesUrl = `${site.url}${href("/formaciones")}`;
  const shareText = t("checkout.success.shareText", { name: site.name, url: coursesUrl });
  const newTab = <span className="visually-hidden"> {t("checkout.newTab")}</span>;
  return (
    <section className="success-contact" aria-labelledby="contacto-compra">
      <h2 id="contacto-compra">{t("checkout.success.questions")}</h2>
      <p className="success-links">
        <a
          className="btn btn--outline"
          href={site.whatsapp.link(t("checkout.success.whatsappMessage"))}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("checkout.success.whatsapp")}
          {newTab}
        </a>
        <a className="btn btn--outline" href={site.phone.href}>
          {t("checkout.success.call", { phone: site.phone.display })}
        </a>
      </p>
      <h2>{t("checkout.success.share")}</h2>
      <p className="success-links">
        <a
          className="btn btn--outline"
          href={`https://wa.me/?text=${encodeURIComponent(shareText)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("checkout.success.shareWhatsapp")}
          {newTab}
        </a>
        <a
          className="btn btn--outline"
          href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(coursesUrl)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("checkout.success.shareFacebook")}
          {newTab}
        </a>
      </p>
    </section>
  );
}

function NeutralSuccess({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const href = useLocalHref();
  return (
    <section className="container section success-page">
      <h1>{t("checkout.success.neutral.title")}</h1>
      <p>{t("checkout.success.neutral.text")}</p>
      <p className="success-links">
        {signedIn ? (
          <Link className="btn" to={href("/mis-cursos")}>
            {t("checkout.success.myCourses")}
          </Link>
        ) : (
          <Link className="btn" to={href(`/login?redirectTo=${encodeURIComponent(href("/mis-cursos"))}`)}>
            {t("checkout.success.neutral.login")}
          </Link>
        )}
        <Link className="btn btn--outline" to={href("/formaciones")}>
          {t("checkout.success.neutral.browse")}
        </Link>
      </p>
    </section>
  );
}
