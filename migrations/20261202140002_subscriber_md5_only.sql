-- The registrar sees only extensions with an MD5 digest (the one every softphone answers).
-- An empty `ha1` is no secret: auth_db takes the column as the digest itself, and an answer
-- computed from an empty digest needs no password. Extensions made before ha1_md5 existed
-- have none and stay out until a password reset gives them one. Same columns as before, so
-- the registrar's grants (20261202140001) are kept.
CREATE OR REPLACE VIEW subscriber AS
SELECT e.username::varchar(64)             AS username,
       a.domain::varchar(64)               AS domain,
       coalesce(e.ha1_md5, '')::varchar(128) AS ha1,
       ''::varchar(128)                    AS ha1b,
       e.secret_digest::varchar(128)       AS ha1_sha256
FROM sip_accounts a
         JOIN sip_extensions e ON e.username = a.username
WHERE e.ha1_md5 IS NOT NULL
  AND e.ha1_md5 <> '';
