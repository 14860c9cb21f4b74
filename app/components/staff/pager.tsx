import { Link } from "react-router";

/**
 * "Anterior / Página n de m / Siguiente" for a list whose filters live in the URL.
 * `href(page)` builds the link of a page with the same filters.
 */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="staff-pager" aria-label="Paginación">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          ← Anterior
        </Link>
      ) : (
        <span aria-hidden="true" className="staff-pager__off">
          ← Anterior
        </span>
      )}
      <span aria-current="page">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          Siguiente →
        </Link>
      ) : (
        <span aria-hidden="true" className="staff-pager__off">
          Siguiente →
        </span>
      )}
    </nav>
  );
}

/** Notes about ignored or corrected filters, above a list. */
export function FilterNotes({ id, notes }: { id: string; notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <div id={id} className="form-alert form-alert--info" role="status">
      <ul className="staff-notes">
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}
