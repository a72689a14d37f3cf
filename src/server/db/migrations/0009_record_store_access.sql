ALTER TABLE "xapi_statements" DROP CONSTRAINT "xapi_statements_pkey";--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD CONSTRAINT "xapi_statements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "lrs_credentials" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD COLUMN "course_id" uuid;--> statement-breakpoint
CREATE INDEX "lrs_credentials_registration_idx" ON "lrs_credentials" USING btree ("tenant_id","registration");--> statement-breakpoint
CREATE INDEX "scorm_attempts_registration_idx" ON "scorm_attempts" USING btree ("tenant_id","registration");--> statement-breakpoint
CREATE INDEX "xapi_statements_actor_user_idx" ON "xapi_statements" USING btree ("tenant_id","actor_user_id");--> statement-breakpoint
CREATE INDEX "xapi_statements_course_idx" ON "xapi_statements" USING btree ("tenant_id","course_id");--> statement-breakpoint
CREATE INDEX "xapi_statements_credential_idx" ON "xapi_statements" USING btree ("tenant_id","credential_id");--> statement-breakpoint
CREATE INDEX "assessment_attempts_registration_idx" ON "assessment_attempts" USING btree ("tenant_id","registration");--> statement-breakpoint
-- ADR 0016: integration credentials minted before scopes existed read and wrote the whole tenant; they keep it.
UPDATE "lrs_credentials" SET "scopes" = '{all}' WHERE "user_id" IS NULL;--> statement-breakpoint
-- The platform user each stored statement is about (an account whose name is a user of its tenant).
UPDATE "xapi_statements" s SET "actor_user_id" = u."id" FROM "users" u
  WHERE s."actor_key" LIKE 'account:%' AND u."tenant_id" = s."tenant_id"
    AND u."id"::text = substring(s."actor_key" from '\|([0-9a-f-]{36})$');--> statement-breakpoint
-- The class of each stored statement whose registration is a launch of its actor.
UPDATE "xapi_statements" s SET "course_id" = l."course_id" FROM (
    SELECT "tenant_id", "registration", "course_id", "user_id" FROM "lrs_credentials"
      WHERE "registration" IS NOT NULL AND "course_id" IS NOT NULL AND "user_id" IS NOT NULL
    UNION SELECT "tenant_id", "registration", "course_id", "user_id" FROM "scorm_attempts"
    UNION SELECT "tenant_id", "registration", "course_id", "user_id" FROM "assessment_attempts"
  ) l
  WHERE l."tenant_id" = s."tenant_id" AND l."registration" = s."registration" AND l."user_id" = s."actor_user_id";
