-- One free trial per mailbox, not per spelling of it (docs/fraud.md): `Jane.Doe+2@gmail.com`
-- and `janedoe@googlemail.com` are one mailbox. The same rule as aggregates::customer::mailbox
-- (api/tests/api/trial.rs holds the two equal): lower case, no `+tag`, and Gmail's dots
-- dropped (Gmail ignores them).
CREATE FUNCTION mailbox_of(email text) RETURNS text
    LANGUAGE sql
    IMMUTABLE
    PARALLEL SAFE
    RETURN CASE
               WHEN position('@' IN email) = 0 THEN lower(btrim(email))
               WHEN lower(split_part(lower(btrim(email)), '@', -1)) IN ('gmail.com', 'googlemail.com') THEN
                   replace(split_part(regexp_replace(lower(btrim(email)), '@[^@]*$', ''), '+', 1), '.', '') || '@gmail.com'
               ELSE split_part(regexp_replace(lower(btrim(email)), '@[^@]*$', ''), '+', 1) || '@' ||
                    split_part(lower(btrim(email)), '@', -1)
        END;
CREATE INDEX trials_mailbox ON trials (mailbox_of(email));

-- One confirmed trial per mailbox: the confirmation of a second spelling is refused as a
-- second confirmation of one address was (api/src/app/trial.rs, confirm). Where confirmed
-- trials already share a mailbox (confirmed before this rule), those stay, and the index is
-- made once they are gone (the start's own check by mailbox_of still refuses new ones).
DO
$$
BEGIN
    IF NOT EXISTS (SELECT 1
                   FROM trials
                   WHERE verified_at IS NOT NULL OR NOT needs_verification
                   GROUP BY mailbox_of(email)
                   HAVING count(*) > 1) THEN
        CREATE UNIQUE INDEX trials_mailbox_confirmed ON trials (mailbox_of(email))
            WHERE verified_at IS NOT NULL OR NOT needs_verification;
    ELSE
        RAISE NOTICE 'confirmed trials share a mailbox: trials_mailbox_confirmed not made';
    END IF;
END
$$;
