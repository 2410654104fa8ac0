/**
 * What a tax document type is, for the creation pipeline: one folder per type under
 * `src/modules/documents/types/<slug>/` exports one `DocumentTypeDefinition`, and `registry.ts`
 * lists them. The pipeline (validate the body once against the union of the types' schemas,
 * compute, allocate the sequential, build the XML, sign, store, queue) is the same for every type;
 * everything that differs between types is here.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { RideContent } from '../../../adapters/ride/ride.js';
import type { Environment, IssuerSnapshot } from '../../../shared/document-model.js';

/** codDoc (SRI table 3). */
export type DocumentTypeCode = '01' | '03' | '04' | '05' | '06' | '07';

/** What `compute` may know besides the body. */
export interface TypeContext {
  /** Today in America/Guayaquil, DD/MM/YYYY (from the clock). */
  today: string;
  environment: Environment;
  issuer: IssuerSnapshot;
}

/** The part of every document the pipeline fills in once the sequential is allocated. */
export interface DocumentHeader {
  documentType: DocumentTypeCode;
  environment: Environment;
  /** 49 digits. */
  accessKey: string;
  /** 9 digits, zero padded. */
  sequential: string;
  /** DD/MM/YYYY (America/Guayaquil). */
  issueDate: string;
  issuer: IssuerSnapshot;
}

/** The columns of the documents table and list that every type fills its own way. */
export interface DocumentSummary {
  /** The counterpart: buyer (01, 04, 05), supplier (03), withheld subject (07), carrier (06). */
  counterpartIdType: string;
  counterpartId: string;
  counterpartName: string;
  /** Who receives the RIDE and XML by email: buyer, supplier, subject, each waybill recipient. */
  emails: string[];
  /** The list's `total`: importeTotal, valorModificacion, valorTotal, the withheld sum; "0.00" for a guía. */
  total: string;
  /** The supporting/original document when the type has exactly one (04, 05). */
  original: { documentType: string; number: string } | null;
}

export interface DocumentTypeDefinition<Body extends TObject = TObject, Content = unknown> {
  code: DocumentTypeCode;
  /** A few words for messages and the OpenAPI document, e.g. "credit note". */
  label?: string;
  /** Root element and its `version` attribute, e.g. `comprobanteRetencion` 2.0.0. */
  rootElement: string;
  schemaVersion: string;
  /** The request body, a TypeBox object whose `documentType` is `Type.Literal(code)`. */
  bodySchema: Body;
  /**
   * Arithmetic and business rules over an already schema-valid body. Throws an AppError
   * VALIDATION_FAILED carrying every field error found, each path naming the body's own member
   * (`items[0].quantity`, the convention of `FieldError` in src/shared/errors.ts).
   * The content carries the issue date (DD/MM/YYYY) as `issueDate`.
   */
  compute(body: Static<Body>, ctx: TypeContext): Content & { issueDate: string };
  /** The unsigned XML (declaration included), root `id="comprobante"`, valid against the XSD. */
  buildXml(header: DocumentHeader, content: Content): string;
  summary(content: Content): DocumentSummary;
  /**
   * What the RIDE shows, drawn by `renderRide` (src/adapters/ride/ride.ts): the invoice and the
   * credit note their model (header + content, common/sales-document.ts), the other types a view
   * their `ride.ts` builds.
   */
  ride(header: DocumentHeader, content: Content): RideContent;
}
