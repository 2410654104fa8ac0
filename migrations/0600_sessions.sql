-- Web app sign-in: one-time codes and magic links (issue 8). The session itself is an internal
-- API key (api_keys.internal = true, expires_at set), so only the sign-in challenge lives here.
create table sign_in_challenges (
  id uuid primary key,
  tenant_id uuid not null references tenants (id) on delete cascade,
  -- sha256(id || ':' || code): the 6-digit code never stored in clear
  code_hash text not null,
  -- sha256 of the 64-hex magic-link token
  link_hash text not null unique,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  -- set when consumed, when a newer challenge supersedes it, or after the last failed attempt
  used_at timestamptz,
  created_at timestamptz not null
);

create index sign_in_challenges_tenant_idx on sign_in_challenges (tenant_id, created_at desc);
