import { isRouteErrorResponse } from "react-router";

function copyOf(error: unknown): { code: number | null; title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (status === 404) {
    return { code: 404, title: "Página no encontrada", text: "La página que buscas no existe o ha cambiado de dirección." };
  }
  if (status === 403) {
    return {
      code: 403,
      title: "Acceso restringido",
      text: "Esta zona está reservada al equipo de Alejandra Nails. Si formas parte del equipo y no puedes entrar, pide acceso a la dirección del salón.",
    };
  }
  return { code: null, title: "Algo ha fallado", text: "Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos." };
}

/** The branded error page's content (404, 403 or anything else), inside whichever shell fits the path. */
export function ErrorPage({ error }: { error: unknown }) {
  const { code, title, text } = copyOf(error);
  return (
    <section className="container section error-page">
      <title>{`${title} · Alejandra Nails`}</title>
      <meta name="description" content={text} />
      {/* A 404 is never indexed: its status says so, and a robots tag would add nothing. */}
      {code === 404 ? null : <meta name="robots" content="noindex" />}
      {code ? <p className="error-page__code">{code}</p> : null}
      <h1>{title}</h1>
      <p>{text}</p>
      <p className="error-page__actions">
        <a className="btn" href="/">
          Volver al inicio
        </a>
        <a className="btn btn--outline" href="/contacto">
          Contactar
        </a>
      </p>
    </section>
  );
}
