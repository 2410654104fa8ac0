-- The API processes cache the answer of GET /v1/tenants/me per tenant (docs/scaling.md,
-- "Authenticated reads"), next to the API key cache and on the same channel, auth_invalidation.
-- Every committed change of what that view shows is announced as 'view:<tenant id>' (the key cache
-- ignores it): the period's document count (every production document created), the TERMS
-- acceptance, the subscription (the period and so the count and quota), the tenant's email, seats
-- and suspension reason. Status, tier and sandbox are already announced as 'tenant:<id>'
-- (0725), which drops the view too. A tier's quota change drops every view ('view:*').

create function notify_tenant_view_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_invalidation', 'view:' || coalesce(new.tenant_id, old.tenant_id)::text);
  return null;
end $$;

create trigger document_quota_usage_view_invalidation
  after insert or update or delete on document_quota_usage for each row
  execute function notify_tenant_view_change();

create trigger agreement_acceptances_view_invalidation
  after insert or update or delete on agreement_acceptances for each row
  execute function notify_tenant_view_change();

create trigger subscriptions_view_invalidation
  after insert or update or delete on subscriptions for each row
  execute function notify_tenant_view_change();

create function notify_tenant_row_view_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_invalidation', 'view:' || coalesce(new.id, old.id)::text);
  return null;
end $$;

create trigger tenants_view_invalidation
  after update on tenants for each row
  when (old.email is distinct from new.email
     or old.suspension_reason_code is distinct from new.suspension_reason_code
     or old.extra_seats is distinct from new.extra_seats
     or old.pending_extra_seats is distinct from new.pending_extra_seats)
  execute function notify_tenant_row_view_change();

create function notify_tier_view_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_invalidation', 'view:*');
  return null;
end $$;

create trigger tiers_view_invalidation
  after update on tiers for each row
  when (old.document_quota is distinct from new.document_quota)
  execute function notify_tier_view_change();
