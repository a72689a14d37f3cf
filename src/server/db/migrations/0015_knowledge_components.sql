CREATE TABLE "knowledge_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"unit_id" uuid,
	"lesson_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_components" ADD CONSTRAINT "knowledge_components_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_components" ADD CONSTRAINT "knowledge_components_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_components" ADD CONSTRAINT "knowledge_components_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_components_code_uq" ON "knowledge_components" USING btree ("publication_id","code");--> statement-breakpoint
CREATE INDEX "knowledge_components_tenant_code_idx" ON "knowledge_components" USING btree ("tenant_id","code");