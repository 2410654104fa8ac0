-- Legal agreements (interface.md: Agreement status, Agreement document type; decisions.md §4).
-- Templates are versioned per type; the newest published version of a type is the current one.
create table agreement_templates (
  id uuid primary key,
  -- publication order: the highest of a type is its current version (independent of clocks)
  seq bigint generated always as identity unique,
  document_type text not null check (document_type in ('TERMS', 'PRIVACY', 'DPA')),
  version text not null,
  -- text with {{businessName}}, {{ruc}}, {{email}} and {{date}} placeholders, filled per tenant
  content text not null,
  content_hash text not null,
  published_at timestamptz not null,
  unique (document_type, version)
);
create index agreement_templates_current_idx on agreement_templates (document_type, seq desc);

-- A tenant's personalized copy of a template: PENDING until accepted (NOT_GENERATED = no row yet).
create table agreement_instances (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  template_id uuid not null references agreement_templates (id),
  document_type text not null,
  version text not null,
  content text not null,
  content_hash text not null,
  status text not null check (status in ('PENDING', 'ACCEPTED')),
  created_at timestamptz not null,
  accepted_at timestamptz,
  unique (tenant_id, template_id)
);

-- The evidence of each acceptance: who (IP, user agent), what (version, hash of the exact text), when.
create table agreement_acceptances (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  instance_id uuid not null references agreement_instances (id),
  document_type text not null,
  version text not null,
  content_hash text not null,
  ip_address text,
  user_agent text,
  accepted_at timestamptz not null
);
create index agreement_acceptances_tenant_idx on agreement_acceptances (tenant_id, document_type, accepted_at desc);

-- decisions.md §4: version 1.0 of each template is published on first start so the flow works out
-- of the box; the operator publishes later versions (POST /admin/v1/agreements, npm run admin).
insert into agreement_templates (id, document_type, version, content, content_hash, published_at)
select id, document_type, '1.0', content, encode(sha256(convert_to(content, 'UTF8')), 'hex'), now()
from (values
  ('5a0c1f50-0000-4000-8000-000000000001'::uuid, 'TERMS', $terms$TÉRMINOS Y CONDICIONES DEL SERVICIO DE FACTURACIÓN ELECTRÓNICA (versión 1.0)

Cliente: {{businessName}}, RUC {{ruc}}, correo {{email}}. Fecha: {{date}}.

1. Objeto. El proveedor presta al Cliente un servicio para emitir comprobantes electrónicos (facturas y notas de crédito), firmarlos con el certificado del Cliente, enviarlos al Servicio de Rentas Internas (SRI) y entregarlos a sus compradores.
2. Responsabilidad tributaria. El Cliente es el emisor de sus comprobantes y responde por su contenido ante el SRI. El proveedor no altera los datos que el Cliente envía.
3. Certificado de firma. El Cliente entrega su certificado P12 y su clave para firmar en su nombre; el proveedor los guarda cifrados y solo los usa para firmar los comprobantes que el Cliente solicita.
4. Planes y pagos. Los planes de pago se contratan por períodos mensuales o anuales, se pagan por transferencia bancaria más IVA y se activan cuando el proveedor verifica el pago. Sin renovación verificada, la cuenta vuelve al plan gratuito siete días después del fin del período.
5. Cambios de precio. Todo cambio de precio se anuncia con al menos 30 días de anticipación; las renovaciones anteriores a la fecha de vigencia conservan el precio anterior.
6. Suspensión. El proveedor puede suspender la cuenta por falta de pago, sospecha de fraude o incumplimiento de estos términos; durante la suspensión el Cliente puede leer sus comprobantes pero no emitir nuevos.
7. Terminación. El Cliente puede cancelar su suscripción en cualquier momento; la cancelación rige al final del período pagado, sin reembolso.
$terms$),
  ('5a0c1f50-0000-4000-8000-000000000002'::uuid, 'PRIVACY', $privacy$POLÍTICA DE PRIVACIDAD (versión 1.0)

Titular de la cuenta: {{businessName}}, RUC {{ruc}}, correo {{email}}. Fecha: {{date}}.

1. Datos que tratamos: los datos de la cuenta (correo, RUC, razón social, direcciones), el certificado de firma, los comprobantes emitidos con los datos de sus compradores y los registros de uso de la API.
2. Finalidad: prestar el servicio de facturación electrónica, cobrarlo, cumplir obligaciones tributarias y mantener la seguridad del servicio.
3. Base legal: la ejecución del contrato con el Cliente y las obligaciones legales del proveedor, conforme a la Ley Orgánica de Protección de Datos Personales del Ecuador.
4. Conservación: los comprobantes se conservan durante el plazo que exige la normativa tributaria; los demás datos mientras la cuenta exista.
5. Derechos: el titular puede pedir acceso, rectificación, eliminación u oposición escribiendo al proveedor desde el correo de la cuenta.
$privacy$),
  ('5a0c1f50-0000-4000-8000-000000000003'::uuid, 'DPA', $dpa$ACUERDO DE TRATAMIENTO DE DATOS PERSONALES (versión 1.0)

Responsable: {{businessName}}, RUC {{ruc}}, correo {{email}}. Encargado: el proveedor del servicio. Fecha: {{date}}.

1. El Encargado trata los datos personales de los compradores del Responsable solo para emitir, enviar al SRI, conservar y entregar sus comprobantes electrónicos, siguiendo las instrucciones del Responsable.
2. El Encargado aplica medidas de seguridad adecuadas: cifrado de certificados y credenciales, control de acceso por claves con alcances y registros de auditoría.
3. El Encargado no cede los datos a terceros, salvo al SRI y a los proveedores de infraestructura necesarios para el servicio, con obligaciones equivalentes.
4. El Encargado notifica al Responsable sin demora indebida cualquier violación de seguridad que afecte a sus datos.
5. Al terminar el servicio, el Encargado devuelve o elimina los datos, salvo los que la ley obligue a conservar.
$dpa$)
) as seed (id, document_type, content);
