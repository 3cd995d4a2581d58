-- The number stock and its state, projected from the PhoneNumber events. Stock rows come
-- from the demo seed or an operator's CSV import; status changes only through events.
CREATE TABLE number_inventory
(
    value         text PRIMARY KEY CHECK (value ~ '^[0-9]{6,15}$'),
    country       text COLLATE "C" NOT NULL,
    number_type   text COLLATE "C" NOT NULL CHECK (number_type IN ('geographic', 'freephone', 'national', 'mobile')),
    area_code     text COLLATE "C" NOT NULL,
    national      text COLLATE "C" NOT NULL,
    status        text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'reserved', 'assigned')),
    held_by       text,
    held_until    timestamptz,
    last_sequence bigint NOT NULL DEFAULT 0,
    free_trial    boolean NOT NULL DEFAULT false,
    demo          boolean NOT NULL DEFAULT false,
    added_at      timestamptz NOT NULL DEFAULT now()
);

-- Searches: by country, optionally type, optionally a national prefix; ordered by national.
CREATE INDEX number_inventory_by_type ON number_inventory (country, number_type, national)
    WHERE status = 'available' AND NOT free_trial;
CREATE INDEX number_inventory_by_country ON number_inventory (country, national)
    WHERE status = 'available' AND NOT free_trial;
CREATE INDEX number_inventory_by_area ON number_inventory (country, area_code, national)
    WHERE status = 'available' AND NOT free_trial;
CREATE INDEX number_inventory_free_trial ON number_inventory (national) WHERE free_trial AND status = 'available';
CREATE INDEX number_inventory_expiring ON number_inventory (held_until) WHERE status = 'reserved';
