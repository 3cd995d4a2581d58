-- rebuild-views reads one aggregate type's events in the order they were written (keyset
-- pages on the global position, api/src/tools/rebuild.rs): this index makes each page one range
-- of it, and the rows come off the heap in the order they were stored.
CREATE INDEX events_type_global ON events (aggregate_type, global_sequence);
