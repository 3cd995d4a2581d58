-- Page views older than 13 months are folded into daily totals by the purge job
-- (jobs/src/page_views.rs) and deleted; staff's analytics reads both (api/src/app/analytics/report.rs).
-- Nothing here names a visitor: a total counts them.
--   kind 'day'      key ''           the day's views and visitors
--   kind 'page'     key the path     that page's views and visitors that day
--   kind 'referrer' key the host     views referred by that site that day (visitors 0)
--   kind 'funnel'   key the step, 1 to 4   visitors who reached that step or a later one that day
CREATE TABLE page_view_totals
(
    day      date   NOT NULL,
    kind     text   NOT NULL CHECK (kind IN ('day', 'page', 'referrer', 'funnel')),
    key      text   NOT NULL,
    views    bigint NOT NULL CHECK (views >= 0),
    visitors bigint NOT NULL CHECK (visitors >= 0),
    PRIMARY KEY (day, kind, key)
);
