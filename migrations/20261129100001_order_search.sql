-- The staff order search reads one narrow table instead of parsing every payload of the
-- three order views per query (docs/scaling.md): one row per order, kept by the database
-- itself from the views (statement triggers, so a rebuild's swap, which updates the live
-- views in bulk, keeps it right too), with an index for each way support searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE order_search
(
    kind          text        NOT NULL,
    id            text        NOT NULL,
    order_number  text        NOT NULL,
    email         text        NOT NULL,
    name          text        NOT NULL,
    status        text        NOT NULL,
    -- '-infinity' for an order not placed yet: it sorts last, and keeps the keyset a plain
    -- row comparison (a NULL would compare as unknown and drop out of every page).
    placed_at     timestamptz NOT NULL,
    -- As shown to staff.
    phone_numbers text[]      NOT NULL,
    -- Each phone number as digits in its national form, space separated, so that a search
    -- for digits matches within one number.
    phone_digits  text        NOT NULL,
    -- Payment references (Stripe ids) as on a statement or receipt.
    refs          text[]      NOT NULL,
    PRIMARY KEY (kind, id)
);

-- Newest first, and each page after the last row shown (keyset).
CREATE INDEX order_search_newest ON order_search (placed_at DESC, kind DESC, id DESC);
-- An order number's beginning (SB-12...).
CREATE INDEX order_search_number ON order_search (lower(order_number) text_pattern_ops);
-- Part of an e-mail address.
CREATE INDEX order_search_email ON order_search USING gin (lower(email) gin_trgm_ops);
-- Digits anywhere in a phone number.
CREATE INDEX order_search_phone ON order_search USING gin (phone_digits gin_trgm_ops);
-- A whole payment reference.
CREATE INDEX order_search_refs ON order_search USING gin (refs);

