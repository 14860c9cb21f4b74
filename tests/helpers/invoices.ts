/** The seller and buyer of the invoicing tests: valid NIFs and addresses in Molins de Rei. */
import { billingFormValues, type BillingDetails } from "~/domain/billing-details.ts";
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

/** A buyer's details for a factura completa (required above 400 €). */
export const TEST_BILLING: BillingDetails = {
  name: "Lucía Pérez",
  taxId: "12345678Z",
  address: "Carrer Major 1",
  postalCode: "08750",
  city: "Molins de Rei",
};

/** The same details as the checkout form and the JSON API name them. */
export const TEST_BILLING_FORM = billingFormValues(TEST_BILLING);
