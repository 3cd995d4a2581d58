-- The Google account (its `sub` claim) an account was made or joined with: a later Google
-- sign-in for the same e-mail must be the same Google account.
ALTER TABLE customer_accounts ADD COLUMN google_subject text;
