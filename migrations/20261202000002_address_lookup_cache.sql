-- Postcode lookups answered by the upstream service (api/src/http/routes/address.rs), kept 24 hours
-- so the same postcode asked again makes no upstream call (each one is paid for). Keyed by the
-- normalised postcode (spaces removed, upper case); only answers with addresses are kept, never
-- a refusal or an upstream error. The purge job deletes rows over 24 hours old.
CREATE TABLE address_lookups
(
    postcode   text        PRIMARY KEY,
    addresses  jsonb       NOT NULL,
    fetched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX address_lookups_fetched_at ON address_lookups (fetched_at);
