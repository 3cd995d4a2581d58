-- The setup intents made for a trial's card: only a card confirmed by one of them may be
-- saved on the trial.
CREATE TABLE trial_setup_intents
(
    setup_intent_id text PRIMARY KEY,
    trial_id        text        NOT NULL REFERENCES trials (trial_id),
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trial_setup_intents_trial ON trial_setup_intents (trial_id, created_at DESC);
