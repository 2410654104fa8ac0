/** The documents API's records as the pages read them (the list's summary, the detail). */
export interface DocumentSummary {
  accessKey: string;
  documentType: string;
  sequential: string;
  status: string;
  issueDate: string;
  total: string;
  authorizationNumber?: string;
  authorizationDate?: string;
  email?: { status: string; sentAt?: string };
}

export interface DocumentDetail extends DocumentSummary {
  number: string;
  environment: string;
  buyer: { idType: string; id: string; name: string; email: string; address?: string };
  items: {
    mainCode: string;
    description: string;
    quantity: string;
    unitPrice: string;
    taxes: { rateCode: string; rate: string }[];
  }[];
  totals: { total: string; totalWithoutTaxes?: string };
  voidReason: string | null;
  voidedAt: string | null;
}
