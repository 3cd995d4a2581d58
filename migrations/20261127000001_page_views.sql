-- First-party page views (docs/product-rules.md, Analytics): analytics data, not domain
-- events. No cookie, address or user agent is kept: `visitor` is a hash salted with the day's
-- random salt, which is deleted the day after, so a hash can never be recomputed or joined
-- with another day's.
CREATE TABLE page_views
(
    id            bigserial PRIMARY KEY,
    viewed_at     timestamptz NOT NULL,
    path          text        NOT NULL,
    referrer_host text,
    viewport      text        NOT NULL CHECK (viewport IN ('small', 'medium', 'large')),
    utm_source    text,
    utm_medium    text,
    utm_campaign  text,
    visitor       text        NOT NULL
);
CREATE INDEX page_views_viewed_at ON page_views (viewed_at);

-- The salt of the visitor hash: one random salt per UTC day, only today's is kept.
CREATE TABLE page_view_salts
(
    day  date PRIMARY KEY,
    salt bytea NOT NULL CHECK (length(salt) = 32)
);
