-- Which orders and trials joined which customer account, and whether on the account's
-- password (issue 46). A session of an account nobody has proven (verified_at null) sees only
-- the orders and trials its password made: never one joined by e-mail alone (a paid order
-- completed without its buyer) nor one placed with the address and never joined. `owner` is
-- the owner of the extensions (projections::sip): a service order's id, or `trial:` and a
-- trial's id.
CREATE TABLE account_orders (
    owner       text        PRIMARY KEY,
    account_id  uuid        NOT NULL REFERENCES customer_accounts (id) ON DELETE CASCADE,
    by_password boolean     NOT NULL,
    joined_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_orders_account_id ON account_orders (account_id);

-- What joined before this table: every order and trial with extensions, as the password
-- joined it (what sessions saw until now).
INSERT INTO account_orders (owner, account_id, by_password)
SELECT DISTINCT ON (owner) owner, account_id, true FROM sip_extensions ORDER BY owner, number;
