import { Link, useNavigate } from "react-router";
import { toCartCourse, type CartCourse } from "~/domain/cart.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { useCart } from "./cart-context.tsx";

/**
 * "AÑADIR AL CARRITO", or "VER EN CARRITO" once the course is in the cart.
 * Before JavaScript the form GETs /carrito?add=<id>, which the cart page applies
 * when it loads; with JavaScript it adds at once and goes to /carrito. With
 * `formId`, radio buttons named "edition" elsewhere on the page (form="<formId>")
 * send the chosen edition too (&edition=<id>).
 */
export function AddToCartButton({
  course,
  className = "btn",
  formId,
}: {
  course: CartCourse;
  className?: string;
  formId?: string;
}) {
  const cart = useCart();
  const t = useT();
  const cartHref = useLocalHref()("/carrito");
  const navigate = useNavigate();
  if (cart.loaded && cart.has(course.id)) {
    return (
      <Link to={cartHref} className={`${className} btn--in-cart`}>
        {t("common.cart.viewInCart")}
        <span className="visually-hidden">: {course.title}</span>
      </Link>
    );
  }
  return (
    <form
      id={formId}
      method="get"
      action={cartHref}
      className="add-to-cart"
      onSubmit={(event) => {
        event.preventDefault();
        const edition = new FormData(event.currentTarget).get("edition");
        cart.add(toCartCourse(course), typeof edition === "string" && edition ? edition : null);
        void navigate(cartHref);
      }}
    >
      <input type="hidden" name="add" value={course.id} />
      <button type="submit" className={className}>
        {t("common.cart.add")}
        <span className="visually-hidden">: {course.title}</span>
      </button>
    </form>
  );
}

/**
 * The course page's "Guardar la fecha elegida" for a course already in the cart: the radios
 * named "edition" elsewhere on the page (form="<formId>") choose. Before JavaScript the form
 * GETs /carrito?add=<id>&edition=<id>, which the cart applies to the course it holds; with
 * JavaScript it changes the cart at once and goes to /carrito.
 */
export function ChangeEditionForm({ course, formId }: { course: { id: string; title: string }; formId: string }) {
  const cart = useCart();
  const t = useT();
  const cartHref = useLocalHref()("/carrito");
  const navigate = useNavigate();
  return (
    <form
      id={formId}
      method="get"
      action={cartHref}
      className="add-to-cart"
      onSubmit={(event) => {
        event.preventDefault();
        const edition = new FormData(event.currentTarget).get("edition");
        if (typeof edition === "string" && edition) cart.setEdition(course.id, edition);
        void navigate(cartHref);
      }}
    >
      <input type="hidden" name="add" value={course.id} />
      <button type="submit" className="btn">
        {t("common.cart.saveEdition")}
        <span className="visually-hidden">: {course.title}</span>
      </button>
    </form>
  );
}
