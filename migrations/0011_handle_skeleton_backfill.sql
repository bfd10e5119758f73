-- Handles held before look-alikes collided (decision 0029): each gets its confusable skeleton,
-- computed as src/domain/handle.ts handleSkeleton does (lower case; 0 -> o; 1 and i -> l;
-- m -> rn). Where several held handles share one skeleton (Bill and BiII), the oldest account
-- keeps it and the others keep their handles with no skeleton: nobody is renamed or fails the
-- migration, and no new look-alike of any of them can be claimed. Their claim times are
-- unknown: null.
WITH skeletons AS (
  SELECT "id",
    replace(replace(replace(replace(lower("handle"), '0', 'o'), '1', 'l'), 'i', 'l'), 'm', 'rn')
      AS skeleton
  FROM "user" WHERE "handle" IS NOT NULL
), ranked AS (
  SELECT s."id", s.skeleton,
    row_number() OVER (PARTITION BY s.skeleton ORDER BY u."created_at", u."id") AS n
  FROM skeletons s JOIN "user" u ON u."id" = s."id"
)
UPDATE "user" u SET "handle_skeleton" = r.skeleton
FROM ranked r WHERE u."id" = r."id" AND r.n = 1;
--> statement-breakpoint
-- Profile pictures are https addresses of at most 2 KB (issue 22): others stored before the rule
-- (inline data, other schemes) are dropped, so no profile answers them again.
UPDATE "user" SET "image" = NULL
WHERE "image" IS NOT NULL AND ("image" NOT LIKE 'https://%' OR octet_length("image") > 2048);
