ALTER TABLE `auth_sessions` ADD `binding_hash` text;--> statement-breakpoint
CREATE INDEX `auth_sessions_expires` ON `auth_sessions` (`expires_at`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `message_retention_days` integer DEFAULT 180 NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_created` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_window` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE INDEX `verifications_expires` ON `verifications` (`expires_at`);--> statement-breakpoint
CREATE INDEX `wa_messages_business_time` ON `wa_messages` (`business_id`,`timestamp`);