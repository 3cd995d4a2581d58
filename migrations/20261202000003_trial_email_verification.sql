-- A free trial's e-mail address is confirmed through a one-time link (docs/product-rules.md,
-- Free trial): until then the trial places no outgoing call, and a trial not confirmed within
-- 24 hours ends and its number goes back to the pool at once.

-- The link's token is never stored: only its SHA-256 digest (hex), written with the e-mail
-- that carries the token (the start-trial workflow, one transaction). `verified_at`: when the
-- link was followed. Trials started before confirmation existed need none
-- (`needs_verification` false); every trial started from now on needs it.
ALTER TABLE trials ADD COLUMN needs_verification boolean NOT NULL DEFAULT false;
ALTER TABLE trials ALTER COLUMN needs_verification SET DEFAULT true;
ALTER TABLE trials ADD COLUMN verify_digest text UNIQUE;
ALTER TABLE trials ADD COLUMN verified_at timestamptz;

-- One trial per confirmed e-mail address (instead of one per e-mail address at all): an
-- address whose trial was released unconfirmed may start another. A trial started before
-- confirmation existed keeps its address as used.
ALTER TABLE trials DROP CONSTRAINT trials_email_key;
CREATE INDEX trials_email ON trials (email);
CREATE UNIQUE INDEX trials_email_confirmed ON trials (email) WHERE verified_at IS NOT NULL OR NOT needs_verification;

-- Whether an extension may place outgoing calls: the fact the call routing reads
-- (docs/architecture.md, The SIP registrar). Kept by the projection of the order and trial
-- events (projections/src/sip.rs): a service order's extensions may; a trial's once its
-- e-mail address is confirmed. Every row so far is an order's or a trial's started before
-- confirmation existed: they may.
ALTER TABLE sip_accounts ADD COLUMN may_call_out boolean NOT NULL DEFAULT false;
UPDATE sip_accounts SET may_call_out = true;
