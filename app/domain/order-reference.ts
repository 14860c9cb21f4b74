/** The reference a buyer sees for an order (emails, invoices, Gestión): its id's first 8 characters, upper case. Pure. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
