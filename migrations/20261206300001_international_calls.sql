-- Calls abroad (docs/fraud.md): Western Europe is rated for Pay As You Go
-- (aggregates::dial_plan, class international_standard), and called only once the owner turned
-- calls abroad on in their account with a monthly cap (the CallCredit aggregate's
-- InternationalCallsSet, read from call_credit_view's internationalCapTenths). What calls
-- abroad spent is counted apart, so the cap holds: sip_usage.international_tenths, and
-- sip_call_out refuses, or shortens, a call abroad past it. Both functions as
-- 20261206000002_call_controls.sql made them, with these additions.
ALTER TABLE sip_usage ADD COLUMN international_tenths bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION sip_call_out(p_username text, p_to text, p_call text)
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

CREATE OR REPLACE FUNCTION sip_acc_moves_calls() RETURNS trigger
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
