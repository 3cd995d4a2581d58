-- Staff's fraud panel (docs/architecture.md, Fraud panel; api/src/app/fraud.rs) reads the
-- registrar's counters across every owner for one UK day, and the calls out started in the
-- last hour: indexes for those reads, so the panel never scans a year of rows.
CREATE INDEX sip_usage_day ON sip_usage (day);
CREATE INDEX sip_refusals_day ON sip_refusals (day);
CREATE INDEX sip_calls_started_at ON sip_calls (started_at);
