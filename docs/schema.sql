-- The database schema the migrations make (migrations/), written by api/scripts/schema-dump.sh.
-- Generated: do not edit; change a migration and run the script.

--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

--
-- Name: mailbox_of(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.mailbox_of(email text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN (POSITION(('@'::text) IN (email)) = 0) THEN lower(btrim(email)) WHEN (lower(split_part(lower(btrim(email)), '@'::text, '-1'::integer)) = ANY (ARRAY['gmail.com'::text, 'googlemail.com'::text])) THEN (replace(split_part(regexp_replace(lower(btrim(email)), '@[^@]*$'::text, ''::text), '+'::text, 1), '.'::text, ''::text) || '@gmail.com'::text) ELSE ((split_part(regexp_replace(lower(btrim(email)), '@[^@]*$'::text, ''::text), '+'::text, 1) || '@'::text) || split_part(lower(btrim(email)), '@'::text, '-1'::integer)) END;

--
-- Name: number_counts_add(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.number_counts_add() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO number_counts AS c (country, number_type, area_code, free_trial, available)
    SELECT country, number_type, area_code, free_trial, count(*) FILTER (WHERE status = 'available')
    FROM new_rows
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (country, number_type, area_code, free_trial) DO UPDATE SET available = c.available + excluded.available;
    RETURN NULL;
END
$$;

--
-- Name: number_counts_change(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.number_counts_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    -- Net change per key, applied in key order so concurrent updates never deadlock.
    WITH delta AS (SELECT country, number_type, area_code, free_trial, sum(d) AS d
                   FROM (SELECT country, number_type, area_code, free_trial, -1 AS d
                         FROM old_rows WHERE status = 'available'
                         UNION ALL
                         SELECT country, number_type, area_code, free_trial, 1
                         FROM new_rows WHERE status = 'available') changes
                   GROUP BY 1, 2, 3, 4
                   HAVING sum(d) <> 0)
    INSERT INTO number_counts AS c (country, number_type, area_code, free_trial, available)
    SELECT country, number_type, area_code, free_trial, d FROM delta ORDER BY 1, 2, 3, 4
    ON CONFLICT (country, number_type, area_code, free_trial) DO UPDATE SET available = c.available + excluded.available;
    RETURN NULL;
END
$$;

--
-- Name: number_counts_remove(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.number_counts_remove() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE number_counts c
    SET available = c.available - gone.n
    FROM (SELECT country, number_type, area_code, free_trial, count(*) AS n
          FROM old_rows
          WHERE status = 'available'
          GROUP BY 1, 2, 3, 4) gone
    WHERE (c.country, c.number_type, c.area_code, c.free_trial)
              = (gone.country, gone.number_type, gone.area_code, gone.free_trial);
    RETURN NULL;
END
$$;

--
-- Name: order_search_delete(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_search_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    DELETE FROM order_search s USING removed r WHERE s.kind = TG_ARGV[0] AND s.id = r.view_id;
    RETURN NULL;
END
$$;

--
-- Name: order_search_digits(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_search_digits(phone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$ SELECT regexp_replace(regexp_replace(phone, '\D', '', 'g'), '^44(\d{9,})$', '0\1') $_$;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: order_search; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.order_search (
    kind text NOT NULL,
    id text NOT NULL,
    order_number text NOT NULL,
    email text NOT NULL,
    name text NOT NULL,
    status text NOT NULL,
    placed_at timestamp with time zone NOT NULL,
    phone_numbers text[] NOT NULL,
    phone_digits text NOT NULL,
    refs text[] NOT NULL
);

--
-- Name: order_search_row(text, text, json); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_search_row(kind text, id text, p json) RETURNS public.order_search
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
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

--
-- Name: order_search_truncate(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_search_truncate() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    DELETE FROM order_search WHERE kind = TG_ARGV[0];
    RETURN NULL;
END
$$;

--
-- Name: order_search_update(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_search_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: order_search_upsert(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_search_upsert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: public_reads_hardware_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.public_reads_hardware_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM pg_notify('public_reads', 'hardware');
    RETURN NULL;
END
$$;

--
-- Name: public_reads_numbers_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.public_reads_numbers_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    changed boolean := TG_OP = 'TRUNCATE';
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        changed := changed OR EXISTS (SELECT 1 FROM new_rows WHERE free_trial);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        changed := changed OR EXISTS (SELECT 1 FROM old_rows WHERE free_trial);
    END IF;
    IF changed THEN
        PERFORM pg_notify('public_reads', 'numbers');
    END IF;
    RETURN NULL;
END
$$;

--
-- Name: sip_acc_moves_calls(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sip_acc_moves_calls() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $_$
DECLARE
    c       record;
    seconds bigint;
    minutes bigint;
BEGIN
    IF NEW.call IS NULL OR NEW.at !~ '^[0-9]+(\.[0-9]+)?$' THEN
        RETURN NEW;
    END IF;
    IF NEW.method = 'INVITE' AND NEW.sip_code = '200' THEN
        UPDATE sip_calls SET answered_at = to_timestamp(NEW.at::float8) WHERE call = NEW.call AND answered_at IS NULL;
    ELSIF NEW.method = 'INVITE' AND NEW.sip_code ~ '^[3-6]' THEN
        UPDATE sip_calls SET ended_at = to_timestamp(NEW.at::float8) WHERE call = NEW.call AND answered_at IS NULL AND ended_at IS NULL;
    ELSIF NEW.method = 'END' THEN
        UPDATE sip_calls
        SET ended_at = greatest(to_timestamp(NEW.at::float8), coalesce(answered_at, started_at))
        WHERE call = NEW.call
          AND ended_at IS NULL
        RETURNING * INTO c;
        IF FOUND AND c.answered_at IS NOT NULL THEN
            seconds := least(greatest(ceil(extract(epoch FROM c.ended_at - c.answered_at)), 0), c.max_seconds)::bigint;
            minutes := (seconds + 59) / 60;
            INSERT INTO sip_usage (owner, day, calls, seconds, minutes, spend_tenths, international_tenths)
            VALUES (c.owner, (c.answered_at AT TIME ZONE 'Europe/London')::date, 1, seconds, minutes, minutes * c.rate_tenths,
                    CASE WHEN c.class LIKE 'international%' THEN minutes * c.rate_tenths ELSE 0 END)
            ON CONFLICT (owner, day) DO UPDATE SET calls                = sip_usage.calls + 1,
                                                   seconds              = sip_usage.seconds + excluded.seconds,
                                                   minutes              = sip_usage.minutes + excluded.minutes,
                                                   spend_tenths         = sip_usage.spend_tenths + excluded.spend_tenths,
                                                   international_tenths = sip_usage.international_tenths + excluded.international_tenths;
        END IF;
    END IF;
    RETURN NEW;
END
$_$;

--
-- Name: sip_call_out(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sip_call_out(p_username text, p_to text, p_call text) RETURNS TABLE(refusal text, caller_id text, class text, max_seconds integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $_$
DECLARE
    longest           CONSTANT integer := 4 * 60 * 60;
    a                 record;
    v_tariff          text;
    v_rate            integer;
    v_refusal         text;
    v_allowance       record;
    v_today           date := (now() AT TIME ZONE 'Europe/London')::date;
    v_extension_calls integer;
    v_owner_calls     integer;
    v_users           integer;
    v_slots           integer;
    v_minutes_left    bigint;
    v_tenths_left     bigint;
    v_cap_left        bigint;
    v_abroad_cap      bigint;
    v_abroad_left     bigint;
BEGIN
    refusal := NULL;
    caller_id := NULL;
    class := NULL;
    max_seconds := 0;
    SELECT s.username, s.owner, s.may_call_out INTO a FROM sip_accounts_in_service s WHERE s.username = p_username;
    IF NOT FOUND OR p_to !~ '^[1-9][0-9]{5,14}$' OR p_call !~ '^[A-Za-z0-9.:-]{1,64}$' THEN
        refusal := 'Forbidden';
        RETURN NEXT;
        RETURN;
    END IF;
    -- One call setup at a time per owner: the counts below are exact.
    PERFORM pg_advisory_xact_lock(hashtext('sip_call_out:' || a.owner));

    caller_id := (SELECT n.number FROM sip_numbers n WHERE n.owner = a.owner ORDER BY n.routed_at, n.number LIMIT 1);
    class := coalesce((SELECT d.class
                       FROM dial_prefixes d
                       WHERE d.prefix = left(p_to, length(d.prefix))
                       ORDER BY length(d.prefix) DESC
                       LIMIT 1), 'international');
    SELECT m.minutes, m.monthly INTO v_allowance FROM sip_minute_allowances m WHERE m.owner = a.owner;
    v_tariff := CASE
                    WHEN EXISTS (SELECT 1 FROM sip_prepaid_owners p WHERE p.owner = a.owner) THEN 'credit'
                    WHEN v_allowance.monthly THEN 'minutes'
                    WHEN NOT v_allowance.monthly THEN 'trial'
        END;
    SELECT r.tenths_per_minute, r.refusal INTO v_rate, v_refusal
    FROM dial_rates r
    WHERE r.tariff = v_tariff
      AND r.class = sip_call_out.class;

    IF NOT a.may_call_out THEN
        refusal := 'Confirm your e-mail address first';
    ELSIF v_tariff IS NULL OR v_refusal IS NULL THEN
        refusal := 'Calls out are not set up on this account: contact support';
    ELSE
        refusal := (SELECT s.reason FROM sip_call_suspensions s WHERE s.owner = a.owner);
    END IF;
    IF refusal IS NULL AND caller_id IS NULL THEN
        refusal := 'No number to call from';
    END IF;
    IF refusal IS NULL AND v_rate IS NULL THEN
        refusal := v_refusal;
    END IF;
    -- Calls abroad (a rated class) only once the owner turned them on, with a monthly cap.
    IF refusal IS NULL AND class = 'international_standard' THEN
        v_abroad_cap := (SELECT (v.payload ->> 'internationalCapTenths')::bigint
                         FROM call_credit_view v
                         WHERE v.view_id = a.owner);
        IF v_abroad_cap IS NULL THEN
            refusal := 'International calls are off: turn them on in your account';
        END IF;
    END IF;

    -- Calls at once: 1 from a trial's extension, 2 from any other, and 2 for each extension
    -- the owner pays for across them all. A reservation lapses 3 minutes past its longest
    -- length, should its end never be recorded.
    IF refusal IS NULL THEN
        SELECT count(*) FILTER (WHERE c.username = p_username), count(*)
        INTO v_extension_calls, v_owner_calls
        FROM sip_calls c
        WHERE c.owner = a.owner
          AND c.ended_at IS NULL
          AND c.started_at + make_interval(secs => c.max_seconds + 180) > now();
        v_users := (SELECT count(*) FROM sip_accounts s WHERE s.owner = a.owner);
        IF v_extension_calls >= (CASE WHEN v_tariff = 'trial' THEN 1 ELSE 2 END)
            OR v_owner_calls >= 2 * v_users THEN
            refusal := 'Too many calls at once: end a call first';
        END IF;
        -- The calls that may still start beside this one share what is left: a call takes
        -- its share (at least a minute), so one call cannot hold the whole credit.
        v_slots := greatest(1, least((CASE WHEN v_tariff = 'trial' THEN 1 ELSE 2 END) - v_extension_calls,
                                     2 * v_users - v_owner_calls));
    END IF;

    IF refusal IS NULL THEN
        max_seconds := longest;
        IF v_tariff = 'credit' AND v_rate > 0 THEN
            -- The credit less what the calls in progress may still spend, and today's cap
            -- less today's spend and the same.
            v_tenths_left := coalesce((SELECT CASE
                                                  WHEN coalesce((v.payload ->> 'frozen')::boolean, false) THEN 0
                                                  ELSE (v.payload ->> 'balanceTenths')::bigint END
                                       FROM call_credit_view v
                                       WHERE v.view_id = a.owner), 0)
                - coalesce((SELECT sum(ceil(c.max_seconds / 60.0) * c.rate_tenths)
                            FROM sip_calls c
                            WHERE c.owner = a.owner
                              AND c.ended_at IS NULL
                              AND c.started_at + make_interval(secs => c.max_seconds + 180) > now()), 0);
            v_cap_left := coalesce((SELECT s.daily_tenths FROM sip_spend_caps s WHERE s.owner = a.owner), 20000)
                - coalesce((SELECT u.spend_tenths FROM sip_usage u WHERE u.owner = a.owner AND u.day = v_today), 0)
                - coalesce((SELECT sum(ceil(c.max_seconds / 60.0) * c.rate_tenths)
                            FROM sip_calls c
                            WHERE c.owner = a.owner
                              AND c.ended_at IS NULL
                              AND c.started_at + make_interval(secs => c.max_seconds + 180) > now()), 0);
            -- Abroad, also the month's cap the owner set, less this month's calls abroad and
            -- those in progress.
            v_abroad_left := CASE
                                 WHEN v_abroad_cap IS NULL THEN v_tenths_left
                                 ELSE v_abroad_cap
                                     - coalesce((SELECT sum(u.international_tenths)
                                                 FROM sip_usage u
                                                 WHERE u.owner = a.owner
                                                   AND u.day >= date_trunc('month', v_today)::date), 0)
                                     - coalesce((SELECT sum(ceil(c.max_seconds / 60.0) * c.rate_tenths)
                                                 FROM sip_calls c
                                                 WHERE c.owner = a.owner
                                                   AND c.class = 'international_standard'
                                                   AND c.ended_at IS NULL
                                                   AND c.started_at + make_interval(secs => c.max_seconds + 180) > now()), 0)
                END;
            IF v_cap_left < v_rate THEN
                refusal := 'Daily spending limit reached: calls out resume tomorrow';
            ELSIF v_tenths_left < v_rate THEN
                refusal := 'No call credit left';
            ELSIF v_abroad_left < v_rate THEN
                refusal := 'Your monthly limit for calls abroad is reached: raise it in your account';
            ELSE
                max_seconds := least(longest,
                                     greatest(1, (least(v_tenths_left, v_cap_left, v_abroad_left) / v_rate) / v_slots) * 60);
            END IF;
        ELSIF v_tariff IN ('minutes', 'trial') THEN
            v_minutes_left := v_allowance.minutes
                - coalesce((SELECT sum(u.minutes)
                            FROM sip_usage u
                            WHERE u.owner = a.owner
                              AND (v_tariff = 'trial' OR u.day >= date_trunc('month', v_today)::date)), 0)
                - coalesce((SELECT sum(ceil(c.max_seconds / 60.0))
                            FROM sip_calls c
                            WHERE c.owner = a.owner
                              AND c.ended_at IS NULL
                              AND c.started_at + make_interval(secs => c.max_seconds + 180) > now()), 0);
            IF v_minutes_left < 1 THEN
                refusal := CASE WHEN v_tariff = 'trial' THEN 'No trial minutes left' ELSE 'No minutes left this month' END;
            ELSE
                max_seconds := least(longest, greatest(1, v_minutes_left / v_slots) * 60);
            END IF;
        END IF;
    END IF;

    IF refusal IS NULL THEN
        INSERT INTO sip_calls (call, owner, username, callee, class, tariff, rate_tenths, max_seconds)
        VALUES (p_call, a.owner, p_username, '+' || p_to, class, v_tariff, v_rate, max_seconds);
    ELSE
        max_seconds := 0;
        INSERT INTO sip_refusals (owner, day, reason, count)
        VALUES (a.owner, v_today, refusal, 1)
        ON CONFLICT (owner, day, reason) DO UPDATE SET count = sip_refusals.count + 1;
    END IF;
    RETURN NEXT;
END
$_$;

--
-- Name: account_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_orders (
    owner text NOT NULL,
    account_id uuid NOT NULL,
    by_password boolean NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: address_lookups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.address_lookups (
    postcode text NOT NULL,
    addresses jsonb NOT NULL,
    fetched_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: call_credit_calls; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.call_credit_calls (
    owner text NOT NULL,
    call_id text NOT NULL,
    kind text NOT NULL,
    sequence bigint NOT NULL,
    CONSTRAINT call_credit_calls_kind_check CHECK ((kind = ANY (ARRAY['charged'::text, 'refused'::text])))
);

--
-- Name: call_credit_notices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.call_credit_notices (
    owner text NOT NULL,
    sequence bigint NOT NULL,
    kind text NOT NULL,
    period text,
    minutes bigint,
    CONSTRAINT call_credit_notices_check CHECK (((kind = 'included_minutes_ran_out'::text) = ((period IS NOT NULL) AND (minutes IS NOT NULL)))),
    CONSTRAINT call_credit_notices_kind_check CHECK ((kind = ANY (ARRAY['credit_ran_out'::text, 'included_minutes_ran_out'::text])))
);

--
-- Name: call_credit_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.call_credit_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT call_credit_view_version_check CHECK ((version >= 0))
);

--
-- Name: sip_acc; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_acc (
    id bigint NOT NULL,
    method character varying(16) DEFAULT ''::character varying NOT NULL,
    from_tag character varying(128) DEFAULT ''::character varying NOT NULL,
    to_tag character varying(128) DEFAULT ''::character varying NOT NULL,
    callid character varying(255) DEFAULT ''::character varying NOT NULL,
    sip_code character varying(3) DEFAULT ''::character varying NOT NULL,
    sip_reason character varying(128) DEFAULT ''::character varying NOT NULL,
    "time" timestamp without time zone DEFAULT (now() AT TIME ZONE 'UTC'::text) NOT NULL,
    direction character varying(16),
    caller character varying(128),
    callee character varying(128),
    number character varying(32),
    extension character varying(64),
    started character varying(32),
    at character varying(32),
    call character varying(64),
    class character varying(32)
);

--
-- Name: sip_calls; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_calls (
    call text NOT NULL,
    owner text NOT NULL,
    username text NOT NULL,
    callee text NOT NULL,
    class text NOT NULL,
    tariff text NOT NULL,
    rate_tenths integer NOT NULL,
    max_seconds integer NOT NULL,
    started_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    answered_at timestamp with time zone,
    ended_at timestamp with time zone,
    charged_at timestamp with time zone,
    CONSTRAINT sip_calls_call_check CHECK ((length(call) <= 64)),
    CONSTRAINT sip_calls_max_seconds_check CHECK ((max_seconds > 0)),
    CONSTRAINT sip_calls_rate_tenths_check CHECK ((rate_tenths >= 0))
);

--
-- Name: sip_extensions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_extensions (
    owner text NOT NULL,
    account_id uuid NOT NULL,
    number text NOT NULL,
    username text NOT NULL,
    secret_digest text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    ha1_md5 text
);

--
-- Name: call_records; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.call_records AS
 WITH invites AS (
         SELECT DISTINCT ON (COALESCE(sip_acc.call, sip_acc.callid)) (COALESCE(sip_acc.call, sip_acc.callid))::character varying(255) AS key,
            sip_acc.direction,
            sip_acc.caller,
            sip_acc.callee,
            sip_acc.number,
            sip_acc.extension,
            (sip_acc.started)::double precision AS started,
            (sip_acc.at)::double precision AS at,
            (NULLIF((sip_acc.sip_code)::text, ''::text))::integer AS code,
            sip_acc.sip_reason
           FROM public.sip_acc
          WHERE (((sip_acc.method)::text = 'INVITE'::text) AND ((sip_acc.started)::text ~ '^[0-9]+(\.[0-9]+)?$'::text) AND ((sip_acc.at)::text ~ '^[0-9]+(\.[0-9]+)?$'::text))
          ORDER BY COALESCE(sip_acc.call, sip_acc.callid), ((sip_acc.sip_code)::text = '200'::text) DESC, sip_acc.id
        ), byes AS (
         SELECT COALESCE(sip_acc.call, sip_acc.callid) AS key,
            min((sip_acc.at)::double precision) AS at
           FROM public.sip_acc
          WHERE (((sip_acc.method)::text = ANY ((ARRAY['BYE'::character varying, 'END'::character varying])::text[])) AND ((sip_acc.at)::text ~ '^[0-9]+(\.[0-9]+)?$'::text))
          GROUP BY COALESCE(sip_acc.call, sip_acc.callid)
        )
 SELECT i.key AS call_id,
    e.owner,
    COALESCE(i.direction, 'internal'::character varying) AS direction,
    COALESCE(i.caller, ''::character varying) AS caller,
    COALESCE(i.callee, ''::character varying) AS callee,
    NULLIF((i.number)::text, ''::text) AS number,
    i.extension,
    to_timestamp(i.started) AS started_at,
        CASE
            WHEN (i.code = 200) THEN to_timestamp(i.at)
            ELSE NULL::timestamp with time zone
        END AS answered_at,
        CASE
            WHEN (i.code = 200) THEN to_timestamp(b.at)
            ELSE to_timestamp(i.at)
        END AS ended_at,
        CASE
            WHEN (i.code <> 200) THEN 0
            WHEN (b.at IS NOT NULL) THEN (LEAST(GREATEST(ceil((b.at - i.at)), (0)::double precision), (COALESCE(c.max_seconds, 2147483647))::double precision))::integer
            ELSE NULL::integer
        END AS duration_seconds,
        CASE
            WHEN (i.code = 200) THEN 'answered'::text
            WHEN (i.code = ANY (ARRAY[486, 600])) THEN 'busy'::text
            WHEN (i.code = ANY (ARRAY[408, 480, 487])) THEN 'no answer'::text
            WHEN (i.code = ANY (ARRAY[401, 402, 403, 407])) THEN 'refused'::text
            ELSE 'failed'::text
        END AS outcome,
    COALESCE(i.code, 0) AS sip_code,
    i.sip_reason
   FROM (((invites i
     LEFT JOIN byes b ON (((b.key)::text = (i.key)::text)))
     LEFT JOIN public.sip_calls c ON ((c.call = (i.key)::text)))
     LEFT JOIN public.sip_extensions e ON ((e.username = (i.extension)::text)));

--
-- Name: cart_reservation_sources; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cart_reservation_sources (
    cart_id text NOT NULL,
    address text NOT NULL,
    reserved_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: cart_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cart_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT cart_view_version_check CHECK ((version >= 0))
);

--
-- Name: customer_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customer_accounts (
    id uuid NOT NULL,
    email text NOT NULL,
    password_hash text,
    google_sign_in boolean DEFAULT false NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    company_name text NOT NULL,
    phone text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    google_subject text,
    verified_at timestamp with time zone,
    CONSTRAINT customer_accounts_email_check CHECK ((email = lower(email)))
);

--
-- Name: customer_password_resets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customer_password_resets (
    token_hash text NOT NULL,
    account_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone
);

--
-- Name: customer_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customer_sessions (
    token_hash text NOT NULL,
    account_id uuid NOT NULL,
    csrf_token text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

--
-- Name: dial_prefixes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.dial_prefixes (
    prefix text NOT NULL,
    class text NOT NULL,
    CONSTRAINT dial_prefixes_prefix_check CHECK ((prefix ~ '^[0-9]{1,15}$'::text))
);

--
-- Name: dial_rates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.dial_rates (
    tariff text NOT NULL,
    class text NOT NULL,
    tenths_per_minute integer,
    refusal text NOT NULL,
    CONSTRAINT dial_rates_tariff_check CHECK ((tariff = ANY (ARRAY['credit'::text, 'minutes'::text, 'trial'::text]))),
    CONSTRAINT dial_rates_tenths_per_minute_check CHECK ((tenths_per_minute >= 0))
);

--
-- Name: dialog; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.dialog (
    id integer NOT NULL,
    hash_entry integer NOT NULL,
    hash_id integer NOT NULL,
    callid character varying(255) NOT NULL,
    from_uri character varying(255) NOT NULL,
    from_tag character varying(128) NOT NULL,
    to_uri character varying(255) NOT NULL,
    to_tag character varying(128) NOT NULL,
    caller_cseq character varying(20) NOT NULL,
    callee_cseq character varying(20) NOT NULL,
    caller_route_set character varying(512),
    callee_route_set character varying(512),
    caller_contact character varying(255) NOT NULL,
    callee_contact character varying(255) NOT NULL,
    caller_sock character varying(64) NOT NULL,
    callee_sock character varying(64) NOT NULL,
    state integer NOT NULL,
    start_time integer NOT NULL,
    timeout integer DEFAULT 0 NOT NULL,
    sflags integer DEFAULT 0 NOT NULL,
    iflags integer DEFAULT 0 NOT NULL,
    toroute_name character varying(32),
    req_uri character varying(255) NOT NULL,
    xdata character varying(512)
);

--
-- Name: dialog_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.dialog_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: dialog_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.dialog_id_seq OWNED BY public.dialog.id;

--
-- Name: dialog_vars; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.dialog_vars (
    id integer NOT NULL,
    hash_entry integer NOT NULL,
    hash_id integer NOT NULL,
    dialog_key character varying(128) NOT NULL,
    dialog_value character varying(512) NOT NULL
);

--
-- Name: dialog_vars_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.dialog_vars_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: dialog_vars_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.dialog_vars_id_seq OWNED BY public.dialog_vars.id;

--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    aggregate_type text NOT NULL,
    aggregate_id text NOT NULL,
    sequence bigint NOT NULL,
    event_type text NOT NULL,
    event_version text NOT NULL,
    payload json NOT NULL,
    metadata json NOT NULL,
    global_sequence bigint NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT events_sequence_check CHECK ((sequence >= 0))
);

--
-- Name: events_global_sequence_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.events ALTER COLUMN global_sequence ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.events_global_sequence_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: hardware_audit; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hardware_audit (
    id bigint NOT NULL,
    item_id text NOT NULL,
    sequence bigint NOT NULL,
    actor text NOT NULL,
    at timestamp with time zone NOT NULL,
    action text NOT NULL,
    item_name text NOT NULL,
    changes jsonb DEFAULT '[]'::jsonb NOT NULL
);

--
-- Name: hardware_audit_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.hardware_audit ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.hardware_audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: hardware_images; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hardware_images (
    id uuid NOT NULL,
    content_type text NOT NULL,
    filename text NOT NULL,
    bytes bytea NOT NULL,
    brand text NOT NULL,
    uploaded_by text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: hardware_order_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hardware_order_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    CONSTRAINT hardware_order_view_version_check CHECK ((version >= 0))
);

--
-- Name: hardware_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hardware_orders (
    order_id text NOT NULL,
    order_number text NOT NULL,
    cart_id text NOT NULL,
    secret_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT hardware_orders_order_number_check CHECK ((order_number ~ '^HW-[0-9]{6}$'::text))
);

--
-- Name: hardware_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hardware_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    CONSTRAINT hardware_view_version_check CHECK ((version >= 0))
);

--
-- Name: job_heartbeats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.job_heartbeats (
    runner text NOT NULL,
    ran_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: job_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.job_runs (
    job text NOT NULL,
    tick timestamp with time zone NOT NULL,
    runner text NOT NULL,
    claimed_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    outcome text,
    CONSTRAINT job_runs_outcome_check CHECK ((outcome = ANY (ARRAY['ok'::text, 'failed'::text, 'skipped'::text])))
);

--
-- Name: location; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.location (
    id integer NOT NULL,
    ruid character varying(64) DEFAULT ''::character varying NOT NULL,
    username character varying(64) DEFAULT ''::character varying NOT NULL,
    domain character varying(64) DEFAULT NULL::character varying,
    contact character varying(512) DEFAULT ''::character varying NOT NULL,
    received character varying(128) DEFAULT NULL::character varying,
    path character varying(512) DEFAULT NULL::character varying,
    expires timestamp without time zone DEFAULT '2030-05-28 21:32:15'::timestamp without time zone NOT NULL,
    q real DEFAULT 1.0 NOT NULL,
    callid character varying(255) DEFAULT 'Default-Call-ID'::character varying NOT NULL,
    cseq integer DEFAULT 1 NOT NULL,
    last_modified timestamp without time zone DEFAULT '2000-01-01 00:00:01'::timestamp without time zone NOT NULL,
    flags integer DEFAULT 0 NOT NULL,
    cflags integer DEFAULT 0 NOT NULL,
    user_agent character varying(255) DEFAULT ''::character varying NOT NULL,
    socket character varying(64) DEFAULT NULL::character varying,
    methods integer,
    instance character varying(255) DEFAULT NULL::character varying,
    reg_id integer DEFAULT 0 NOT NULL,
    server_id integer DEFAULT 0 NOT NULL,
    connection_id integer DEFAULT 0 NOT NULL,
    keepalive integer DEFAULT 0 NOT NULL,
    partition integer DEFAULT 0 NOT NULL
);

--
-- Name: location_attrs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.location_attrs (
    id integer NOT NULL,
    ruid character varying(64) DEFAULT ''::character varying NOT NULL,
    username character varying(64) DEFAULT ''::character varying NOT NULL,
    domain character varying(64) DEFAULT NULL::character varying,
    aname character varying(64) DEFAULT ''::character varying NOT NULL,
    atype integer DEFAULT 0 NOT NULL,
    avalue character varying(512) DEFAULT ''::character varying NOT NULL,
    last_modified timestamp without time zone DEFAULT '2000-01-01 00:00:01'::timestamp without time zone NOT NULL
);

--
-- Name: location_attrs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.location_attrs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: location_attrs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.location_attrs_id_seq OWNED BY public.location_attrs.id;

--
-- Name: location_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.location_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: location_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.location_id_seq OWNED BY public.location.id;

--
-- Name: number_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.number_counts (
    country text NOT NULL COLLATE pg_catalog."C",
    number_type text NOT NULL COLLATE pg_catalog."C",
    area_code text NOT NULL COLLATE pg_catalog."C",
    free_trial boolean NOT NULL,
    available bigint DEFAULT 0 NOT NULL
);

--
-- Name: number_inventory; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.number_inventory (
    value text NOT NULL,
    country text NOT NULL COLLATE pg_catalog."C",
    number_type text NOT NULL COLLATE pg_catalog."C",
    area_code text NOT NULL COLLATE pg_catalog."C",
    "national" text NOT NULL COLLATE pg_catalog."C",
    status text DEFAULT 'available'::text NOT NULL,
    held_by text,
    held_until timestamp with time zone,
    last_sequence bigint DEFAULT 0 NOT NULL,
    free_trial boolean DEFAULT false NOT NULL,
    demo boolean DEFAULT false NOT NULL,
    added_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT number_inventory_number_type_check CHECK ((number_type = ANY (ARRAY['geographic'::text, 'freephone'::text, 'national'::text, 'mobile'::text]))),
    CONSTRAINT number_inventory_status_check CHECK ((status = ANY (ARRAY['available'::text, 'reserved'::text, 'assigned'::text]))),
    CONSTRAINT number_inventory_value_check CHECK ((value ~ '^[0-9]{6,15}$'::text))
);

--
-- Name: order_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.order_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    CONSTRAINT order_view_version_check CHECK ((version >= 0))
);

--
-- Name: outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.outbox (
    id bigint NOT NULL,
    recipient text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    kind text NOT NULL,
    reference text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    failed_at timestamp with time zone,
    delivered_to text,
    CONSTRAINT outbox_delivered_to_check CHECK ((delivered_to = ANY (ARRAY['relay'::text, 'local'::text])))
);

--
-- Name: outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: page_view_salts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.page_view_salts (
    day date NOT NULL,
    salt bytea NOT NULL,
    CONSTRAINT page_view_salts_salt_check CHECK ((length(salt) = 32))
);

--
-- Name: page_view_totals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.page_view_totals (
    day date NOT NULL,
    kind text NOT NULL,
    key text NOT NULL,
    views bigint NOT NULL,
    visitors bigint NOT NULL,
    CONSTRAINT page_view_totals_kind_check CHECK ((kind = ANY (ARRAY['day'::text, 'page'::text, 'referrer'::text, 'funnel'::text]))),
    CONSTRAINT page_view_totals_views_check CHECK ((views >= 0)),
    CONSTRAINT page_view_totals_visitors_check CHECK ((visitors >= 0))
);

--
-- Name: page_views; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.page_views (
    id bigint NOT NULL,
    viewed_at timestamp with time zone NOT NULL,
    path text NOT NULL,
    referrer_host text,
    viewport text NOT NULL,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    visitor text NOT NULL,
    CONSTRAINT page_views_viewport_check CHECK ((viewport = ANY (ARRAY['small'::text, 'medium'::text, 'large'::text])))
);

--
-- Name: page_views_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.page_views_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: page_views_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.page_views_id_seq OWNED BY public.page_views.id;

--
-- Name: password_guesses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.password_guesses (
    key text NOT NULL,
    failures integer NOT NULL,
    window_start timestamp with time zone NOT NULL,
    not_before timestamp with time zone NOT NULL,
    CONSTRAINT password_guesses_failures_check CHECK ((failures >= 0))
);

--
-- Name: quote_request_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.quote_request_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    CONSTRAINT quote_request_view_version_check CHECK ((version >= 0))
);

--
-- Name: rate_limits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limits (
    bucket text NOT NULL,
    window_start timestamp with time zone NOT NULL,
    count integer NOT NULL,
    CONSTRAINT rate_limits_count_check CHECK ((count >= 0))
);

--
-- Name: service_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.service_orders (
    order_id text NOT NULL,
    order_number text NOT NULL,
    cart_id text NOT NULL,
    cart_version bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    secret_hash text,
    sip_passwords text,
    CONSTRAINT service_orders_order_number_check CHECK ((order_number ~ '^SB-[0-9]{6}$'::text)),
    CONSTRAINT service_orders_sip_passwords_check CHECK ((sip_passwords = ANY (ARRAY['owed'::text, 'shown'::text, 'support'::text])))
);

--
-- Name: sign_in_failures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_failures (
    id bigint NOT NULL,
    email text NOT NULL,
    address text NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: sign_in_failures_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.sign_in_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.sign_in_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: sip_acc_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.sip_acc_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: sip_acc_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.sip_acc_id_seq OWNED BY public.sip_acc.id;

--
-- Name: sip_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_accounts (
    username text NOT NULL,
    owner text NOT NULL,
    number text NOT NULL,
    domain text NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    may_call_out boolean DEFAULT false NOT NULL
);

--
-- Name: sip_service_ends; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_service_ends (
    owner text NOT NULL,
    reason text NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT sip_service_ends_reason_check CHECK ((reason = ANY (ARRAY['Trial ended'::text, 'Service cancelled'::text])))
);

--
-- Name: sip_accounts_in_service; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.sip_accounts_in_service AS
 SELECT a.username,
    a.owner,
    a.number,
    a.domain,
    a.updated_at,
    a.may_call_out
   FROM public.sip_accounts a
  WHERE (NOT (EXISTS ( SELECT 1
           FROM public.sip_service_ends s
          WHERE ((s.owner = a.owner) AND (s.ends_at <= now())))));

--
-- Name: sip_call_suspensions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_call_suspensions (
    owner text NOT NULL,
    reason text NOT NULL,
    suspended_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT sip_call_suspensions_reason_check CHECK (((reason <> ''::text) AND (length(reason) <= 100) AND (reason !~ '[\r\n]'::text)))
);

--
-- Name: sip_dial_plan; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.sip_dial_plan AS
 SELECT c.username AS caller,
    d.username AS dialled,
    d.username AS callee,
    (c.owner = d.owner) AS same_owner
   FROM (public.sip_accounts_in_service c
     CROSS JOIN public.sip_accounts_in_service d)
UNION ALL
 SELECT c.username AS caller,
    d.number AS dialled,
    d.username AS callee,
    true AS same_owner
   FROM (public.sip_accounts_in_service c
     JOIN public.sip_accounts_in_service d ON ((d.owner = c.owner)));

--
-- Name: sip_minute_allowances; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_minute_allowances (
    owner text NOT NULL,
    minutes integer NOT NULL,
    monthly boolean NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT sip_minute_allowances_minutes_check CHECK ((minutes >= 0))
);

--
-- Name: sip_usage; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_usage (
    owner text NOT NULL,
    day date NOT NULL,
    calls integer DEFAULT 0 NOT NULL,
    seconds bigint DEFAULT 0 NOT NULL,
    minutes bigint DEFAULT 0 NOT NULL,
    spend_tenths bigint DEFAULT 0 NOT NULL,
    international_tenths bigint DEFAULT 0 NOT NULL
);

--
-- Name: sip_minutes_used; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.sip_minutes_used AS
 SELECT sip_usage.owner,
    (sum(sip_usage.minutes) FILTER (WHERE (sip_usage.day >= (date_trunc('month'::text, (now() AT TIME ZONE 'Europe/London'::text)))::date)))::bigint AS this_month,
    (sum(sip_usage.minutes))::bigint AS in_all
   FROM public.sip_usage
  GROUP BY sip_usage.owner;

--
-- Name: sip_numbers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_numbers (
    number text NOT NULL,
    owner text NOT NULL,
    ring_all boolean NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    routed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT sip_numbers_number_check CHECK ((number ~ '^[1-9][0-9]{5,14}$'::text))
);

--
-- Name: sip_number_routes; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.sip_number_routes AS
 SELECT n.number,
    a.username,
    a.number AS extension
   FROM (public.sip_numbers n
     JOIN public.sip_accounts_in_service a ON ((a.owner = n.owner)))
  WHERE (n.ring_all OR (a.username = ( SELECT f.username
           FROM public.sip_accounts f
          WHERE (f.owner = n.owner)
          ORDER BY (length(f.number)), f.number
         LIMIT 1)));

--
-- Name: sip_prepaid_owners; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_prepaid_owners (
    owner text NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);

--
-- Name: sip_outbound_callers; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.sip_outbound_callers AS
 SELECT a.username,
    ( SELECT n.number
           FROM public.sip_numbers n
          WHERE (n.owner = a.owner)
          ORDER BY n.routed_at, n.number
         LIMIT 1) AS caller_id,
        CASE
            WHEN (NOT a.may_call_out) THEN 'Confirm your e-mail address first'::text
            WHEN ((p.owner IS NOT NULL) AND (COALESCE(( SELECT
                    CASE
                        WHEN COALESCE(((c.payload ->> 'frozen'::text))::boolean, false) THEN (0)::bigint
                        ELSE ((c.payload ->> 'balanceTenths'::text))::bigint
                    END AS "case"
               FROM public.call_credit_view c
              WHERE (c.view_id = a.owner)), (0)::bigint) <= 0)) THEN 'No call credit left'::text
            WHEN ((m.owner IS NOT NULL) AND (COALESCE(( SELECT
                    CASE
                        WHEN m.monthly THEN u.this_month
                        ELSE u.in_all
                    END AS in_all
               FROM public.sip_minutes_used u
              WHERE (u.owner = a.owner)), (0)::bigint) >= m.minutes)) THEN
            CASE
                WHEN m.monthly THEN 'No minutes left this month'::text
                ELSE 'No trial minutes left'::text
            END
            ELSE NULL::text
        END AS refusal,
    (p.owner IS NOT NULL) AS prepaid
   FROM ((public.sip_accounts_in_service a
     LEFT JOIN public.sip_prepaid_owners p ON ((p.owner = a.owner)))
     LEFT JOIN public.sip_minute_allowances m ON ((m.owner = a.owner)));

--
-- Name: sip_refusals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_refusals (
    owner text NOT NULL,
    day date NOT NULL,
    reason text NOT NULL,
    count integer DEFAULT 0 NOT NULL
);

--
-- Name: sip_spend_caps; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sip_spend_caps (
    owner text NOT NULL,
    daily_tenths bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT sip_spend_caps_daily_tenths_check CHECK ((daily_tenths >= 0))
);

--
-- Name: sip_stopped_subscriber; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.sip_stopped_subscriber AS
 SELECT (e.username)::character varying(64) AS username,
    ''::character varying(64) AS domain,
    (e.ha1_md5)::character varying(128) AS ha1,
    ''::character varying(128) AS ha1b,
    (e.secret_digest)::character varying(128) AS ha1_sha256,
    s.reason
   FROM (public.sip_extensions e
     JOIN public.sip_service_ends s ON ((s.owner = e.owner)))
  WHERE ((s.ends_at <= now()) AND (e.ha1_md5 IS NOT NULL) AND (e.ha1_md5 <> ''::text));

--
-- Name: snapshots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.snapshots (
    aggregate_type text NOT NULL,
    aggregate_id text NOT NULL,
    last_sequence bigint NOT NULL,
    current_snapshot bigint NOT NULL,
    payload json NOT NULL,
    CONSTRAINT snapshots_current_snapshot_check CHECK ((current_snapshot >= 0)),
    CONSTRAINT snapshots_last_sequence_check CHECK ((last_sequence >= 0))
);

--
-- Name: staff_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_sessions (
    token_hash text NOT NULL,
    user_id uuid NOT NULL,
    csrf_token text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

--
-- Name: staff_users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_users (
    id uuid NOT NULL,
    email text NOT NULL,
    role text NOT NULL,
    password_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT staff_users_email_check CHECK ((email = lower(email))),
    CONSTRAINT staff_users_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'support'::text])))
);

--
-- Name: stripe_webhook_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stripe_webhook_events (
    event_id text NOT NULL,
    event_type text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: subscriber; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.subscriber AS
 SELECT (e.username)::character varying(64) AS username,
    (a.domain)::character varying(64) AS domain,
    (COALESCE(e.ha1_md5, ''::text))::character varying(128) AS ha1,
    ''::character varying(128) AS ha1b,
    (e.secret_digest)::character varying(128) AS ha1_sha256
   FROM (public.sip_accounts_in_service a
     JOIN public.sip_extensions e ON ((e.username = a.username)))
  WHERE ((e.ha1_md5 IS NOT NULL) AND (e.ha1_md5 <> ''::text));

--
-- Name: transfer_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.transfer_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT transfer_view_version_check CHECK ((version >= 0))
);

--
-- Name: trial_setup_intents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.trial_setup_intents (
    setup_intent_id text NOT NULL,
    trial_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: trial_view; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.trial_view (
    view_id text NOT NULL,
    version bigint NOT NULL,
    payload json NOT NULL,
    CONSTRAINT trial_view_version_check CHECK ((version >= 0))
);

--
-- Name: trials; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.trials (
    trial_id text NOT NULL,
    email text NOT NULL,
    number text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    number_returned_at timestamp with time zone,
    sip_password text,
    needs_verification boolean DEFAULT true NOT NULL,
    verify_digest text,
    verified_at timestamp with time zone,
    CONSTRAINT trials_email_check CHECK ((email = lower(email))),
    CONSTRAINT trials_sip_password_check CHECK ((sip_password = ANY (ARRAY['owed'::text, 'shown'::text])))
);

--
-- Name: version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.version (
    id integer NOT NULL,
    table_name character varying(32) NOT NULL,
    table_version integer DEFAULT 0 NOT NULL
);

--
-- Name: version_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.version_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: version_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.version_id_seq OWNED BY public.version.id;

--
-- Name: workflows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.workflows (
    workflow text NOT NULL,
    aggregate_id text NOT NULL,
    sequence bigint NOT NULL,
    latest bigint NOT NULL,
    step text DEFAULT 'started'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: dialog id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dialog ALTER COLUMN id SET DEFAULT nextval('public.dialog_id_seq'::regclass);

--
-- Name: dialog_vars id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dialog_vars ALTER COLUMN id SET DEFAULT nextval('public.dialog_vars_id_seq'::regclass);

--
-- Name: location id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location ALTER COLUMN id SET DEFAULT nextval('public.location_id_seq'::regclass);

--
-- Name: location_attrs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_attrs ALTER COLUMN id SET DEFAULT nextval('public.location_attrs_id_seq'::regclass);

--
-- Name: page_views id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.page_views ALTER COLUMN id SET DEFAULT nextval('public.page_views_id_seq'::regclass);

--
-- Name: sip_acc id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_acc ALTER COLUMN id SET DEFAULT nextval('public.sip_acc_id_seq'::regclass);

--
-- Name: version id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.version ALTER COLUMN id SET DEFAULT nextval('public.version_id_seq'::regclass);

--
-- Name: account_orders account_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_orders
    ADD CONSTRAINT account_orders_pkey PRIMARY KEY (owner);

--
-- Name: address_lookups address_lookups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.address_lookups
    ADD CONSTRAINT address_lookups_pkey PRIMARY KEY (postcode);

--
-- Name: call_credit_calls call_credit_calls_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.call_credit_calls
    ADD CONSTRAINT call_credit_calls_pkey PRIMARY KEY (owner, call_id, kind);

--
-- Name: call_credit_notices call_credit_notices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.call_credit_notices
    ADD CONSTRAINT call_credit_notices_pkey PRIMARY KEY (owner, sequence);

--
-- Name: call_credit_view call_credit_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.call_credit_view
    ADD CONSTRAINT call_credit_view_pkey PRIMARY KEY (view_id);

--
-- Name: cart_reservation_sources cart_reservation_sources_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cart_reservation_sources
    ADD CONSTRAINT cart_reservation_sources_pkey PRIMARY KEY (cart_id);

--
-- Name: cart_view cart_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cart_view
    ADD CONSTRAINT cart_view_pkey PRIMARY KEY (view_id);

--
-- Name: customer_accounts customer_accounts_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_accounts
    ADD CONSTRAINT customer_accounts_email_key UNIQUE (email);

--
-- Name: customer_accounts customer_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_accounts
    ADD CONSTRAINT customer_accounts_pkey PRIMARY KEY (id);

--
-- Name: customer_password_resets customer_password_resets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_password_resets
    ADD CONSTRAINT customer_password_resets_pkey PRIMARY KEY (token_hash);

--
-- Name: customer_sessions customer_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_sessions
    ADD CONSTRAINT customer_sessions_pkey PRIMARY KEY (token_hash);

--
-- Name: dial_prefixes dial_prefixes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dial_prefixes
    ADD CONSTRAINT dial_prefixes_pkey PRIMARY KEY (prefix);

--
-- Name: dial_rates dial_rates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dial_rates
    ADD CONSTRAINT dial_rates_pkey PRIMARY KEY (tariff, class);

--
-- Name: dialog dialog_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dialog
    ADD CONSTRAINT dialog_pkey PRIMARY KEY (id);

--
-- Name: dialog_vars dialog_vars_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.dialog_vars
    ADD CONSTRAINT dialog_vars_pkey PRIMARY KEY (id);

--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (aggregate_type, aggregate_id, sequence);

--
-- Name: hardware_audit hardware_audit_item_id_sequence_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hardware_audit
    ADD CONSTRAINT hardware_audit_item_id_sequence_key UNIQUE (item_id, sequence);

--
-- Name: hardware_audit hardware_audit_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hardware_audit
    ADD CONSTRAINT hardware_audit_pkey PRIMARY KEY (id);

--
-- Name: hardware_images hardware_images_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hardware_images
    ADD CONSTRAINT hardware_images_pkey PRIMARY KEY (id);

--
-- Name: hardware_order_view hardware_order_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hardware_order_view
    ADD CONSTRAINT hardware_order_view_pkey PRIMARY KEY (view_id);

--
-- Name: hardware_orders hardware_orders_order_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hardware_orders
    ADD CONSTRAINT hardware_orders_order_number_key UNIQUE (order_number);

--
-- Name: hardware_orders hardware_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hardware_orders
    ADD CONSTRAINT hardware_orders_pkey PRIMARY KEY (order_id);

--
-- Name: hardware_view hardware_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hardware_view
    ADD CONSTRAINT hardware_view_pkey PRIMARY KEY (view_id);

--
-- Name: job_runs job_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.job_runs
    ADD CONSTRAINT job_runs_pkey PRIMARY KEY (job, tick);

--
-- Name: location_attrs location_attrs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_attrs
    ADD CONSTRAINT location_attrs_pkey PRIMARY KEY (id);

--
-- Name: location location_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location
    ADD CONSTRAINT location_pkey PRIMARY KEY (id);

--
-- Name: location location_ruid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location
    ADD CONSTRAINT location_ruid_key UNIQUE (ruid);

--
-- Name: number_counts number_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.number_counts
    ADD CONSTRAINT number_counts_pkey PRIMARY KEY (country, number_type, area_code, free_trial);

--
-- Name: number_inventory number_inventory_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.number_inventory
    ADD CONSTRAINT number_inventory_pkey PRIMARY KEY (value);

--
-- Name: order_search order_search_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_search
    ADD CONSTRAINT order_search_pkey PRIMARY KEY (kind, id);

--
-- Name: order_view order_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_view
    ADD CONSTRAINT order_view_pkey PRIMARY KEY (view_id);

--
-- Name: outbox outbox_kind_reference_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_kind_reference_key UNIQUE (kind, reference);

--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);

--
-- Name: page_view_salts page_view_salts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.page_view_salts
    ADD CONSTRAINT page_view_salts_pkey PRIMARY KEY (day);

--
-- Name: page_view_totals page_view_totals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.page_view_totals
    ADD CONSTRAINT page_view_totals_pkey PRIMARY KEY (day, kind, key);

--
-- Name: page_views page_views_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.page_views
    ADD CONSTRAINT page_views_pkey PRIMARY KEY (id);

--
-- Name: password_guesses password_guesses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.password_guesses
    ADD CONSTRAINT password_guesses_pkey PRIMARY KEY (key);

--
-- Name: quote_request_view quote_request_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.quote_request_view
    ADD CONSTRAINT quote_request_view_pkey PRIMARY KEY (view_id);

--
-- Name: rate_limits rate_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (bucket, window_start);

--
-- Name: service_orders service_orders_order_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_orders
    ADD CONSTRAINT service_orders_order_number_key UNIQUE (order_number);

--
-- Name: service_orders service_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_orders
    ADD CONSTRAINT service_orders_pkey PRIMARY KEY (order_id);

--
-- Name: sign_in_failures sign_in_failures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sign_in_failures
    ADD CONSTRAINT sign_in_failures_pkey PRIMARY KEY (id);

--
-- Name: sip_acc sip_acc_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_acc
    ADD CONSTRAINT sip_acc_pkey PRIMARY KEY (id);

--
-- Name: sip_accounts sip_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_accounts
    ADD CONSTRAINT sip_accounts_pkey PRIMARY KEY (username);

--
-- Name: sip_call_suspensions sip_call_suspensions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_call_suspensions
    ADD CONSTRAINT sip_call_suspensions_pkey PRIMARY KEY (owner);

--
-- Name: sip_calls sip_calls_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_calls
    ADD CONSTRAINT sip_calls_pkey PRIMARY KEY (call);

--
-- Name: sip_extensions sip_extensions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_extensions
    ADD CONSTRAINT sip_extensions_pkey PRIMARY KEY (owner, number);

--
-- Name: sip_extensions sip_extensions_username_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_extensions
    ADD CONSTRAINT sip_extensions_username_key UNIQUE (username);

--
-- Name: sip_minute_allowances sip_minute_allowances_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_minute_allowances
    ADD CONSTRAINT sip_minute_allowances_pkey PRIMARY KEY (owner);

--
-- Name: sip_numbers sip_numbers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_numbers
    ADD CONSTRAINT sip_numbers_pkey PRIMARY KEY (number, owner);

--
-- Name: sip_prepaid_owners sip_prepaid_owners_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_prepaid_owners
    ADD CONSTRAINT sip_prepaid_owners_pkey PRIMARY KEY (owner);

--
-- Name: sip_refusals sip_refusals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_refusals
    ADD CONSTRAINT sip_refusals_pkey PRIMARY KEY (owner, day, reason);

--
-- Name: sip_service_ends sip_service_ends_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_service_ends
    ADD CONSTRAINT sip_service_ends_pkey PRIMARY KEY (owner);

--
-- Name: sip_spend_caps sip_spend_caps_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_spend_caps
    ADD CONSTRAINT sip_spend_caps_pkey PRIMARY KEY (owner);

--
-- Name: sip_usage sip_usage_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_usage
    ADD CONSTRAINT sip_usage_pkey PRIMARY KEY (owner, day);

--
-- Name: snapshots snapshots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.snapshots
    ADD CONSTRAINT snapshots_pkey PRIMARY KEY (aggregate_type, aggregate_id, last_sequence);

--
-- Name: staff_sessions staff_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_sessions
    ADD CONSTRAINT staff_sessions_pkey PRIMARY KEY (token_hash);

--
-- Name: staff_users staff_users_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_users
    ADD CONSTRAINT staff_users_email_key UNIQUE (email);

--
-- Name: staff_users staff_users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_users
    ADD CONSTRAINT staff_users_pkey PRIMARY KEY (id);

--
-- Name: stripe_webhook_events stripe_webhook_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_webhook_events
    ADD CONSTRAINT stripe_webhook_events_pkey PRIMARY KEY (event_id);

--
-- Name: transfer_view transfer_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transfer_view
    ADD CONSTRAINT transfer_view_pkey PRIMARY KEY (view_id);

--
-- Name: trial_setup_intents trial_setup_intents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trial_setup_intents
    ADD CONSTRAINT trial_setup_intents_pkey PRIMARY KEY (setup_intent_id);

--
-- Name: trial_view trial_view_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trial_view
    ADD CONSTRAINT trial_view_pkey PRIMARY KEY (view_id);

--
-- Name: trials trials_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trials
    ADD CONSTRAINT trials_pkey PRIMARY KEY (trial_id);

--
-- Name: trials trials_verify_digest_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trials
    ADD CONSTRAINT trials_verify_digest_key UNIQUE (verify_digest);

--
-- Name: version version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.version
    ADD CONSTRAINT version_pkey PRIMARY KEY (id);

--
-- Name: version version_table_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.version
    ADD CONSTRAINT version_table_name_key UNIQUE (table_name);

--
-- Name: workflows workflows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workflows
    ADD CONSTRAINT workflows_pkey PRIMARY KEY (workflow, aggregate_id);

--
-- Name: account_orders_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_orders_account_id ON public.account_orders USING btree (account_id);

--
-- Name: address_lookups_fetched_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX address_lookups_fetched_at ON public.address_lookups USING btree (fetched_at);

--
-- Name: call_credit_notices_period; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX call_credit_notices_period ON public.call_credit_notices USING btree (owner, period) WHERE (period IS NOT NULL);

--
-- Name: cart_reservation_sources_address; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cart_reservation_sources_address ON public.cart_reservation_sources USING btree (address);

--
-- Name: customer_password_resets_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customer_password_resets_account ON public.customer_password_resets USING btree (account_id);

--
-- Name: customer_sessions_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customer_sessions_account ON public.customer_sessions USING btree (account_id);

--
-- Name: customer_sessions_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customer_sessions_expiry ON public.customer_sessions USING btree (expires_at);

--
-- Name: dialog_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX dialog_hash_idx ON public.dialog USING btree (hash_entry, hash_id);

--
-- Name: dialog_vars_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX dialog_vars_hash_idx ON public.dialog_vars USING btree (hash_entry, hash_id);

--
-- Name: events_global_sequence; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX events_global_sequence ON public.events USING btree (global_sequence);

--
-- Name: events_type_global; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_type_global ON public.events USING btree (aggregate_type, global_sequence);

--
-- Name: hardware_audit_by_actor; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hardware_audit_by_actor ON public.hardware_audit USING btree (actor, at DESC, id DESC);

--
-- Name: hardware_audit_by_item; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hardware_audit_by_item ON public.hardware_audit USING btree (item_id, at DESC, id DESC);

--
-- Name: hardware_audit_by_time; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hardware_audit_by_time ON public.hardware_audit USING btree (at DESC, id DESC);

--
-- Name: hardware_orders_cart; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX hardware_orders_cart ON public.hardware_orders USING btree (cart_id, created_at DESC);

--
-- Name: location_account_contact_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX location_account_contact_idx ON public.location USING btree (username, domain, contact);

--
-- Name: location_connection_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX location_connection_idx ON public.location USING btree (server_id, connection_id);

--
-- Name: location_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX location_expires_idx ON public.location USING btree (expires);

--
-- Name: number_inventory_by_area; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX number_inventory_by_area ON public.number_inventory USING btree (country, area_code, "national") WHERE ((status = 'available'::text) AND (NOT free_trial));

--
-- Name: number_inventory_by_country; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX number_inventory_by_country ON public.number_inventory USING btree (country, "national") WHERE ((status = 'available'::text) AND (NOT free_trial));

--
-- Name: number_inventory_by_type; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX number_inventory_by_type ON public.number_inventory USING btree (country, number_type, "national") WHERE ((status = 'available'::text) AND (NOT free_trial));

--
-- Name: number_inventory_expiring; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX number_inventory_expiring ON public.number_inventory USING btree (held_until) WHERE (status = 'reserved'::text);

--
-- Name: number_inventory_free_trial; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX number_inventory_free_trial ON public.number_inventory USING btree ("national") WHERE (free_trial AND (status = 'available'::text));

--
-- Name: number_inventory_held_by; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX number_inventory_held_by ON public.number_inventory USING btree (held_by) WHERE (status = 'reserved'::text);

--
-- Name: order_search_email; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_search_email ON public.order_search USING gin (lower(email) public.gin_trgm_ops);

--
-- Name: order_search_newest; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_search_newest ON public.order_search USING btree (placed_at DESC, kind DESC, id DESC);

--
-- Name: order_search_number; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_search_number ON public.order_search USING btree (lower(order_number) text_pattern_ops);

--
-- Name: order_search_phone; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_search_phone ON public.order_search USING gin (phone_digits public.gin_trgm_ops);

--
-- Name: order_search_refs; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_search_refs ON public.order_search USING gin (refs);

--
-- Name: outbox_reference; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_reference ON public.outbox USING btree (reference);

--
-- Name: outbox_waiting; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_waiting ON public.outbox USING btree (next_attempt_at) WHERE ((sent_at IS NULL) AND (failed_at IS NULL));

--
-- Name: page_views_viewed_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX page_views_viewed_at ON public.page_views USING btree (viewed_at);

--
-- Name: rate_limits_window; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rate_limits_window ON public.rate_limits USING btree (window_start);

--
-- Name: service_orders_cart; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX service_orders_cart ON public.service_orders USING btree (cart_id, created_at DESC);

--
-- Name: sign_in_failures_address; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failures_address ON public.sign_in_failures USING btree (address, at);

--
-- Name: sign_in_failures_email; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failures_email ON public.sign_in_failures USING btree (email, at);

--
-- Name: sip_acc_call; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_acc_call ON public.sip_acc USING btree (call);

--
-- Name: sip_acc_call_or_callid; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_acc_call_or_callid ON public.sip_acc USING btree (COALESCE(call, callid));

--
-- Name: sip_acc_callid; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_acc_callid ON public.sip_acc USING btree (callid);

--
-- Name: sip_acc_credit_refusals; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_acc_credit_refusals ON public.sip_acc USING btree (id) WHERE (((method)::text = 'INVITE'::text) AND ((sip_code)::text = '403'::text) AND ((sip_reason)::text = 'No call credit left'::text));

--
-- Name: sip_acc_extension; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_acc_extension ON public.sip_acc USING btree (extension);

--
-- Name: sip_accounts_owner; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_accounts_owner ON public.sip_accounts USING btree (owner);

--
-- Name: sip_calls_live_owner; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_calls_live_owner ON public.sip_calls USING btree (owner) WHERE (ended_at IS NULL);

--
-- Name: sip_calls_live_username; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_calls_live_username ON public.sip_calls USING btree (username) WHERE (ended_at IS NULL);

--
-- Name: sip_calls_started_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_calls_started_at ON public.sip_calls USING btree (started_at);

--
-- Name: sip_calls_to_charge; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_calls_to_charge ON public.sip_calls USING btree (started_at) WHERE ((ended_at IS NOT NULL) AND (answered_at IS NOT NULL) AND (charged_at IS NULL));

--
-- Name: sip_numbers_owner; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_numbers_owner ON public.sip_numbers USING btree (owner);

--
-- Name: sip_refusals_day; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_refusals_day ON public.sip_refusals USING btree (day);

--
-- Name: sip_usage_day; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sip_usage_day ON public.sip_usage USING btree (day);

--
-- Name: staff_sessions_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_sessions_expiry ON public.staff_sessions USING btree (expires_at);

--
-- Name: trial_setup_intents_trial; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trial_setup_intents_trial ON public.trial_setup_intents USING btree (trial_id, created_at DESC);

--
-- Name: trials_email; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trials_email ON public.trials USING btree (email);

--
-- Name: trials_email_confirmed; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX trials_email_confirmed ON public.trials USING btree (email) WHERE ((verified_at IS NOT NULL) OR (NOT needs_verification));

--
-- Name: trials_mailbox; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trials_mailbox ON public.trials USING btree (public.mailbox_of(email));

--
-- Name: trials_mailbox_confirmed; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX trials_mailbox_confirmed ON public.trials USING btree (public.mailbox_of(email)) WHERE ((verified_at IS NOT NULL) OR (NOT needs_verification));

--
-- Name: trials_number_held; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX trials_number_held ON public.trials USING btree (number) WHERE (number_returned_at IS NULL);

--
-- Name: number_inventory free_numbers_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER free_numbers_deleted AFTER DELETE ON public.number_inventory REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.public_reads_numbers_changed();

--
-- Name: number_inventory free_numbers_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER free_numbers_inserted AFTER INSERT ON public.number_inventory REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.public_reads_numbers_changed();

--
-- Name: number_inventory free_numbers_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER free_numbers_truncated AFTER TRUNCATE ON public.number_inventory FOR EACH STATEMENT EXECUTE FUNCTION public.public_reads_numbers_changed();

--
-- Name: number_inventory free_numbers_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER free_numbers_updated AFTER UPDATE ON public.number_inventory REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.public_reads_numbers_changed();

--
-- Name: hardware_view hardware_view_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER hardware_view_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.hardware_view FOR EACH STATEMENT EXECUTE FUNCTION public.public_reads_hardware_changed();

--
-- Name: number_inventory number_counts_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER number_counts_delete AFTER DELETE ON public.number_inventory REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.number_counts_remove();

--
-- Name: number_inventory number_counts_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER number_counts_insert AFTER INSERT ON public.number_inventory REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.number_counts_add();

--
-- Name: number_inventory number_counts_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER number_counts_update AFTER UPDATE ON public.number_inventory REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.number_counts_change();

--
-- Name: hardware_order_view order_search_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_delete AFTER DELETE ON public.hardware_order_view REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_delete('hardware');

--
-- Name: order_view order_search_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_delete AFTER DELETE ON public.order_view REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_delete('service');

--
-- Name: trial_view order_search_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_delete AFTER DELETE ON public.trial_view REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_delete('trial');

--
-- Name: hardware_order_view order_search_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_insert AFTER INSERT ON public.hardware_order_view REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_upsert('hardware');

--
-- Name: order_view order_search_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_insert AFTER INSERT ON public.order_view REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_upsert('service');

--
-- Name: trial_view order_search_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_insert AFTER INSERT ON public.trial_view REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_upsert('trial');

--
-- Name: hardware_order_view order_search_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_truncate AFTER TRUNCATE ON public.hardware_order_view FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_truncate('hardware');

--
-- Name: order_view order_search_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_truncate AFTER TRUNCATE ON public.order_view FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_truncate('service');

--
-- Name: trial_view order_search_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_truncate AFTER TRUNCATE ON public.trial_view FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_truncate('trial');

--
-- Name: hardware_order_view order_search_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_update AFTER UPDATE ON public.hardware_order_view REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_update('hardware');

--
-- Name: order_view order_search_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_update AFTER UPDATE ON public.order_view REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_update('service');

--
-- Name: trial_view order_search_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER order_search_update AFTER UPDATE ON public.trial_view REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION public.order_search_update('trial');

--
-- Name: sip_acc sip_acc_moves_calls; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sip_acc_moves_calls AFTER INSERT ON public.sip_acc FOR EACH ROW EXECUTE FUNCTION public.sip_acc_moves_calls();

--
-- Name: account_orders account_orders_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_orders
    ADD CONSTRAINT account_orders_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.customer_accounts(id) ON DELETE CASCADE;

--
-- Name: customer_password_resets customer_password_resets_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_password_resets
    ADD CONSTRAINT customer_password_resets_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.customer_accounts(id) ON DELETE CASCADE;

--
-- Name: customer_sessions customer_sessions_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_sessions
    ADD CONSTRAINT customer_sessions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.customer_accounts(id) ON DELETE CASCADE;

--
-- Name: sip_extensions sip_extensions_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sip_extensions
    ADD CONSTRAINT sip_extensions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.customer_accounts(id);

--
-- Name: staff_sessions staff_sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_sessions
    ADD CONSTRAINT staff_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.staff_users(id) ON DELETE CASCADE;

--
-- Name: trial_setup_intents trial_setup_intents_trial_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trial_setup_intents
    ADD CONSTRAINT trial_setup_intents_trial_id_fkey FOREIGN KEY (trial_id) REFERENCES public.trials(trial_id);

--
-- PostgreSQL database dump complete
--

