// Seam for the header badge. The catalogue/cart engineer completes this module
// (CartProvider, useCart, localStorage key "alejandra-nails-cart", reconciliation).
import { createContext, useContext } from "react";

const CartCountContext = createContext<number>(0);

/** Number of courses in the cart; 0 on the server and before the cart has loaded. */
export function useCartCount(): number {
  return useContext(CartCountContext);
}
