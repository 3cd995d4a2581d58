-- Snapshots written before this were taken through cqrs-es 0.5's commit, which applied the
-- committing command's events a second time to a state that already had them: an event
-- that adds (a phone added to a cart, an image to an item) was counted twice in the
-- snapshot. They are only a shortcut for loading, so all of them go; each aggregate loads
-- from its whole stream until its next snapshot (jobs::commands::Cqrs) is written.
DELETE FROM snapshots;
