-- One row per job and scheduled time (jobs/src/ticks.rs): the server whose insert makes it
-- runs that tick; every other server finds it taken and skips. It then says who ran it and
-- how it went. Rows older than a week are deleted as new ones come.
CREATE TABLE job_runs
(
    job         text        NOT NULL,
    tick        timestamptz NOT NULL,
    runner      text        NOT NULL,
    claimed_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    outcome     text CHECK (outcome IN ('ok', 'failed', 'skipped')),
    PRIMARY KEY (job, tick)
);

-- The runs of the tests-only `heartbeat` job (HEARTBEAT_JOB=1, refused in production):
-- empty on a real shop.
CREATE TABLE job_heartbeats
(
    runner text        NOT NULL,
    ran_at timestamptz NOT NULL DEFAULT now()
);
