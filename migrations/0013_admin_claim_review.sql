CREATE TABLE "admin_claim" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "admin_claim" ADD CONSTRAINT "admin_claim_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_claim" ADD CONSTRAINT "admin_claim_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_claim_user_idx" ON "admin_claim" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "admin_claim_session_idx" ON "admin_claim" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "admin_audit_flagged_idx" ON "admin_audit" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "admin_audit"."flagged_at" is not null and "admin_audit"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "admin_audit_actor_grants_idx" ON "admin_audit" USING btree ("actor_id") WHERE "admin_audit"."action" = 'grant-admin';