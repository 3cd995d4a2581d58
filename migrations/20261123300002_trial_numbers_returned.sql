-- A trial's number goes back to the free pool 30 days after an unconverted trial ended
-- (number_returned_at), and may then start another person's trial: a number is unique
-- among the trials still holding it only. One trial per e-mail address stays.
ALTER TABLE trials ADD COLUMN number_returned_at timestamptz;
ALTER TABLE trials DROP CONSTRAINT trials_number_key;
CREATE UNIQUE INDEX trials_number_held ON trials (number) WHERE number_returned_at IS NULL;
