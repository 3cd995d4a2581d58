-- The SIP registrar's own role. Kamailio parses SIP from the network, so it reaches this
-- database as talkbridge_registrar, which reads only what auth_db reads (subscriber, version)
-- and writes only usrloc's tables (location, location_attrs): a flaw in a SIP parser then
-- reaches no customer, staff password hash, event or any other table of the shop.
--
-- A role belongs to the whole PostgreSQL server, while the shop makes many databases (one per
-- API test): the role is made here, NOLOGIN, when the server has none yet, and every migrated
-- database grants it its four tables. Its login and password are set by whoever deploys
-- (.ci/lib.sh ensure_registrar_login; docker-compose.yml's registrar-login), never here, so
-- no password is in the repository and a role nobody set up cannot log in.
--
-- A migrating user who may not create roles (neither superuser nor CREATEROLE): when the role
-- exists already (made once by whoever may: CREATE ROLE talkbridge_registrar NOLOGIN) the
-- grants go ahead; when it does not, this migration fails, so the server does not start and
-- says what to run. It never falls back to another role or to wider grants.
DO
$$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'talkbridge_registrar') THEN
        BEGIN
            CREATE ROLE talkbridge_registrar NOLOGIN;
        EXCEPTION
            -- Another database's migration made it at the same moment (tests migrate in parallel).
            WHEN duplicate_object OR unique_violation THEN NULL;
            WHEN insufficient_privilege THEN
                RAISE EXCEPTION 'the SIP registrar''s role talkbridge_registrar does not exist, and % may not create roles',
                    current_user
                    USING HINT = 'Have a superuser run CREATE ROLE talkbridge_registrar NOLOGIN on this server, then start the server again (README, Configuration).';
        END;
    END IF;
END
$$;

-- Exactly these, whatever was granted before: the grants live in each database, so a
-- database migrated later gets them too, and no other table (nor any table added later) is
-- readable. Views keep their grants through CREATE OR REPLACE VIEW; a migration that drops
-- and recreates one of these must grant again.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM talkbridge_registrar;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM talkbridge_registrar;
GRANT SELECT ON subscriber, version TO talkbridge_registrar;
GRANT SELECT, INSERT, UPDATE, DELETE ON location, location_attrs TO talkbridge_registrar;
GRANT USAGE ON SEQUENCE location_id_seq, location_attrs_id_seq TO talkbridge_registrar;
