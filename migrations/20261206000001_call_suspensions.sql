-- Calls out suspended while the money behind them is in doubt (docs/fraud.md; docs/architecture.md,
-- Calls): a subscription whose payment failed or is past due, a payment disputed, or staff's
-- own decision. While an owner has a row here its extensions still register, take calls in and
-- call each other and the emergency services, but every call out is refused with `reason` as
-- the 403's reason phrase ("Payment failed: update your card in your account"). Written only by
-- the projection of the order events (projections/src/sip_numbers.rs), so each row has an
-- event, with its actor, behind it; the registrar reads it through its calls-out function.
CREATE TABLE sip_call_suspensions
(
    owner        text PRIMARY KEY,
    reason       text        NOT NULL CHECK (reason <> '' AND length(reason) <= 100 AND reason !~ '[\r\n]'),
    suspended_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);
