-- Calls nobody can steal (docs/fraud.md; sip/kamailio.cfg, route OUTBOUND): a dial plan that
-- denies by default, real-time charging with reservations, usage counters, and call records
-- keyed by the registrar's own id.

-- The dial plan, written by `voip-shop migrate` from aggregates::dial_plan after the
-- migrations run (api/src/startup.rs, sync_dial_plan): one source, the Rust table. A number's
-- class is its longest matching prefix (E.164 digits); no match is 'international'.
CREATE TABLE dial_prefixes
(
    prefix text PRIMARY KEY CHECK (prefix ~ '^[0-9]{1,15}$'),
    class  text NOT NULL
);

-- Each tariff's word on each class: a rate in tenths of a penny a minute (0: covered by the
-- included minutes, or free), or none and the reason phrase of the 403.
CREATE TABLE dial_rates
(
    tariff            text NOT NULL CHECK (tariff IN ('credit', 'minutes', 'trial')),
    class             text NOT NULL,
    tenths_per_minute integer CHECK (tenths_per_minute >= 0),
    refusal           text NOT NULL,
    PRIMARY KEY (tariff, class)
);

-- The daily spend cap on calls out, by owner (staff set it; an owner without a row has the
-- default, £20 = 20,000 tenths of a penny).
CREATE TABLE sip_spend_caps
(
    owner        text PRIMARY KEY,
    daily_tenths bigint      NOT NULL CHECK (daily_tenths >= 0),
    updated_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Each call out the registrar let through, keyed by the id the registrar made for it (never
-- the phone's Call-ID): its reservation while it lasts, its length once answered and ended.
-- Written only by sip_call_out (the grant) and the sip_acc trigger below (answer and end).
CREATE TABLE sip_calls
(
    call        text PRIMARY KEY CHECK (length(call) <= 64),
    owner       text        NOT NULL,
    username    text        NOT NULL,
    callee      text        NOT NULL,
    class       text        NOT NULL,
    tariff      text        NOT NULL,
    rate_tenths integer     NOT NULL CHECK (rate_tenths >= 0),
    max_seconds integer     NOT NULL CHECK (max_seconds > 0),
    started_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    answered_at timestamptz,
    ended_at    timestamptz
);
CREATE INDEX sip_calls_live_owner ON sip_calls (owner) WHERE ended_at IS NULL;
CREATE INDEX sip_calls_live_username ON sip_calls (username) WHERE ended_at IS NULL;

-- Usage counters, one row an owner and UK day, added to as each call out ends (the trigger
-- below), so a call's setup reads at most a month of rows, never the call records.
CREATE TABLE sip_usage
(
    owner        text    NOT NULL,
    day          date    NOT NULL,
    calls        integer NOT NULL DEFAULT 0,
    seconds      bigint  NOT NULL DEFAULT 0,
    minutes      bigint  NOT NULL DEFAULT 0,
    spend_tenths bigint  NOT NULL DEFAULT 0,
    -- Of it, what calls abroad spent (their monthly cap, below).
    international_tenths bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (owner, day)
);

-- The refusals the registrar answered, by owner, UK day and reason (staff's fraud panel).
CREATE TABLE sip_refusals
(
    owner  text    NOT NULL,
    day    date    NOT NULL,
    reason text    NOT NULL,
    count  integer NOT NULL DEFAULT 0,
    PRIMARY KEY (owner, day, reason)
);

-- The registrar's id for each call, and the dial plan's class of a call out, in its records.
ALTER TABLE sip_acc ADD COLUMN call varchar(64);
ALTER TABLE sip_acc ADD COLUMN class varchar(32);
CREATE INDEX sip_acc_call ON sip_acc (call);

-- A call out (sip/kamailio.cfg, route OUTBOUND): may extension `p_username` call `p_to`
-- (E.164 digits, no +) now, as call `p_call`? One answer, in one transaction under the
-- owner's lock, so calls at once are counted exactly:
--   refusal      the 403's reason phrase, or null when the call may go;
--   caller_id    the owner's first number (E.164 digits);
--   class        the dial plan's class of p_to;
--   max_seconds  how long the call may last: what the credit or minutes left (less what the
--                owner's calls in progress may still spend) and the daily cap allow, shared
--                with the calls that may still start beside it, at most 4 hours. The
--                registrar ends the call then.
-- Default deny: no account in service, no tariff (neither a Pay As You Go credit nor a
-- minutes allowance row), a class without a rate, a suspension, a spent cap: refused.
-- Calls abroad (Western Europe, the class international_standard, rated for Pay As You Go)
-- only once the owner turned them on with a monthly cap (the CallCredit aggregate's
-- InternationalCallsSet, read from call_credit_view's internationalCapTenths), and no longer
-- than the cap less this month's calls abroad (sip_usage.international_tenths) allows.
CREATE FUNCTION sip_call_out(p_username text, p_to text, p_call text)
    RETURNS TABLE
            (
                refusal     text,
                caller_id   text,
                class       text,
                max_seconds integer
            )
    LANGUAGE plpgsql
    SECURITY DEFINER
    SET search_path = public, pg_temp
AS
$$
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
$$;
REVOKE ALL ON FUNCTION sip_call_out(text, text, text) FROM PUBLIC;

-- The registrar's records move the calls on: an INVITE's answer marks its call answered, its
-- failure ends it, and the dialog's end (method 'END', written by the registrar's
-- event_route[dialog:end] however the call ended: a BYE answered with any code, the maximum
-- length reached, or a dialog reloaded after a restart) ends it and adds it to its owner's
-- counters, once.
CREATE FUNCTION sip_acc_moves_calls() RETURNS trigger
    LANGUAGE plpgsql
    SECURITY DEFINER
    SET search_path = public, pg_temp
AS
$$
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
$$;
REVOKE ALL ON FUNCTION sip_acc_moves_calls() FROM PUBLIC;
CREATE TRIGGER sip_acc_moves_calls
    AFTER INSERT
    ON sip_acc
    FOR EACH ROW
EXECUTE FUNCTION sip_acc_moves_calls();

-- The records, keyed by the registrar's id (the phone's Call-ID for rows written before it
-- had one). A call's end is its dialog's end ('END'), or for older rows its BYE.
CREATE OR REPLACE VIEW call_records AS
WITH invites AS (SELECT DISTINCT ON (coalesce(call, callid)) coalesce(call, callid)::varchar(255) AS key,
                                                             direction,
                                                             caller,
                                                             callee,
                                                             number,
                                                             extension,
                                                             started::float8              AS started,
                                                             at::float8                   AS at,
                                                             nullif(sip_code, '')::int    AS code,
                                                             sip_reason
                 FROM sip_acc
                 WHERE method = 'INVITE'
                   AND started ~ '^[0-9]+(\.[0-9]+)?$'
                   AND at ~ '^[0-9]+(\.[0-9]+)?$'
                 ORDER BY coalesce(call, callid), (sip_code = '200') DESC, id),
     byes AS (SELECT coalesce(call, callid) AS key, min(at::float8) AS at
              FROM sip_acc
              WHERE method IN ('BYE', 'END')
                AND at ~ '^[0-9]+(\.[0-9]+)?$'
              GROUP BY coalesce(call, callid))
SELECT i.key                                                         AS call_id,
       e.order_id                                                    AS owner,
       coalesce(i.direction, 'internal')                             AS direction,
       coalesce(i.caller, '')                                        AS caller,
       coalesce(i.callee, '')                                        AS callee,
       nullif(i.number, '')                                          AS number,
       i.extension,
       to_timestamp(i.started)                                       AS started_at,
       CASE WHEN i.code = 200 THEN to_timestamp(i.at) END            AS answered_at,
       CASE WHEN i.code = 200 THEN to_timestamp(b.at) ELSE to_timestamp(i.at) END AS ended_at,
       CASE
           WHEN i.code <> 200 THEN 0
           -- Never past the length the call was granted (the registrar's timer ends it within
           -- a second of it).
           WHEN b.at IS NOT NULL THEN least(greatest(ceil(b.at - i.at), 0), coalesce(c.max_seconds, 2147483647))::int
           END                                                       AS duration_seconds,
       CASE
           WHEN i.code = 200 THEN 'answered'
           WHEN i.code IN (486, 600) THEN 'busy'
           WHEN i.code IN (408, 480, 487) THEN 'no answer'
           WHEN i.code IN (401, 402, 403, 407) THEN 'refused'
           ELSE 'failed'
           END                                                       AS outcome,
       coalesce(i.code, 0)                                           AS sip_code,
       i.sip_reason
FROM invites i
         LEFT JOIN byes b ON b.key = i.key
         LEFT JOIN sip_calls c ON c.call = i.key
         LEFT JOIN sip_extensions e ON e.username = i.extension;
CREATE INDEX sip_acc_call_or_callid ON sip_acc ((coalesce(call, callid)));

-- Minutes spoken, from the counters (no longer summed from every record at each call).
CREATE OR REPLACE VIEW sip_minutes_used AS
SELECT owner,
       sum(minutes) FILTER (
           WHERE day >= date_trunc('month', now() AT TIME ZONE 'Europe/London')::date
           )::bigint AS this_month,
       sum(minutes)::bigint AS in_all
FROM sip_usage
GROUP BY owner;

-- Kamailio's dialog tables (dialog schema version 7, dialog_vars 1; db_mode 1): each call in
-- progress is in the database, so a registrar killed mid-call reloads it at start and still
-- ends and records it.
CREATE TABLE dialog
(
    id               serial PRIMARY KEY NOT NULL,
    hash_entry       integer            NOT NULL,
    hash_id          integer            NOT NULL,
    callid           varchar(255)       NOT NULL,
    from_uri         varchar(255)       NOT NULL,
    from_tag         varchar(128)       NOT NULL,
    to_uri           varchar(255)       NOT NULL,
    to_tag           varchar(128)       NOT NULL,
    caller_cseq      varchar(20)        NOT NULL,
    callee_cseq      varchar(20)        NOT NULL,
    caller_route_set varchar(512),
    callee_route_set varchar(512),
    caller_contact   varchar(255)       NOT NULL,
    callee_contact   varchar(255)       NOT NULL,
    caller_sock      varchar(64)        NOT NULL,
    callee_sock      varchar(64)        NOT NULL,
    state            integer            NOT NULL,
    start_time       integer            NOT NULL,
    timeout          integer DEFAULT 0  NOT NULL,
    sflags           integer DEFAULT 0  NOT NULL,
    iflags           integer DEFAULT 0  NOT NULL,
    toroute_name     varchar(32),
    req_uri          varchar(255)       NOT NULL,
    xdata            varchar(512)
);
CREATE INDEX dialog_hash_idx ON dialog (hash_entry, hash_id);
CREATE TABLE dialog_vars
(
    id           serial PRIMARY KEY NOT NULL,
    hash_entry   integer            NOT NULL,
    hash_id      integer            NOT NULL,
    dialog_key   varchar(128)       NOT NULL,
    dialog_value varchar(512)       NOT NULL
);
CREATE INDEX dialog_vars_hash_idx ON dialog_vars (hash_entry, hash_id);
INSERT INTO version (table_name, table_version)
VALUES ('dialog', 7), ('dialog_vars', 1);

-- The registrar's role: as 20261205400002_call_records.sql, and its dialogs, and the
-- calls-out function (which reads and writes what it needs as its owner). Still no table of
-- the shop's own.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM talkbridge_registrar;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM talkbridge_registrar;
GRANT SELECT ON subscriber, version, sip_number_routes, sip_dial_plan, sip_stopped_subscriber,
    sip_outbound_callers TO talkbridge_registrar;
GRANT SELECT, INSERT, UPDATE, DELETE ON location, location_attrs, dialog, dialog_vars TO talkbridge_registrar;
GRANT INSERT ON sip_acc TO talkbridge_registrar;
GRANT USAGE ON SEQUENCE location_id_seq, location_attrs_id_seq, sip_acc_id_seq, dialog_id_seq,
    dialog_vars_id_seq TO talkbridge_registrar;
GRANT EXECUTE ON FUNCTION sip_call_out(text, text, text) TO talkbridge_registrar;
