-- Every server keeps the public catalogue's answers in memory (api/src/app/public_reads.rs) and
-- reads them again when told, on the channel public_reads, that their rows changed: the
-- hardware view, or a number of the free-trial pool. NOTIFY is sent at commit, so another
-- server hears of a change as soon as it can read it.
CREATE FUNCTION public_reads_hardware_changed() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
    PERFORM pg_notify('public_reads', 'hardware');
    RETURN NULL;
END
$$;

CREATE TRIGGER hardware_view_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hardware_view
    FOR EACH STATEMENT EXECUTE FUNCTION public_reads_hardware_changed();

-- Only changes that touch a free-trial number: the rest of the stock is searched, not kept.
-- (Each statement below is prepared when reached, so a trigger only names the transition
-- tables it has.)
CREATE FUNCTION public_reads_numbers_changed() RETURNS trigger LANGUAGE plpgsql AS
$$
DECLARE
    changed boolean := TG_OP = 'TRUNCATE';
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        changed := changed OR EXISTS (SELECT 1 FROM new_rows WHERE free_trial);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        changed := changed OR EXISTS (SELECT 1 FROM old_rows WHERE free_trial);
    END IF;
    IF changed THEN
        PERFORM pg_notify('public_reads', 'numbers');
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER free_numbers_inserted AFTER INSERT ON number_inventory
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_reads_numbers_changed();
CREATE TRIGGER free_numbers_updated AFTER UPDATE ON number_inventory
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_reads_numbers_changed();
CREATE TRIGGER free_numbers_deleted AFTER DELETE ON number_inventory
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_reads_numbers_changed();
CREATE TRIGGER free_numbers_truncated AFTER TRUNCATE ON number_inventory
    FOR EACH STATEMENT EXECUTE FUNCTION public_reads_numbers_changed();
