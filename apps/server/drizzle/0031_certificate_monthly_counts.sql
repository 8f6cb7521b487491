CREATE TABLE "certificate_monthly_counts" (
	"month" date NOT NULL,
	"dim" smallint NOT NULL,
	"key" text NOT NULL,
	"status" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "certificate_monthly_counts_month_dim_key_status_pk" PRIMARY KEY("month","dim","key","status")
);--> statement-breakpoint
-- Statement triggers with transition tables keep the counts: one grouped upsert per statement, whatever its size.
-- An update counts only rows whose counted columns changed (rendering a PDF changes none of them).
CREATE FUNCTION "certificate_monthly_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
	INSERT INTO "certificate_monthly_counts" AS t ("month", "dim", "key", "status", "n")
	SELECT x.month, x.dim, x.key, x.status, sum(x.sign)::int
	FROM (
		SELECT c.sign, c.status, v.dim, v.key,
			date_trunc('month', coalesce(c.issue_date, (c.confirmed_at AT TIME ZONE 'Asia/Shanghai')::date))::date AS month
		FROM (SELECT 1 AS sign, n.status, n.level, n.occupation_code, n.company_id, n.issue_date, n.confirmed_at FROM new_rows n) c
		LEFT JOIN "companies" co ON co.id = c.company_id
		CROSS JOIN LATERAL (VALUES
			(1, coalesce(c.level::text, '')),
			(2, coalesce(c.occupation_code, '')),
			(3, coalesce(left(co.region_code, 2), ''))
		) v(dim, key)
		WHERE c.status <> 0
	) x
	WHERE x.month IS NOT NULL
	GROUP BY 1, 2, 3, 4
	HAVING sum(x.sign) <> 0
	-- One order for every statement: concurrent grants lock the rows they share in the same order (no deadlock).
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ("month", "dim", "key", "status") DO UPDATE SET "n" = t."n" + excluded."n";
	ELSIF TG_OP = 'DELETE' THEN
	INSERT INTO "certificate_monthly_counts" AS t ("month", "dim", "key", "status", "n")
	SELECT x.month, x.dim, x.key, x.status, sum(x.sign)::int
	FROM (
		SELECT c.sign, c.status, v.dim, v.key,
			date_trunc('month', coalesce(c.issue_date, (c.confirmed_at AT TIME ZONE 'Asia/Shanghai')::date))::date AS month
		FROM (SELECT -1 AS sign, o.status, o.level, o.occupation_code, o.company_id, o.issue_date, o.confirmed_at FROM old_rows o) c
		LEFT JOIN "companies" co ON co.id = c.company_id
		CROSS JOIN LATERAL (VALUES
			(1, coalesce(c.level::text, '')),
			(2, coalesce(c.occupation_code, '')),
			(3, coalesce(left(co.region_code, 2), ''))
		) v(dim, key)
		WHERE c.status <> 0
	) x
	WHERE x.month IS NOT NULL
	GROUP BY 1, 2, 3, 4
	HAVING sum(x.sign) <> 0
	-- One order for every statement: concurrent grants lock the rows they share in the same order (no deadlock).
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ("month", "dim", "key", "status") DO UPDATE SET "n" = t."n" + excluded."n";
	ELSE
	INSERT INTO "certificate_monthly_counts" AS t ("month", "dim", "key", "status", "n")
	SELECT x.month, x.dim, x.key, x.status, sum(x.sign)::int
	FROM (
		SELECT c.sign, c.status, v.dim, v.key,
			date_trunc('month', coalesce(c.issue_date, (c.confirmed_at AT TIME ZONE 'Asia/Shanghai')::date))::date AS month
		FROM (SELECT -1 AS sign, o.status, o.level, o.occupation_code, o.company_id, o.issue_date, o.confirmed_at FROM old_rows o JOIN new_rows n USING (id) WHERE (o.status, o.level, o.occupation_code, o.company_id, o.issue_date, o.confirmed_at) IS DISTINCT FROM (n.status, n.level, n.occupation_code, n.company_id, n.issue_date, n.confirmed_at) UNION ALL SELECT 1 AS sign, n.status, n.level, n.occupation_code, n.company_id, n.issue_date, n.confirmed_at FROM old_rows o JOIN new_rows n USING (id) WHERE (o.status, o.level, o.occupation_code, o.company_id, o.issue_date, o.confirmed_at) IS DISTINCT FROM (n.status, n.level, n.occupation_code, n.company_id, n.issue_date, n.confirmed_at)) c
		LEFT JOIN "companies" co ON co.id = c.company_id
		CROSS JOIN LATERAL (VALUES
			(1, coalesce(c.level::text, '')),
			(2, coalesce(c.occupation_code, '')),
			(3, coalesce(left(co.region_code, 2), ''))
		) v(dim, key)
		WHERE c.status <> 0
	) x
	WHERE x.month IS NOT NULL
	GROUP BY 1, 2, 3, 4
	HAVING sum(x.sign) <> 0
	-- One order for every statement: concurrent grants lock the rows they share in the same order (no deadlock).
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ("month", "dim", "key", "status") DO UPDATE SET "n" = t."n" + excluded."n";
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "certificate_monthly_counts_insert" AFTER INSERT ON "certificates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "certificate_monthly_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "certificate_monthly_counts_update" AFTER UPDATE ON "certificates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "certificate_monthly_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "certificate_monthly_counts_delete" AFTER DELETE ON "certificates" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "certificate_monthly_counts_apply"();--> statement-breakpoint
-- The certificates already issued.
INSERT INTO "certificate_monthly_counts" ("month", "dim", "key", "status", "n")
SELECT x.month, x.dim, x.key, x.status, count(*)::int
FROM (
	SELECT c.status, v.dim, v.key,
		date_trunc('month', coalesce(c.issue_date, (c.confirmed_at AT TIME ZONE 'Asia/Shanghai')::date))::date AS month
	FROM "certificates" c
	LEFT JOIN "companies" co ON co.id = c.company_id
	CROSS JOIN LATERAL (VALUES
		(1, coalesce(c.level::text, '')),
		(2, coalesce(c.occupation_code, '')),
		(3, coalesce(left(co.region_code, 2), ''))
	) v(dim, key)
	WHERE c.status <> 0
) x
WHERE x.month IS NOT NULL
GROUP BY 1, 2, 3, 4;
