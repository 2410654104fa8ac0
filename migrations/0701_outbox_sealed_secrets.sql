-- Secrets at rest (docs/hardening.md, "Secrets at rest"): one-time credentials (verification
-- links, sign-in codes and links) no longer sit in clear in outbox_emails. The stored subject and
-- bodies hold a placeholder; the values are sealed under MASTER_KEY here, put back when the email
-- is sent, and erased once it is sent or has failed.
alter table outbox_emails add column secrets_sealed bytea;

-- Emails already sent kept their credentials in clear: blank them (pending ones are sent as stored).
update outbox_emails
set subject = regexp_replace(subject, '[0-9]{6}', '······', 'g'),
    body_text = regexp_replace(
      regexp_replace(body_text, 'token=[0-9a-f]{64}', 'token=[redacted]', 'g'),
      '(is|es) [0-9]{6}\.', '\1 ······.', 'g'),
    body_html = regexp_replace(
      regexp_replace(
        regexp_replace(body_html, 'token=[0-9a-f]{64}', 'token=[redacted]', 'g'),
        '(is|es) [0-9]{6}\.', '\1 ······.', 'g'),
      '>[0-9]{6}<', '>······<', 'g')
where kind in ('verification', 'sign-in') and status <> 'PENDING';
