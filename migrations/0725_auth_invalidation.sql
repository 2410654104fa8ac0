-- The API processes cache "API key hash -> key, tenant, scopes" for a few seconds (docs/scaling.md,
-- "Authenticated reads"). Any change that alters what authentication answers is announced on the
-- channel auth_invalidation, at commit, whoever makes it (API, worker, operator CLI, psql): every
-- process listening drops the entries of that key or tenant. Usage counters (request_count,
-- last_used_at, written every second) are not such a change and stay silent.

create function notify_auth_key_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_invalidation', 'key:' || coalesce(old.id, new.id)::text);
  return null;
end $$;

create trigger api_keys_auth_invalidation
  after update on api_keys for each row
  when (old.revoked_at is distinct from new.revoked_at
     or old.scopes is distinct from new.scopes
     or old.expires_at is distinct from new.expires_at
     or old.environment is distinct from new.environment
     or old.internal is distinct from new.internal
     or old.token_hash is distinct from new.token_hash
     or old.tenant_id is distinct from new.tenant_id)
  execute function notify_auth_key_change();

create trigger api_keys_auth_invalidation_delete
  after delete on api_keys for each row execute function notify_auth_key_change();

create function notify_auth_tenant_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_invalidation', 'tenant:' || coalesce(old.id, new.id)::text);
  return null;
end $$;

create trigger tenants_auth_invalidation
  after update on tenants for each row
  when (old.status is distinct from new.status
     or old.subscription_tier is distinct from new.subscription_tier
     or old.sandbox is distinct from new.sandbox
     or old.email_verified_at is distinct from new.email_verified_at
     or old.language is distinct from new.language)
  execute function notify_auth_tenant_change();

create trigger tenants_auth_invalidation_delete
  after delete on tenants for each row execute function notify_auth_tenant_change();
