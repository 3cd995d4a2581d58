-- Available numbers per country, type and area code, kept exact by statement triggers on
-- the inventory, so a search's total is a handful of rows instead of counting the stock.
CREATE TABLE number_counts
(
    country     text COLLATE "C" NOT NULL,
    number_type text COLLATE "C" NOT NULL,
    area_code   text COLLATE "C" NOT NULL,
    free_trial  boolean          NOT NULL,
    available   bigint           NOT NULL DEFAULT 0,
    PRIMARY KEY (country, number_type, area_code, free_trial)
);

INSERT INTO number_counts (country, number_type, area_code, free_trial, available)
SELECT country, number_type, area_code, free_trial, count(*) FILTER (WHERE status = 'available')
FROM number_inventory
GROUP BY 1, 2, 3, 4;

CREATE FUNCTION number_counts_add() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
    INSERT INTO number_counts AS c (country, number_type, area_code, free_trial, available)
    SELECT country, number_type, area_code, free_trial, count(*) FILTER (WHERE status = 'available')
    FROM new_rows
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (country, number_type, area_code, free_trial) DO UPDATE SET available = c.available + excluded.available;
    RETURN NULL;
END
$$;

CREATE FUNCTION number_counts_remove() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
    UPDATE number_counts c
    SET available = c.available - gone.n
    FROM (SELECT country, number_type, area_code, free_trial, count(*) AS n
          FROM old_rows
          WHERE status = 'available'
          GROUP BY 1, 2, 3, 4) gone
    WHERE (c.country, c.number_type, c.area_code, c.free_trial)
              = (gone.country, gone.number_type, gone.area_code, gone.free_trial);
    RETURN NULL;
END
$$;

CREATE FUNCTION number_counts_change() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
    -- Net change per key, applied in key order so concurrent updates never deadlock.
    WITH delta AS (SELECT country, number_type, area_code, free_trial, sum(d) AS d
                   FROM (SELECT country, number_type, area_code, free_trial, -1 AS d
                         FROM old_rows WHERE status = 'available'
                         UNION ALL
                         SELECT country, number_type, area_code, free_trial, 1
                         FROM new_rows WHERE status = 'available') changes
                   GROUP BY 1, 2, 3, 4
                   HAVING sum(d) <> 0)
    INSERT INTO number_counts AS c (country, number_type, area_code, free_trial, available)
    SELECT country, number_type, area_code, free_trial, d FROM delta ORDER BY 1, 2, 3, 4
    ON CONFLICT (country, number_type, area_code, free_trial) DO UPDATE SET available = c.available + excluded.available;
    RETURN NULL;
END
$$;

CREATE TRIGGER number_counts_insert AFTER INSERT ON number_inventory
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION number_counts_add();
CREATE TRIGGER number_counts_delete AFTER DELETE ON number_inventory
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION number_counts_remove();
CREATE TRIGGER number_counts_update AFTER UPDATE ON number_inventory
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION number_counts_change();
