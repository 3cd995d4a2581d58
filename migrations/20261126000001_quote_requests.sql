-- Quote requests (leased lines, broadband, cloud PBX, teams over 20): their view (postgres-es).
CREATE TABLE quote_request_view
(
    view_id text                        NOT NULL,
    version bigint CHECK (version >= 0) NOT NULL,
    payload json                        NOT NULL,
    PRIMARY KEY (view_id)
);
