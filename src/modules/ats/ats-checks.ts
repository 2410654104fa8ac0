import { D, dec, sum } from '../../shared/money.js';
import {
  findSupportCode,
  isDocumentAllowedForSupplier,
  isPaymentFormInForce,
  paymentFormThreshold,
  VAT_WITHHOLDING_ELEMENTS,
} from './ats-catalogs.js';
import { isoFromAnnexDate, isRealAnnexDate } from './ats-text.js';
import { type AtsNode, childBlock, childValue } from './ats-tree.js';

/**
 * The rules the schema does not catch, and the ones it does with a message an owner can act on
 * (REFERENCE-ATS §7.1, §7.4). Each problem names the element by its path in the file. They run
 * on every row this service writes and on any ATS file read back (parseAtsXml).
 */
export interface AtsProblem {
  /** e.g. `compras/detalleCompras[2]/baseImpGrav` (rows counted from 1). */
  element: string;
  message: string;
}

const AMOUNTS = new Set([
  'baseNoGraIva',
  'baseImponible',
  'baseImpGrav',
  'baseImpExe',
  'montoIce',
  'montoIva',
  'valRetBien10',
  'valRetServ20',
  'valorRetBienes',
  'valRetServ50',
  'valorRetServicios',
  'valRetServ100',
  'valorRetencionNc',
  'totbasesImpReemb',
  'baseImpAir',
  'valRetAir',
  'valorRetIva',
  'valorRetRenta',
  'monto',
  'totalVentas',
  'ventasEstab',
  'ivaComp',
]);
/** The only amounts the schema lets be negative (net sales after credit notes). */
const SIGNED_AMOUNTS = new Set(['totalVentas', 'ventasEstab', 'ivaComp']);
const DATES = new Set(['fechaRegistro', 'fechaEmision', 'fechaEmiRet1', 'fechaEmiRet2', 'fechaPagoDiv']);
const NAMES = new Set(['razonSocial', 'denoProv', 'denoCli', 'denopagoRegFis']);
const SERIES = new Set([
  'establecimiento',
  'puntoEmision',
  'estabRetencion1',
  'ptoEmiRetencion1',
  'estabModificado',
  'ptoEmiModificado',
  'codEstab',
]);
const NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9\s]*$/;

function checkLeaf(node: AtsNode, path: string, problems: AtsProblem[]): void {
  const value = node.value ?? '';
  const at = (message: string) => problems.push({ element: path, message });
  if (AMOUNTS.has(node.name)) {
    const signed = SIGNED_AMOUNTS.has(node.name);
    if (!signed && value.startsWith('-'))
      at(
        `${node.name}: el valor ${value} no puede ser negativo (una nota de crédito es una fila propia con valores positivos)`,
      );
    else if (!/^-?\d{1,12}\.\d{2}$/.test(value))
      at(`${node.name}: el valor ${value} debe tener exactamente dos decimales con punto (p. ej. 250.50)`);
  } else if (DATES.has(node.name)) {
    if (!isRealAnnexDate(value))
      at(`${node.name}: la fecha ${value} debe ser un día real con formato dd/mm/aaaa`);
  } else if (NAMES.has(node.name)) {
    const min = node.name === 'razonSocial' || node.name === 'denopagoRegFis' ? 5 : 1;
    if (!NAME_PATTERN.test(value) || value.length < min || value.length > 500) {
      at(
        `${node.name}: «${value}» solo puede tener letras sin tilde, números y espacios (${min} a 500 caracteres)`,
      );
    }
  } else if (SERIES.has(node.name) && !/^\d{3}$/.test(value)) {
    at(`${node.name}: ${value} debe ser un código de 3 dígitos`);
  } else if (SERIES.has(node.name) && value === '000') {
    at(`${node.name}: el código 000 no es un establecimiento ni un punto de emisión`);
  }
}

function walk(node: AtsNode, path: string, problems: AtsProblem[]): void {
  if (node.children === undefined) {
    checkLeaf(node, path, problems);
    return;
  }
  const seen = new Map<string, number>();
  for (const child of node.children) {
    const n = (seen.get(child.name) ?? 0) + 1;
    seen.set(child.name, n);
    const repeated =
      node.children.filter((c) => c.name === child.name).length > 1 || child.name.startsWith('detalle');
    walk(child, `${path}/${child.name}${repeated ? `[${n}]` : ''}`, problems);
  }
}

/** The period's first and last day as ISO dates. */
export function periodBounds(
  year: number,
  month: number,
  semester: boolean,
): { first: string; last: string } {
  const firstMonth = semester ? month - 5 : month;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, '0');
  return { first: `${year}-${mm(firstMonth)}-01`, last: `${year}-${mm(month)}-${last}` };
}

