-- 1,000,000 orders for api/bench/staff-search.sh: 800,000 service orders, 150,000 hardware
-- orders and 50,000 trials in the three order views, each payload copied from a real row of
-- its view (as the API tests make them) with its own id, number, buyer, e-mail, phone numbers,
-- payment references and time, placed about 30 s apart over a year. The views' triggers fill
-- order_search as they would for orders placed through the shop.
-- psql variable: orders (default 1000000).
\if :{?orders}
\else
\set orders 1000000
\endif

CREATE TEMPORARY TABLE names (first_names text[], last_names text[], domains text[]);
INSERT INTO names VALUES (
    ARRAY['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Ivy', 'Lily', 'Freya', 'Grace', 'Sophia',
          'Noah', 'Oliver', 'George', 'Arthur', 'Leo', 'Harry', 'Oscar', 'Archie', 'Henry', 'Theo',
          'Priya', 'Mohammed', 'Aisha', 'Yusuf', 'Zara', 'Omar', 'Chloe', 'Jack', 'Ella', 'Finley'],
    ARRAY['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel',
          'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall',
          'Wood', 'Jackson', 'Clarke', 'Khan', 'Lewis', 'Hughes', 'Edwards', 'Hill', 'Moore', 'Ali'],
    ARRAY['gmail.com', 'outlook.com', 'yahoo.co.uk', 'hotmail.co.uk', 'btinternet.com', 'icloud.com',
          'sky.com', 'acme-plumbing.co.uk', 'northfield-dental.co.uk', 'example.com']);

-- The rows copied (see api/tests/api: a completed single-user order, a started trial, a paid
-- hardware order).
CREATE TEMPORARY TABLE templates (kind text PRIMARY KEY, payload jsonb);
INSERT INTO templates VALUES
('service', '{"email": "rebuild.order@example.com", "ports": [], "addOns": [{"id": "callRecording", "name": "Call recording", "pricePence": 800}], "paidAt": "2026-11-24T06:46:25.220147536Z", "status": "completed", "totals": {"addOnsPence": 800, "billingCycle": "monthly", "cartVatPence": 300, "numbersPence": 200, "packagePence": 499, "hardwarePence": 0, "topUpVatPence": 0, "serviceVatPence": 300, "hardwareVatPence": 0, "topUpSubtotalPence": 0, "cartTotalIncVatPence": 1799, "serviceDueTodayPence": 1799, "subscriptionVatPence": 300, "topUpTotalIncVatPence": 0, "hardwareTotalIncVatPence": 0, "subscriptionSubtotalPence": 1499, "subscriptionTotalIncVatPence": 1799}, "orderId": "338b72ae-6743-4c3e-815f-ef045bf2268d", "lastName": "Doe", "placedAt": "2026-11-24T06:46:25.009545522Z", "quantity": 1, "firstName": "Jane", "extensions": [{"number": "101", "username": "rebuildorder101"}], "companyName": "Doe Trading Ltd", "completedAt": "2026-11-24T06:46:25.361116579Z", "lostNumbers": [], "orderNumber": "SB-921921", "packageName": "Single User x1 (Monthly)", "packageType": "singleUser", "paymentType": "subscription", "billingCycle": "monthly", "lastSequence": 11, "phoneNumbers": [{"free": true, "value": "442079460101", "isTransfer": false, "pricePence": 0, "displayValue": "020 7946 0101"}, {"free": false, "value": "442079460102", "isTransfer": false, "pricePence": 200, "displayValue": "020 7946 0102"}], "subscriptionId": "sub_fpj1QsbOLIknrG", "releasedNumbers": [], "lastPaymentError": null, "openPlaceholders": [], "paymentStartedAt": null, "paymentReferences": ["cus_OSiv66xCR2MXN3", "seti_mdYyrw7VvncWA3", "sub_fpj1QsbOLIknrG"]}'),
('trial', '{"email": "tara.one@example.com", "phone": "020 7946 0001", "endsAt": "2026-12-01T06:46:27.669118734Z", "number": "441632960000", "status": "active", "endedAt": null, "minutes": 50, "package": "Single User VoIP - Trial", "trialId": "5e5c63e0-9458-42df-a0c9-70b50e678b95", "lastName": "Trial", "endReason": null, "extension": {"number": "101", "username": "taraone101"}, "firstName": "Tara", "startedAt": "2026-11-24T06:46:27.669118734Z", "companyName": "Tara Ltd", "extendedDays": 0, "lastSequence": 1, "reminderSent": false, "subscriptionId": null, "paymentReferences": [], "paymentMethodSaved": false}'),
('hardware', '{"lines": [{"name": "Grandstream GRP2612W", "quantity": 2, "linePence": 12800, "productId": "e465b8d0-eefa-4cf8-aead-12e46c5ebade", "unitPricePence": 6400}], "cartId": "29573a56-edc7-46d0-a660-3550822eb95a", "paidAt": "2026-11-24T06:46:21.606344608Z", "status": "confirmed", "address": {"city": "Testtown", "line1": "1 Example Road", "line2": "", "country": "GB", "postalCode": "ID1 1QD"}, "amounts": {"vatPence": 2860, "itemsPence": 12800, "totalPence": 17160, "shippingPence": 1500}, "orderId": "ff860577-f1f6-4f94-ad43-f6bf9b8676e3", "customer": {"email": "jo@example.com", "phone": "07700 900123", "lastName": "Bloggs", "firstName": "Jo"}, "placedAt": "2026-11-24T06:46:21.501465391Z", "shipping": {"id": "saturday", "name": "SATURDAY - DPD", "carrier": "DPD", "pricePence": 1500}, "cancelledAt": null, "confirmedAt": "2026-11-24T06:46:21.637288685Z", "emailQueued": true, "orderNumber": "HW-826425", "lastSequence": 6, "paymentIntentId": "pi_7dab3DWxbj9BVb", "lastPaymentError": null, "paymentReference": "pi_7dab3DWxbj9BVb", "estimatedDelivery": "2026-11-28"}');

