import { describe, expect, it } from 'vitest';
import { C14nCanonicalization } from 'xml-crypto';
import { XML_DECLARATION } from '../../src/modules/documents/types/common/canonical-xml.js';
import { buildDocumentXml, CASES, rootName, schemaOf } from './fixtures.js';
import { parseXml, validateWithSchema, xmllintC14n } from './xml-tools.js';

const childNames = (node: { childNodes: ArrayLike<{ nodeName: string }> }) =>
  Array.from(node.childNodes).map((c) => c.nodeName);

describe('buildDocumentXml', () => {
  for (const { name, model } of CASES) {
    describe(name, () => {
      const xml = buildDocumentXml(model);
      const rootXml = xml.slice(XML_DECLARATION.length);

      it('validates against the official 1.1.0 schema', () => {
        const result = validateWithSchema(xml, schemaOf(model));
        expect(result.stderr).toMatch(/ validates$/m);
        expect(result.status).toBe(0);
      });

      it('is already canonical: libxml2 and xml-crypto C14N give back the same bytes', () => {
        expect(xml.startsWith(XML_DECLARATION)).toBe(true);
        expect(xmllintC14n(xml)).toBe(rootXml);
        const doc = parseXml(xml);
        expect(new C14nCanonicalization().process(doc.documentElement as never, {})).toBe(rootXml);
      });

      it('has the root, ambiente and access key the model says, with no namespace', () => {
        const root = parseXml(xml).documentElement;
        expect(root.nodeName).toBe(rootName(model));
        expect(root.namespaceURI ?? null).toBeNull();
        expect(xml).not.toContain('xmlns');
        expect([root.getAttribute('id'), root.getAttribute('version')]).toEqual(['comprobante', '1.1.0']);
        const text = (tag: string) => root.getElementsByTagName(tag)[0]?.textContent;
        expect(text('ambiente')).toBe(model.environment === 'production' ? '2' : '1');
        expect(text('claveAcceso')).toBe(model.accessKey);
        expect(text('codDoc')).toBe(model.documentType);
        expect(text('secuencial')).toBe(model.sequential);
        expect(text('razonSocial')).toBe(model.issuer.businessName);
      });

      it('round-trips every text, attribute and amount through a parser', () => {
        const root = parseXml(xml).documentElement;
        const details = Array.from(root.getElementsByTagName('detalle'));
        expect(details).toHaveLength(model.items.length);
        details.forEach((d, i) => {
          const item = model.items[i]!;
          const text = (tag: string) => d.getElementsByTagName(tag)[0]?.textContent ?? null;
          const mainTag = model.documentType === '01' ? 'codigoPrincipal' : 'codigoInterno';
          const auxTag = model.documentType === '01' ? 'codigoAuxiliar' : 'codigoAdicional';
          expect([text(mainTag), text(auxTag), text('descripcion')]).toEqual([
            item.mainCode,
            item.auxiliaryCode,
            item.description,
          ]);
          expect([
            text('cantidad'),
            text('precioUnitario'),
            text('descuento'),
            text('precioTotalSinImpuesto'),
          ]).toEqual([item.quantity, item.unitPrice, item.discount, item.subtotal]);
          const extras = Array.from(d.getElementsByTagName('detAdicional')).map((e) => ({
            name: e.getAttribute('nombre'),
            value: e.getAttribute('valor'),
          }));
          expect(extras).toEqual(item.additionalDetails);
          const taxes = Array.from(d.getElementsByTagName('impuesto')).map((t) => childNames(t));
          expect(taxes).toEqual(
            item.taxes.map(() => ['codigo', 'codigoPorcentaje', 'tarifa', 'baseImponible', 'valor']),
          );
        });
        const fields = Array.from(root.getElementsByTagName('campoAdicional')).map((f) => ({
          name: f.getAttribute('nombre'),
          value: f.textContent,
        }));
        expect(fields).toEqual(model.additionalInfo);
        expect(root.getElementsByTagName('razonSocialComprador')[0]!.textContent).toBe(model.buyer.name);
      });

      it('writes the header elements in schema order', () => {
        const root = parseXml(xml).documentElement;
        const info = root.getElementsByTagName(
          model.documentType === '01' ? 'infoFactura' : 'infoNotaCredito',
        )[0]!;
        const names = childNames(info);
        const expected =
          model.documentType === '01'
            ? [
                'fechaEmision',
                ...(model.issuer.branchAddress ? ['dirEstablecimiento'] : []),
                ...(model.issuer.specialTaxpayer ? ['contribuyenteEspecial'] : []),
                'obligadoContabilidad',
                'tipoIdentificacionComprador',
                'razonSocialComprador',
                'identificacionComprador',
                ...(model.buyer.address ? ['direccionComprador'] : []),
                'totalSinImpuestos',
                'totalDescuento',
                'totalConImpuestos',
                'propina',
                'importeTotal',
                'moneda',
                'pagos',
              ]
            : [
                'fechaEmision',
                ...(model.issuer.branchAddress ? ['dirEstablecimiento'] : []),
                'tipoIdentificacionComprador',
                'razonSocialComprador',
                'identificacionComprador',
                ...(model.issuer.specialTaxpayer ? ['contribuyenteEspecial'] : []),
                'obligadoContabilidad',
                'codDocModificado',
                'numDocModificado',
                'fechaEmisionDocSustento',
                'totalSinImpuestos',
                'valorModificacion',
                'moneda',
                'totalConImpuestos',
                'motivo',
              ];
        expect(names).toEqual(expected);
        const text = (tag: string) => info.getElementsByTagName(tag)[0]?.textContent;
        expect(text(model.documentType === '01' ? 'importeTotal' : 'valorModificacion')).toBe(
          model.totals.total,
        );
        expect(text('moneda')).toBe('DOLAR');
        const groups = Array.from(info.getElementsByTagName('totalImpuesto')).map((g) => ({
          code: g.getElementsByTagName('codigo')[0]!.textContent,
          rateCode: g.getElementsByTagName('codigoPorcentaje')[0]!.textContent,
          base: g.getElementsByTagName('baseImponible')[0]!.textContent,
          amount: g.getElementsByTagName('valor')[0]!.textContent,
        }));
        expect(groups).toEqual(
          model.totals.taxTotals.map((t) => ({
            code: t.code,
            rateCode: t.rateCode,
            base: t.taxableBase,
            amount: t.amount,
          })),
        );
      });
    });
  }

  it('escapes as C14N does: & < > and CR in text; & < " TAB LF CR in attributes', () => {
    const special = CASES.find((c) => c.name.includes('XML-special'))!;
    const xml = buildDocumentXml(special.model);
    expect(xml).toContain(
      '<descripcion>Descripción Ñandú, acción &amp; "comillas" \'simples\' &lt;etiqueta&gt; &gt; fin</descripcion>',
    );
    expect(xml).toContain(
      '<detAdicional nombre="Tab&#x9;here" valor="línea 1&#xA;línea 2&#xD;&#xA;línea 3"></detAdicional>',
    );
    expect(xml).toContain(
      '<detAdicional nombre="Nota &amp; &quot;más&quot;" valor="a&lt;b>c \'d\'"></detAdicional>',
    );
    expect(xml).toContain('<campoAdicional nombre="Multilínea">uno\ndos&#xD;\ntres\tcuatro</campoAdicional>');
    expect(xml).toContain('<campoAdicional nombre="&lt;raro>">&amp;amp; no es una entidad</campoAdicional>');
    expect(xml).not.toMatch(/\/>/);
  });

  it('omits optional issuer and buyer elements that are null', () => {
    const minimal = CASES.find((c) => c.name.includes('final consumer'))!;
    const xml = buildDocumentXml(minimal.model);
    for (const tag of [
      'nombreComercial',
      'dirEstablecimiento',
      'contribuyenteEspecial',
      'agenteRetencion',
      'contribuyenteRimpe',
      'direccionComprador',
      'infoAdicional',
      'codigoAuxiliar',
      'detallesAdicionales',
    ]) {
      expect(xml).not.toContain(`<${tag}>`);
    }
    expect(xml).toContain('<obligadoContabilidad>NO</obligadoContabilidad>');
  });

  it('fails schema validation when the model breaks the schema (the check can fail)', () => {
    const { model } = CASES[0]!;
    const broken = buildDocumentXml({
      ...model,
      items: [{ ...model.items[0]!, description: 'x'.repeat(301) }],
    });
    const result = validateWithSchema(broken, schemaOf(model));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/descripcion/);
  });
});