function checkPurchase(
  row: AtsNode,
  path: string,
  lastDay: string,
  firstDay: string,
  problems: AtsProblem[],
): void {
  checkPaymentForms(row, path, lastDay, problems);
  const at = (element: string, message: string) => problems.push({ element: `${path}/${element}`, message });
  const v = (name: string) => childValue(row, name) ?? '';
  const type = v('tipoComprobante');
  const idType = v('tpIdProv');
  if (!['01', '02', '03'].includes(idType))
    at(
      'tpIdProv',
      `tpIdProv: ${idType} no es un tipo de identificación de compras (01 RUC, 02 cédula, 03 pasaporte)`,
    );
  else if (!isDocumentAllowedForSupplier(type, idType))
    at('tipoComprobante', `tipoComprobante: ${type} no se admite para proveedores de tipo ${idType}`);
  const support = findSupportCode(v('codSustento'), lastDay);
  if (!support)
    at('codSustento', `codSustento: ${v('codSustento')} no es un sustento tributario vigente en el período`);
  else if (!support.documentTypes.includes(type))
    at('codSustento', `codSustento: el sustento ${support.code} no admite comprobantes de tipo ${type}`);
  const booked = v('fechaRegistro');
  if (isRealAnnexDate(booked)) {
    const iso = isoFromAnnexDate(booked);
    if (iso < firstDay || iso > lastDay)
      at('fechaRegistro', `fechaRegistro: ${booked} está fuera del período del anexo`);
    const issued = v('fechaEmision');
    if (isRealAnnexDate(issued) && isoFromAnnexDate(issued) > iso)
      at('fechaRegistro', `fechaRegistro: ${booked} es anterior a la fecha de emisión ${issued}`);
    const retention = v('fechaEmiRet1');
    if (retention && isRealAnnexDate(retention) && isoFromAnnexDate(retention) < iso) {
      at(
        'fechaEmiRet1',
        `fechaEmiRet1: la retención (${retention}) no puede ser anterior al registro (${booked})`,
      );
    }
  }
  const amount = (name: string) => (/^\d{1,12}(\.\d{1,2})?$/.test(v(name)) ? dec(v(name)) : new D(0));
  const bases = ['baseNoGraIva', 'baseImponible', 'baseImpGrav', 'baseImpExe'].map(amount);
  const total = sum([...bases, amount('montoIce'), amount('montoIva')]);
  const threshold = paymentFormThreshold(lastDay);
  if (total.greaterThan(threshold) && !childBlock(row, 'formasDePago')) {
    at(
      'formasDePago',
      `formasDePago: una compra de ${total.toFixed(2)} (más de USD ${threshold}) debe indicar su forma de pago`,
    );
  }
  const withheld = sum(VAT_WITHHOLDING_ELEMENTS.map((e) => amount(e.element)));
  if (withheld.greaterThan(amount('montoIva')))
    at(
      'montoIva',
      `las retenciones de IVA (${withheld.toFixed(2)}) superan el IVA de la compra (${v('montoIva')})`,
    );
  if ((type === '04' || type === '05') && !childValue(row, 'docModificado')) {
    at(
      'docModificado',
      'docModificado: una nota de crédito o débito debe indicar el comprobante que modifica',
    );
  }
}

/** Payment forms must be in force on the period's last day (codes 02-14 closed in 2016). */
function checkPaymentForms(row: AtsNode, path: string, lastDay: string, problems: AtsProblem[]): void {
  childBlock(row, 'formasDePago')?.children?.forEach((form, i) => {
    if (!isPaymentFormInForce(form.value ?? '', lastDay)) {
      problems.push({
        element: `${path}/formasDePago/formaPago[${i + 1}]`,
        message: `formaPago: ${form.value} no es una forma de pago vigente en el período`,
      });
    }
  });
}

function checkSale(row: AtsNode, path: string, lastDay: string, problems: AtsProblem[]): void {
  checkPaymentForms(row, path, lastDay, problems);
  const v = (name: string) => childValue(row, name) ?? '';
  if (!['04', '05', '06', '07', '19'].includes(v('tpIdCliente'))) {
    problems.push({
      element: `${path}/tpIdCliente`,
      message: `tpIdCliente: ${v('tpIdCliente')} no es un tipo de identificación de ventas`,
    });
  }
  if (['baseNoGraIva', 'baseImponible', 'baseImpGrav'].every((n) => /^0+(\.0+)?$/.test(v(n)))) {
    problems.push({
      element: `${path}/baseImpGrav`,
      message: 'las tres bases de la fila de ventas no pueden ser todas 0.00',
    });
  }
}

/** Every problem of a whole annex tree (a file read back, or a test's). */
export function checkAts(root: AtsNode): AtsProblem[] {
  const problems: AtsProblem[] = [];
  walk(root, 'iva', problems);
  problems.push(...checkAtsHeader(root));
  const year = Number(childValue(root, 'Anio'));
  const month = Number(childValue(root, 'Mes'));
  const { first, last } = periodBounds(year, month, childValue(root, 'regimenMicroempresa') === 'SI');
  childBlock(root, 'compras')?.children?.forEach((row, i) => {
    checkPurchase(row, `iva/compras/detalleCompras[${i + 1}]`, last, first, problems);
  });
  childBlock(root, 'ventas')?.children?.forEach((row, i) => {
    checkSale(row, `iva/ventas/detalleVentas[${i + 1}]`, last, problems);
  });
  return problems;
}

/** The checks of one row as it is written (its path given), for the streaming builder. */
export function checkRow(row: AtsNode, path: string, period: { first: string; last: string }): AtsProblem[] {
  const problems: AtsProblem[] = [];
  walk(row, path, problems);
  if (row.name === 'detalleCompras') checkPurchase(row, path, period.last, period.first, problems);
  if (row.name === 'detalleVentas') checkSale(row, path, period.last, problems);
  return problems;
}

/** The header's own rules: the informant's RUC and its count of establishments. */
export function checkAtsHeader(root: AtsNode): AtsProblem[] {
  const problems: AtsProblem[] = [];
  const ruc = childValue(root, 'IdInformante') ?? '';
  if (!/^\d{10}001$/.test(ruc))
    problems.push({
      element: 'iva/IdInformante',
      message: `IdInformante: ${ruc} no es un RUC (13 dígitos terminados en 001)`,
    });
  const count = childValue(root, 'numEstabRuc');
  if (!count || !/^\d{3}$/.test(count) || count === '000') {
    problems.push({
      element: 'iva/numEstabRuc',
      message: 'numEstabRuc: indique cuántos establecimientos activos tiene el RUC (mayor que 000)',
    });
  }
  return problems;
}
