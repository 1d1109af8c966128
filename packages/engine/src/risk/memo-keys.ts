// The free-text fields of a payment, where the payer writes what it is for and sometimes how much
// (`memo`, `remarks`, `Verwendungszweck`, `instruction`). One list, so the readers of amounts
// written in words, with a currency mark or with a scale word read the same fields.

export const MEMO_KEYS =
  /^(?:memo|note|notes|description|reference|purpose|message|details|comment|narrative|narration|remittance_info|remittance_information|remark|remarks|subject|verwendungszweck|concepto|motif|causale|omschrijving|payment_reference|remittance|purpose_of_payment|statement_descriptor|additional_info|label|instruction|instructions)$/;
