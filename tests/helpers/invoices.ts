/** The seller of the invoicing tests: a valid NIF and a fiscal address in Molins de Rei. */
import type { SellerData } from "~/domain/seller.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";

export const TEST_SELLER: SellerData = {
  legalName: "Alejandra Ruiz García",
  nif: "12345678Z",
  address: "Carrer Major 12",
  postalCode: "08750",
  city: "Molins de Rei",
  province: "Barcelona",
  registry: "",
  seriesPrefix: "AN",
};

export const TEST_INVOICING: InvoicingConfig = { seller: TEST_SELLER, verifactuMode: "off" };
