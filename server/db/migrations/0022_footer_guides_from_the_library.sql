-- The footer's two places go to the seed's guides on a database made before 0020 (decision 074): the seed writes guides
-- only into an empty database, so such a database kept the citizen guide and the code of conduct without a place, and
-- the footer showed its built-in PDFs. Once, where the place is free and the guide is still the seed's (same PDF);
-- the same guides are given the seed's audience where they still have the column's default.
UPDATE "user_guides" g SET "footer_slot" = s.slot,
  "audience" = CASE WHEN g."audience" = '["staff"]'::jsonb THEN '["citizens","staff","agents"]'::jsonb ELSE g."audience" END
FROM (VALUES ('guide-citizen', 'citizen-guide', '/docs/citizen-guide.ar.pdf'),
             ('guide-code-of-conduct', 'code-of-conduct', '/docs/code-of-conduct.ar.pdf')) AS s(id, slot, url)
WHERE g."id" = s.id
  AND g."footer_slot" IS NULL
  AND g."url"->>'ar' = s.url
  AND NOT EXISTS (SELECT 1 FROM "user_guides" o WHERE o."footer_slot" = s.slot);
