-- The language a notification's title and message were written in (issue 18). The account's
-- language can change after the row is written, and the web app marks the text with its own
-- language (lang="es") when it differs from the page's. Rows written before: the account's
-- language now, the best guess left.
alter table notifications add column language text not null default 'es' check (language in ('es', 'en'));
update notifications n set language = t.language from tenants t where t.id = n.tenant_id;
