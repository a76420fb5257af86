DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("priority" DESC NULLS LAST,"run_at","id") WHERE status in ('pending', 'running');