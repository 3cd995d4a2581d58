-- Fills number_inventory to 1,000,000 numbers (32 area codes of four types), for the
-- benchmarks (number-search.sh, ratios.sh). Run with psql on a scratch database.
WITH codes(code, kind) AS (
  VALUES ('020','geographic'),('0161','geographic'),('0121','geographic'),('0131','geographic'),
         ('0141','geographic'),('0151','geographic'),('0113','geographic'),('0114','geographic'),
         ('0117','geographic'),('0118','geographic'),('0116','geographic'),('0115','geographic'),
         ('029','geographic'),('01202','geographic'),('01204','geographic'),('01206','geographic'),
         ('01223','geographic'),('01225','geographic'),('01244','geographic'),('01253','geographic'),
         ('01254','geographic'),('01256','geographic'),('01270','geographic'),('01273','geographic'),
         ('01274','geographic'),('0800','freephone'),('0808','freephone'),('0300','national'),
         ('0330','national'),('07400','mobile'),('07500','mobile'),('07800','mobile')
)
INSERT INTO number_inventory (value, country, number_type, area_code, national)
SELECT '44' || substr(national, 2), 'GB', kind, code, national
FROM (
  SELECT c.code, c.kind, c.code || lpad((s.i + 500000)::text, 11 - length(c.code), '0') AS national
  FROM codes c CROSS JOIN generate_series(1, 40000) AS s(i)
  ORDER BY s.i, c.code
  LIMIT (SELECT 1000000 - count(*) FROM number_inventory)
) generated
ON CONFLICT (value) DO NOTHING;
VACUUM ANALYZE number_inventory;
