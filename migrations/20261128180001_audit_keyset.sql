-- The audit log pages by keyset on (at, id), newest first (docs/scaling.md): each filter's
-- index ends in the same two columns, so a page is one index range however deep it is.
DROP INDEX IF EXISTS hardware_audit_by_item;
DROP INDEX IF EXISTS hardware_audit_by_actor;
CREATE INDEX hardware_audit_by_item ON hardware_audit (item_id, at DESC, id DESC);
CREATE INDEX hardware_audit_by_actor ON hardware_audit (actor, at DESC, id DESC);