-- Order g (1..orders) as one row: kind by g (4 in 5 service, 3 in 20 hardware, 1 in 20
-- trial), the buyer and the numbers from hashes of g, placed 30 s before order g - 1.
CREATE TEMPORARY VIEW made AS
SELECT g,
       CASE WHEN g % 20 = 0 THEN 'trial' WHEN g % 20 IN (1, 7, 13) THEN 'hardware' ELSE 'service' END AS kind,
       md5('order ' || g)::uuid::text AS id,
       n.first_names[1 + abs(hashint4(g)) % array_length(n.first_names, 1)] AS first_name,
       n.last_names[1 + abs(hashint4(g + 7)) % array_length(n.last_names, 1)] AS last_name,
       n.domains[1 + abs(hashint4(g + 13)) % array_length(n.domains, 1)] AS domain,
       -- Two numbers, London (020 and 8 digits) or Manchester (0161 and 7 digits).
       CASE WHEN g % 3 = 0 THEN '44161' || lpad((abs(hashint4(g + 17)) % 10000000)::text, 7, '0')
            ELSE '4420' || lpad((abs(hashint4(g + 17)) % 100000000)::text, 8, '0') END AS phone1,
       CASE WHEN g % 3 = 0 THEN '44161' || lpad((abs(hashint4(g + 19)) % 10000000)::text, 7, '0')
            ELSE '4420' || lpad((abs(hashint4(g + 19)) % 100000000)::text, 8, '0') END AS phone2,
       substr(md5('ref ' || g), 1, 14) AS ref,
       to_char((timestamptz '2026-11-24 06:00:00+00' - g * interval '30 seconds' - (abs(hashint4(g + 23)) % 30) * interval '1 second')
               AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS placed_at
  FROM generate_series(1, :orders) g, names n;

-- The search's own indexes are built once at the end (as CREATE INDEX does on a full table),
-- not row by row: the same definitions, read back from the catalogue.
CREATE TEMPORARY TABLE search_indexes AS
SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
  FROM pg_index WHERE indrelid = 'order_search'::regclass AND NOT indisprimary;
SELECT format('DROP INDEX %s', name) FROM search_indexes
\gexec

-- In batches of 100,000, as a rebuild's swap writes: one statement trigger per batch.
SELECT format($$
INSERT INTO order_view (view_id, version, payload)
SELECT id, 11, (t.payload || jsonb_build_object(
        'orderId', id, 'orderNumber', 'SB-' || (1000000 + g), 'email', lower(first_name || '.' || last_name || g || '@' || domain),
        'firstName', first_name, 'lastName', last_name, 'placedAt', placed_at, 'paidAt', placed_at, 'completedAt', placed_at,
        'phoneNumbers', jsonb_build_array(
            jsonb_set(jsonb_set(t.payload->'phoneNumbers'->0, '{value}', to_jsonb(phone1)), '{displayValue}', to_jsonb('0' || substr(phone1, 3))),
            jsonb_set(jsonb_set(t.payload->'phoneNumbers'->1, '{value}', to_jsonb(phone2)), '{displayValue}', to_jsonb('0' || substr(phone2, 3)))),
        'subscriptionId', 'sub_' || ref,
        'paymentReferences', jsonb_build_array('cus_' || ref, 'seti_' || ref, 'sub_' || ref)))::json
  FROM made, templates t WHERE t.kind = 'service' AND made.kind = 'service' AND g > %1$s AND g <= %1$s + 100000;
INSERT INTO hardware_order_view (view_id, version, payload)
SELECT id, 6, (t.payload || jsonb_build_object(
        'orderId', id, 'orderNumber', 'HW-' || (1000000 + g), 'placedAt', placed_at, 'paidAt', placed_at, 'confirmedAt', placed_at,
        'customer', jsonb_build_object('email', lower(first_name || '.' || last_name || g || '@' || domain),
                                       'phone', '0' || substr(phone1, 3), 'firstName', first_name, 'lastName', last_name),
        'paymentIntentId', 'pi_' || ref, 'paymentReference', 'pi_' || ref))::json
  FROM made, templates t WHERE t.kind = 'hardware' AND made.kind = 'hardware' AND g > %1$s AND g <= %1$s + 100000;
INSERT INTO trial_view (view_id, version, payload)
SELECT id, 1, (t.payload || jsonb_build_object(
        'trialId', id, 'email', lower(first_name || '.' || last_name || g || '@' || domain),
        'firstName', first_name, 'lastName', last_name, 'startedAt', placed_at,
        'number', phone1, 'phone', '0' || substr(phone2, 3)))::json
  FROM made, templates t WHERE t.kind = 'trial' AND made.kind = 'trial' AND g > %1$s AND g <= %1$s + 100000;
$$, start)
  FROM generate_series(0, :orders - 1, 100000) start
\gexec

SELECT definition FROM search_indexes
\gexec
-- The fill's own aftermath (autovacuum of the views, dirty pages) before anything is timed.
VACUUM ANALYZE order_search;
VACUUM ANALYZE order_view;
VACUUM ANALYZE trial_view;
VACUUM ANALYZE hardware_order_view;
CHECKPOINT;
