-- Ecuador's national holidays (issue 29): the voiding window of a document ends on day 7 of the
-- month after its issue, moved to the next business day when that day is a weekend or a holiday
-- (Res. NAC-DGERCGC25-00000017). The seed is the law's calendar (Ley Orgánica del Servicio
-- Público, art. 1 of its 2016 reform): fixed days, carnival and Good Friday. The government moves
-- some of them each year by decree; the operator adds those days (and local ones it wants to
-- honour) with POST /admin/v1/holidays or `admin-cli holidays add`, and removes a moved one.
create table public_holidays (
  day date primary key,
  name text not null check (length(name) between 1 and 200),
  created_at timestamptz not null default now()
);

insert into public_holidays (day, name) values
  ('2025-01-01', 'Año Nuevo'), ('2025-03-03', 'Carnaval'), ('2025-03-04', 'Carnaval'),
  ('2025-04-18', 'Viernes Santo'), ('2025-05-01', 'Día del Trabajo'), ('2025-05-24', 'Batalla de Pichincha'),
  ('2025-08-10', 'Primer Grito de Independencia'), ('2025-10-09', 'Independencia de Guayaquil'),
  ('2025-11-02', 'Día de los Difuntos'), ('2025-11-03', 'Independencia de Cuenca'), ('2025-12-25', 'Navidad'),
  ('2026-01-01', 'Año Nuevo'), ('2026-02-16', 'Carnaval'), ('2026-02-17', 'Carnaval'),
  ('2026-04-03', 'Viernes Santo'), ('2026-05-01', 'Día del Trabajo'), ('2026-05-24', 'Batalla de Pichincha'),
  ('2026-08-10', 'Primer Grito de Independencia'), ('2026-10-09', 'Independencia de Guayaquil'),
  ('2026-11-02', 'Día de los Difuntos'), ('2026-11-03', 'Independencia de Cuenca'), ('2026-12-25', 'Navidad'),
  ('2027-01-01', 'Año Nuevo'), ('2027-02-08', 'Carnaval'), ('2027-02-09', 'Carnaval'),
  ('2027-03-26', 'Viernes Santo'), ('2027-05-01', 'Día del Trabajo'), ('2027-05-24', 'Batalla de Pichincha'),
  ('2027-08-10', 'Primer Grito de Independencia'), ('2027-10-09', 'Independencia de Guayaquil'),
  ('2027-11-02', 'Día de los Difuntos'), ('2027-11-03', 'Independencia de Cuenca'), ('2027-12-25', 'Navidad');
