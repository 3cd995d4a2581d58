-- The charge-calls job reads the calls to charge from `sip_calls` (one row a call, its length
-- already capped at its grant) instead of the `call_records` view, which groups every record
-- of every call (seconds at a million records, every ten seconds). `charged_at` marks a call
-- whose CallCharged event is stored (the command is idempotent, so a run that stopped between
-- the two is finished by the next); a Pay As You Go call refused for want of credit is found
-- among the refusals alone.
ALTER TABLE sip_calls ADD COLUMN charged_at timestamptz;
CREATE INDEX sip_calls_to_charge ON sip_calls (started_at) WHERE ended_at IS NOT NULL AND answered_at IS NOT NULL AND charged_at IS NULL;
CREATE INDEX sip_acc_credit_refusals ON sip_acc (id) WHERE method = 'INVITE' AND sip_code = '403' AND sip_reason = 'No call credit left';
