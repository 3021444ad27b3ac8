// Versioned schema migrations, applied at start under an advisory lock so that several
// instances starting together migrate once. Each migration is a list of statements (both
// drivers run them one by one inside the migration's transaction). Never edit a released
// migration: add the next one.
import type { Db, Queryable } from "./db.js";

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

/** Arbitrary constant: the advisory lock key that serializes migrations across instances. */
const MIGRATION_LOCK_KEY = 7_318_224_190;

export const migrations: Migration[] = [
  {
    version: 1,
    name: "accounts, keys, ledger, holds, payments, idempotency, cache, meters, usage",
    statements: [
      `CREATE TABLE orgs (
        id text PRIMARY KEY,
        email text NOT NULL CHECK (email = lower(email)),
        name text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        created_at timestamptz NOT NULL DEFAULT now(),
        credit_balance bigint NOT NULL DEFAULT 0 CHECK (credit_balance >= 0),
        credits_held bigint NOT NULL DEFAULT 0 CHECK (credits_held >= 0),
        debt_credits bigint NOT NULL DEFAULT 0 CHECK (debt_credits >= 0),
        lifetime_credits_charged bigint NOT NULL DEFAULT 0,
        rate_card_version integer NOT NULL DEFAULT 1,
        trust_tier_manual integer CHECK (trust_tier_manual BETWEEN 0 AND 4),
        first_settled_at timestamptz,
        settled_usd_cents bigint NOT NULL DEFAULT 0,
        debug_policy text NOT NULL DEFAULT 'enabled' CHECK (debug_policy IN ('enabled', 'disabled')),
        limits jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(limits) = 'object'),
        ledger_seq bigint NOT NULL DEFAULT 0,
        ledger_head text NOT NULL DEFAULT '${"0".repeat(64)}',
        -- Credit invariants kept by src/store/credits.ts and payments.ts: in-flight holds are
        -- always covered by the balance, and while credits are owed nothing is spendable.
        CONSTRAINT orgs_held_within_balance CHECK (credits_held <= credit_balance),
        CONSTRAINT orgs_debt_freezes_balance CHECK (debt_credits = 0 OR credit_balance = credits_held)
      )`,
      `CREATE UNIQUE INDEX orgs_email ON orgs (lower(email))`,
      `CREATE TABLE api_keys (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        env text NOT NULL CHECK (env IN ('live', 'test')),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
        digest text NOT NULL UNIQUE CHECK (digest ~ '^[0-9a-f]{64}$'),
        hint text NOT NULL CHECK (char_length(hint) = 16),
        scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1
          AND scopes <@ ARRAY['account:read', 'convert:write', 'usage:read']::text[]),
        ip_allow text[] NOT NULL DEFAULT '{}',
        sub_limits jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(sub_limits) = 'object'),
        expires_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`,
      `CREATE INDEX api_keys_org ON api_keys (org_id, created_at)`,
      // Revocation is irreversible (SPEC.md §API key) in the database itself, and a key's
      // digest, owner and environment never change: whatever code runs, a revoked key
      // cannot come back and a row cannot be moved to another organization.
      `CREATE FUNCTION api_keys_guard() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS DISTINCT FROM OLD.revoked_at THEN
           RAISE EXCEPTION 'api_keys.revoked_at is write-once: a revoked key stays revoked';
         END IF;
         IF NEW.digest <> OLD.digest OR NEW.org_id <> OLD.org_id OR NEW.env <> OLD.env THEN
           RAISE EXCEPTION 'api_keys: digest, org_id and env never change';
         END IF;
         RETURN NEW;
       END $$`,
      `CREATE TRIGGER api_keys_guard BEFORE UPDATE ON api_keys
       FOR EACH ROW EXECUTE FUNCTION api_keys_guard()`,
      `CREATE TABLE ledger_entries (
        org_id text NOT NULL REFERENCES orgs (id),
        seq bigint NOT NULL,
        id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        kind text NOT NULL CHECK (kind IN ('purchase', 'bonus', 'charge', 'refund', 'clawback', 'goodwill', 'expiry', 'debt_settlement')),
        credits bigint NOT NULL,
        balance_after bigint NOT NULL CHECK (balance_after >= 0),
        debt_after bigint NOT NULL CHECK (debt_after >= 0),
        rate_card_version integer NOT NULL,
        reference text,
        request_id text,
        prev_hash text NOT NULL,
        entry_hash text NOT NULL,
        PRIMARY KEY (org_id, seq)
      )`,
      // Burn caps sum an organization's charges over the trailing 24 hours.
      `CREATE INDEX ledger_entries_charges ON ledger_entries (org_id, created_at) WHERE kind = 'charge'`,
      // The ledger is append-only in the database itself, not only in the code.
      `CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'ledger_entries is append-only: % is not allowed', TG_OP;
       END $$`,
      `CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
       FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`,
      `CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
       FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only()`,
      `CREATE TABLE instances (
        id text PRIMARY KEY,
        started_at timestamptz NOT NULL DEFAULT now(),
        heartbeat_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE holds (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        request_id text NOT NULL,
        instance_id text NOT NULL,
        credits bigint NOT NULL CHECK (credits > 0),
        rate_card_version integer NOT NULL,
        state text NOT NULL CHECK (state IN ('held', 'settled', 'released')),
        charged bigint CHECK (charged >= 0 AND charged <= credits),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        balance_after bigint
      )`,
      `CREATE INDEX holds_open ON holds (expires_at) WHERE state = 'held'`,
      `CREATE INDEX holds_instance ON holds (instance_id) WHERE state = 'held'`,
      // Credit lots: what a charge consumes (goodwill first, soonest expiry first, then
      // purchases oldest first), so refunds and expiry know what is unspent.
      `CREATE TABLE credit_lots (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        kind text NOT NULL CHECK (kind IN ('purchase', 'goodwill')),
        purchase_id text,
        credits bigint NOT NULL CHECK (credits >= 0),
        remaining bigint NOT NULL CHECK (remaining >= 0 AND remaining <= credits),
        expires_at timestamptz,
        expired_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX credit_lots_spend ON credit_lots (org_id, kind, expires_at, created_at) WHERE remaining > 0`,
      `CREATE TABLE purchases (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        pack_usd integer NOT NULL,
        amount_cents bigint NOT NULL,
        currency text NOT NULL,
        base_credits bigint NOT NULL,
        bonus_credits bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'settled', 'refunded', 'reversed', 'rejected_currency')),
        processor text NOT NULL,
        processor_ref text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        refunded_cents bigint NOT NULL DEFAULT 0,
        refunded_at timestamptz,
        reversed_at timestamptz
      )`,
      `CREATE INDEX purchases_org ON purchases (org_id, created_at)`,
      `CREATE TABLE refunds (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        purchase_id text NOT NULL REFERENCES purchases (id),
        cash_cents bigint NOT NULL,
        credits bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE risk_events (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        kind text NOT NULL CHECK (kind IN ('refund', 'dispute', 'fraud_warning', 'reversal')),
        reference text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX risk_events_org ON risk_events (org_id, created_at)`,
      `CREATE TABLE payment_events (
        processor text NOT NULL,
        event_id text NOT NULL,
        kind text NOT NULL,
        reference text,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (processor, event_id)
      )`,
      `CREATE TABLE idempotency_keys (
        org_id text NOT NULL REFERENCES orgs (id),
        key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
        fingerprint text NOT NULL,
        claim_id text NOT NULL,
        state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
        lease_until timestamptz NOT NULL,
        status integer,
        headers jsonb,
        body text,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (org_id, key),
        CHECK ((state = 'completed') = (status IS NOT NULL AND headers IS NOT NULL AND body IS NOT NULL))
      )`,
      `CREATE INDEX idempotency_expiry ON idempotency_keys (expires_at)`,
      `CREATE TABLE conversions (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        env text NOT NULL CHECK (env IN ('live', 'test')),
        -- NULL once expired: the row stays as a tombstone so an expired id answers 410, not 404.
        body text,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX conversions_expiry ON conversions (expires_at)`,
      `CREATE TABLE result_cache (
        org_id text NOT NULL REFERENCES orgs (id),
        env text NOT NULL CHECK (env IN ('live', 'test')),
        cache_key text NOT NULL,
        conversion_id text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (org_id, env, cache_key)
      )`,
      `CREATE INDEX result_cache_expiry ON result_cache (expires_at)`,
      // GCRA state: the theoretical arrival time of each organization's meter, in epoch
      // microseconds (src/store/gcra.ts: the upload meter's emission interval is 0.11 µs per
      // byte, so milliseconds would round every small request to zero or a whole ms).
      `CREATE TABLE meters (
        org_id text NOT NULL,
        meter text NOT NULL,
        tat_us bigint NOT NULL,
        PRIMARY KEY (org_id, meter)
      )`,
      // Concurrency leases: one row per slot, so the primary key enforces the limit.
      `CREATE TABLE leases (
        org_id text NOT NULL,
        slot integer NOT NULL,
        lease_id text NOT NULL,
        instance_id text NOT NULL,
        key_id text,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (org_id, slot)
      )`,
      // Releasing names only the lease id (src/store/leases.ts), once per request.
      `CREATE INDEX leases_lease_id ON leases (lease_id)`,
      `CREATE TABLE test_usage (
        org_id text NOT NULL REFERENCES orgs (id),
        month text NOT NULL,
        pages bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (org_id, month)
      )`,
      `CREATE TABLE usage_records (
        id text PRIMARY KEY,
        org_id text NOT NULL REFERENCES orgs (id),
        env text NOT NULL CHECK (env IN ('live', 'test')),
        request_id text NOT NULL,
        endpoint text NOT NULL,
        status integer NOT NULL,
        error_code text,
        pages_processed integer NOT NULL DEFAULT 0 CHECK (pages_processed >= 0),
        pages_billed integer NOT NULL DEFAULT 0 CHECK (pages_billed >= 0),
        credits_charged bigint NOT NULL DEFAULT 0 CHECK (credits_charged >= 0),
        key_id text,
        key_hint text,
        cache text CHECK (cache IN ('hit', 'miss')),
        compute_ms integer NOT NULL DEFAULT 0 CHECK (compute_ms >= 0),
        metadata jsonb,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX usage_records_org ON usage_records (org_id, created_at, id)`,
    ],
  },
  {
    version: 2,
    name: "mail outbox",
    statements: [
      // Mail the service sends (sign-in links): kept here for the operator and the tests, and
      // delivered through SMTP when SMTP_URL is set.
      `CREATE TABLE outbox (
        id text PRIMARY KEY,
        to_email text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        links jsonb NOT NULL DEFAULT '[]'::jsonb,
        transport text NOT NULL CHECK (transport IN ('outbox', 'smtp')),
        sent_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX outbox_recent ON outbox (sent_at DESC, id DESC)`,
      `CREATE INDEX outbox_to ON outbox (lower(to_email), sent_at DESC)`,
    ],
  },
  {
    version: 3,
    name: "console sessions and sign-in links",
    statements: [
      // Console sessions (src/console/sessions.ts). Only the SHA-256 of the cookie's token is
      // kept, so a copy of this table signs nobody in. A session ends at expires_at
      // (absolute) or after an idle period measured from last_seen_at, whichever comes first.
      `CREATE TABLE console_sessions (
        token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        org_id text NOT NULL REFERENCES orgs (id),
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX console_sessions_expiry ON console_sessions (expires_at)`,
      `CREATE INDEX console_sessions_org ON console_sessions (org_id)`,
      // Sign-in links (src/console/magic_links.ts): the token and the requesting browser's
      // nonce, both as SHA-256 only. No organization reference: the link names an address,
      // and the organization is found or created when the link is used.
      `CREATE TABLE magic_links (
        token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        email text NOT NULL CHECK (email = lower(email)),
        browser_hash text NOT NULL CHECK (browser_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      `CREATE INDEX magic_links_expiry ON magic_links (expires_at)`,
    ],
  },
  {
    version: 4,
    name: "console playground: usage source, page images",
    statements: [
      // Where a request came from: the API (a key) or the console's Try it page (a session).
      `ALTER TABLE usage_records ADD COLUMN source text NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'console'))`,
      // The Try it page's page images (src/store/page_images.ts): PNGs rendered with a
      // conversion and kept as long as it is (24 h), in the database so any instance serves them.
      `CREATE TABLE page_images (
        conversion_id text NOT NULL,
        org_id text NOT NULL REFERENCES orgs (id),
        page integer NOT NULL CHECK (page >= 1),
        png bytea NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (conversion_id, page)
      )`,
      `CREATE INDEX page_images_expiry ON page_images (expires_at)`,
    ],
  },
  {
    version: 5,
    name: "idempotency records name their instance and settled hold",
    statements: [
      // The instance running an in-progress claim: once its heartbeat is stale the key is
      // taken over within seconds, as its holds are (src/store/idempotency.ts). The hold a
      // completed request settled, in the same transaction as the charge (settlement.ts).
      `ALTER TABLE idempotency_keys ADD COLUMN instance_id text`,
      `ALTER TABLE idempotency_keys ADD COLUMN hold_id text`,
      `CREATE INDEX idempotency_in_progress_instance ON idempotency_keys (instance_id) WHERE state = 'in_progress'`,
    ],
  },
  {
    version: 6,
    name: "one-time key reveals",
    statements: [
      // A created key's plaintext, waiting for the one page that shows it (src/store/key_reveals.ts):
      // taken (deleted) by that page, bound to the console session, gone after a short expiry.
      `CREATE TABLE key_reveals (
        id text PRIMARY KEY,
        session_hash text NOT NULL,
        key_id text NOT NULL,
        name text NOT NULL,
        plaintext text NOT NULL,
        hint text NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX key_reveals_expiry ON key_reveals (expires_at)`,
    ],
  },
  {
    version: 7,
    name: "key reveals sealed",
    statements: [
      // The waiting key is sealed (AES-256-GCM under a key derived from the console's secret,
      // src/store/key_reveals.ts), so a dump never holds a live key. Slots waiting at the
      // upgrade (two minutes' worth at most) are dropped with their plaintext: their page says
      // the key was shown already, and the customer revokes it and creates another.
      `DELETE FROM key_reveals`,
      `ALTER TABLE key_reveals DROP COLUMN plaintext`,
      `ALTER TABLE key_reveals ADD COLUMN sealed text NOT NULL`,
    ],
  },
];

export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx: Queryable) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      for (const statement of m.statements) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
