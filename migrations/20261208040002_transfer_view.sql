-- The view of each number transfer (projections::transfers, one row per Transfer aggregate)
-- takes the name the code gives it. The aggregate's stored type `Port` and its `Port*`
-- events keep theirs: they are in the events already written.
--
-- RENAME changes the catalogue only (no row is rewritten; the table is locked for the
-- moment it takes), so it is safe on a table with data; its key's index and its check are
-- renamed with it, as PostgreSQL would have named them for the new table. No view or
-- function names the table.
--
-- A rolling deploy: an older server still running reads and writes port_view, and from here
-- on each of those statements fails ("relation port_view does not exist") until that server
-- is replaced. Its order pages and staff transfers queue answer 500; a command on a
-- transfer stores nothing (its events are written in the same statement as the view row,
-- store::commands::Cqrs::with_view) and answers 500, and an `open-ports` workflow it runs
-- stays owed, for a new server's runner to resume. An older server that restarts after this
-- ran does not start: sqlx refuses a database with a migration it does not know.
ALTER TABLE port_view RENAME TO transfer_view;
ALTER TABLE transfer_view RENAME CONSTRAINT port_view_pkey TO transfer_view_pkey;
ALTER TABLE transfer_view RENAME CONSTRAINT port_view_version_check TO transfer_view_version_check;