-- "020 7946 0001", "+44 20 7946 0001" and "442079460001" as the same digits (the same
-- rule as api/src/app/support/search.rs `phone_digits`).
CREATE FUNCTION order_search_digits(phone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT regexp_replace(regexp_replace(phone, '\D', '', 'g'), '^44(\d{9,})$', '0\1') $$;

-- One view row as its search row; the expressions of the search that read the views.
-- Stable, not immutable: reading a time with an offset depends on no setting, but
-- PostgreSQL's text-to-timestamptz cast is marked as depending on the time zone.
CREATE FUNCTION order_search_row(kind text, id text, p json) RETURNS order_search
    LANGUAGE sql STABLE PARALLEL SAFE AS
$$
WITH r AS (
    SELECT CASE kind
               WHEN 'service' THEN p->>'orderNumber'
               WHEN 'trial' THEN 'TR-' || upper(left(replace(id, '-', ''), 8))
               ELSE p->>'orderNumber'
           END AS order_number,
           CASE kind WHEN 'hardware' THEN p->'customer'->>'email' ELSE p->>'email' END AS email,
           CASE kind
               WHEN 'hardware' THEN trim(concat(p->'customer'->>'firstName', ' ', p->'customer'->>'lastName'))
               ELSE trim(concat(p->>'firstName', ' ', p->>'lastName'))
           END AS name,
           CASE
               WHEN kind = 'service' AND jsonb_array_length(COALESCE(p::jsonb->'lostNumbers', '[]')) > 0
                   THEN 'needs replacement'
               ELSE p->>'status'
           END AS status,
           (CASE kind WHEN 'trial' THEN p->>'startedAt' ELSE p->>'placedAt' END)::timestamptz AS placed_at,
           CASE kind
               WHEN 'service' THEN ARRAY(SELECT n->>'value' FROM jsonb_array_elements(COALESCE(p::jsonb->'phoneNumbers', '[]')) n)
               WHEN 'trial' THEN ARRAY[p->>'number', p->>'phone']
               ELSE ARRAY[p->'customer'->>'phone']
           END AS phones,
           CASE kind
               WHEN 'hardware' THEN array_remove(ARRAY[p->>'paymentReference', p->>'paymentIntentId'], NULL)
               ELSE ARRAY(SELECT jsonb_array_elements_text(COALESCE(p::jsonb->'paymentReferences', '[]')))
           END AS refs
)
SELECT kind, id, COALESCE(order_number, ''), COALESCE(email, ''), name, COALESCE(status, ''),
       COALESCE(placed_at, '-infinity'),
       ARRAY(SELECT x FROM unnest(phones) x WHERE x IS NOT NULL AND x <> ''),
       COALESCE(array_to_string(ARRAY(SELECT order_search_digits(x) FROM unnest(phones) x
                                       WHERE x IS NOT NULL AND order_search_digits(x) <> ''), ' '), ''),
       refs
  FROM r
$$;

-- Statement triggers with transition tables: a bulk write of the views (a rebuild's swap)
-- costs one set-based write here, not one per row.
CREATE FUNCTION order_search_upsert() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    INSERT INTO order_search
    SELECT s.* FROM written w, LATERAL order_search_row(TG_ARGV[0], w.view_id, w.payload) s
    ON CONFLICT (kind, id) DO UPDATE
        SET order_number = EXCLUDED.order_number, email = EXCLUDED.email, name = EXCLUDED.name,
            status = EXCLUDED.status, placed_at = EXCLUDED.placed_at,
            phone_numbers = EXCLUDED.phone_numbers, phone_digits = EXCLUDED.phone_digits, refs = EXCLUDED.refs
        -- Most writes of a view change nothing the search shows: no write (nor index update).
        WHERE (order_search.*) IS DISTINCT FROM (EXCLUDED.*);
    RETURN NULL;
END
$$;

CREATE FUNCTION order_search_delete() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    DELETE FROM order_search s USING removed r WHERE s.kind = TG_ARGV[0] AND s.id = r.view_id;
    RETURN NULL;
END
$$;

-- An UPDATE that changes a view_id (none does) removes the old row as well.
CREATE FUNCTION order_search_update() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    DELETE FROM order_search s USING removed r
     WHERE s.kind = TG_ARGV[0] AND s.id = r.view_id AND NOT EXISTS (SELECT 1 FROM written w WHERE w.view_id = r.view_id);
    INSERT INTO order_search
    SELECT s.* FROM written w, LATERAL order_search_row(TG_ARGV[0], w.view_id, w.payload) s
    ON CONFLICT (kind, id) DO UPDATE
        SET order_number = EXCLUDED.order_number, email = EXCLUDED.email, name = EXCLUDED.name,
            status = EXCLUDED.status, placed_at = EXCLUDED.placed_at,
            phone_numbers = EXCLUDED.phone_numbers, phone_digits = EXCLUDED.phone_digits, refs = EXCLUDED.refs
        -- Most writes of a view change nothing the search shows: no write (nor index update).
        WHERE (order_search.*) IS DISTINCT FROM (EXCLUDED.*);
    RETURN NULL;
END
$$;

CREATE FUNCTION order_search_truncate() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    DELETE FROM order_search WHERE kind = TG_ARGV[0];
    RETURN NULL;
END
$$;

CREATE TRIGGER order_search_insert AFTER INSERT ON order_view
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION order_search_upsert('service');
CREATE TRIGGER order_search_update AFTER UPDATE ON order_view
    REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION order_search_update('service');
CREATE TRIGGER order_search_delete AFTER DELETE ON order_view
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION order_search_delete('service');
CREATE TRIGGER order_search_truncate AFTER TRUNCATE ON order_view
    FOR EACH STATEMENT EXECUTE FUNCTION order_search_truncate('service');

CREATE TRIGGER order_search_insert AFTER INSERT ON trial_view
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION order_search_upsert('trial');
CREATE TRIGGER order_search_update AFTER UPDATE ON trial_view
    REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION order_search_update('trial');
CREATE TRIGGER order_search_delete AFTER DELETE ON trial_view
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION order_search_delete('trial');
CREATE TRIGGER order_search_truncate AFTER TRUNCATE ON trial_view
    FOR EACH STATEMENT EXECUTE FUNCTION order_search_truncate('trial');

CREATE TRIGGER order_search_insert AFTER INSERT ON hardware_order_view
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION order_search_upsert('hardware');
CREATE TRIGGER order_search_update AFTER UPDATE ON hardware_order_view
    REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION order_search_update('hardware');
CREATE TRIGGER order_search_delete AFTER DELETE ON hardware_order_view
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION order_search_delete('hardware');
CREATE TRIGGER order_search_truncate AFTER TRUNCATE ON hardware_order_view
    FOR EACH STATEMENT EXECUTE FUNCTION order_search_truncate('hardware');

-- The orders already there.
INSERT INTO order_search
SELECT s.* FROM order_view v, LATERAL order_search_row('service', v.view_id, v.payload) s;
INSERT INTO order_search
SELECT s.* FROM trial_view v, LATERAL order_search_row('trial', v.view_id, v.payload) s;
INSERT INTO order_search
SELECT s.* FROM hardware_order_view v, LATERAL order_search_row('hardware', v.view_id, v.payload) s;
