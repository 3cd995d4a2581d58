-- A trial's payment customer is an event of the trial (PaymentCustomerRegistered), no longer
-- a column beside it.
ALTER TABLE trials DROP COLUMN stripe_customer_id;
