import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/field.tsx";
import { formatEuros } from "~/domain/pricing.ts";
import { localeOfPath } from "~/i18n/locales.ts";
import { translator } from "~/i18n/messages.ts";
import { Rich, useT } from "~/i18n/react.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/pago-demo";
import { demoPaymentAction, loadDemoPayment } from "./pago-demo.server.ts";

export const meta: Route.MetaFunction = ({ matches, params, loaderData, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale, loaderData?.messages ?? {});
  return pageMeta({
    title: t("checkout.demo.meta.title"),
    description: t("checkout.demo.meta.description"),
    path: `/pago-demo/${params.orderId}`,
    origin: rootOrigin(matches),
    noindex: true,
    locale,
  });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadDemoPayment(request, context, params.orderId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return demoPaymentAction(request, context, params.orderId);
}

export default function DemoPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, totalCents, methodName, status, successUrl, enabled, expired, texts } = loaderData;
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const payable = !expired && (status === "pending" || status === "cancelled" || status === "failed");
  return (
    <section className="container section demo-pay">
      <p className="demo-pay__banner" role="note">
        {t("checkout.demo.banner")}
      </p>
      <h1>{t("checkout.demo.title")}</h1>
      <div className="card demo-pay__card">
        <table className="order-lines">
          <caption className="visually-hidden">{texts.linesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.lineHeader}</th>
              <th scope="col">{t("checkout.demo.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>{l.title}</td>
                <td>{formatEuros(l.priceCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("checkout.demo.total")}</th>
              <td>{formatEuros(totalCents)}</td>
            </tr>
          </tfoot>
        </table>
        <p>
          <Rich
            t={t}
            k="checkout.demo.method"
            values={{ method: methodName }}
            tags={{ strong: (c) => <strong>{c}</strong> }}
          />
        </p>
        {status === "paid" ? (
          <p>
            {t("checkout.demo.alreadyPaid")} <Link to={successUrl}>{texts.paidLink}</Link>
          </p>
        ) : payable ? (
          <Form method="post" className="demo-pay__actions">
            <FormAlert message={actionData?.error} />
            {!enabled ? (
              <p>{t("checkout.demo.disabled")}</p>
            ) : (
              <button type="submit" name="intent" value="pay" className="btn" disabled={busy}>
                {busy ? t("checkout.processing") : t("checkout.demo.pay", { amount: formatEuros(totalCents) })}
              </button>
            )}
            <button type="submit" name="intent" value="cancel" className="btn btn--outline" disabled={busy}>
              {t("checkout.demo.cancel")}
            </button>
          </Form>
        ) : expired ? (
          <p>
            {texts.expired} <Link to={texts.restart.to}>{texts.restart.label}</Link>
          </p>
        ) : (
          <p>{t("checkout.demo.notPayable")}</p>
        )}
      </div>
    </section>
  );
}
