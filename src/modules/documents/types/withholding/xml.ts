import { element, optionalElement, textElement } from '../common/canonical-xml.js';
import { infoAdicional, infoTributaria, rootDocument, siNo } from '../common/xml.js';
import type { DocumentHeader } from '../definition.js';
import type { SupportingDocument, WithholdingContent } from './compute.js';

export const WITHHOLDING_ROOT = 'comprobanteRetencion';
export const WITHHOLDING_VERSION = '2.0.0';

/**
 * comprobanteRetencion 2.0.0, element order as in resources/sri/xsd/ComprobanteRetencion_V2.0.0.xsd.
 * numDocSustento is the 15 digits without dashes (the XSD's pattern; OCA strips them too).
 */
export function buildWithholdingXml(header: DocumentHeader, content: WithholdingContent): string {
  const { issuer } = header;
  const { subject } = content;
  const info = element(
    'infoCompRetencion',
    textElement('fechaEmision', header.issueDate) +
      optionalElement('dirEstablecimiento', issuer.branchAddress) +
      optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
      textElement('obligadoContabilidad', siNo(issuer.requiredAccounting)) +
      textElement('tipoIdentificacionSujetoRetenido', subject.idType) +
      optionalElement('tipoSujetoRetenido', subject.subjectType) +
      textElement('parteRel', siNo(subject.relatedParty)) +
      textElement('razonSocialSujetoRetenido', subject.name) +
      textElement('identificacionSujetoRetenido', subject.id) +
      textElement('periodoFiscal', content.fiscalPeriod),
  );
  const docs = element('docsSustento', content.supportingDocuments.map(docSustento).join(''));
  return rootDocument(
    WITHHOLDING_ROOT,
    WITHHOLDING_VERSION,
    infoTributaria(header) + info + docs + infoAdicional(content.additionalInfo),
  );
}

function docSustento(doc: SupportingDocument): string {
  const fp = doc.foreignPayment;
  const foreign = fp
    ? textElement('tipoRegi', fp.regimeType) +
      textElement('paisEfecPago', fp.countryCode) +
      textElement('aplicConvDobTrib', siNo(fp.doubleTaxTreaty)) +
      (fp.subjectToWithholding === null
        ? ''
        : textElement('pagExtSujRetNorLeg', siNo(fp.subjectToWithholding))) +
      textElement('pagoRegFis', siNo(fp.preferentialRegime))
    : '';
  return element(
    'docSustento',
    textElement('codSustento', doc.supportCode) +
      textElement('codDocSustento', doc.documentType) +
      textElement('numDocSustento', doc.number.replaceAll('-', '')) +
      textElement('fechaEmisionDocSustento', doc.issueDate) +
      optionalElement('fechaRegistroContable', doc.accountingDate) +
      optionalElement('numAutDocSustento', doc.authorizationNumber) +
      textElement('pagoLocExt', doc.paymentResidence) +
      foreign +
      textElement('totalSinImpuestos', doc.totalWithoutTaxes) +
      textElement('importeTotal', doc.total) +
      element(
        'impuestosDocSustento',
        doc.taxes
          .map((t) =>
            element(
              'impuestoDocSustento',
              textElement('codImpuestoDocSustento', t.code) +
                textElement('codigoPorcentaje', t.rateCode) +
                textElement('baseImponible', t.taxableBase) +
                textElement('tarifa', t.rate) +
                textElement('valorImpuesto', t.amount),
            ),
          )
          .join(''),
      ) +
      element(
        'retenciones',
        doc.withholdings
          .map((w) =>
            element(
              'retencion',
              textElement('codigo', w.code) +
                textElement('codigoRetencion', w.withholdingCode) +
                textElement('baseImponible', w.taxableBase) +
                textElement('porcentajeRetener', w.rate) +
                textElement('valorRetenido', w.amount),
            ),
          )
          .join(''),
      ) +
      element(
        'pagos',
        doc.payments
          .map((p) => element('pago', textElement('formaPago', p.method) + textElement('total', p.total)))
          .join(''),
      ),
  );
}
