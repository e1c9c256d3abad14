DROP INDEX `scheduled_messages_rule_booking`;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `kind` text DEFAULT 'rule' NOT NULL;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `body` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `reply_text` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `reply_action` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `reply_message_id` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `replied_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_messages_rule_booking_kind` ON `scheduled_messages` (`rule_id`,`booking_id`,`kind`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `message_lang` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `send_gap_seconds` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `quiet_start` text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `quiet_end` text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `clients` ADD `awaiting_reply_at` integer;--> statement-breakpoint
ALTER TABLE `clients` ADD `awaiting_reply_text` text;--> statement-breakpoint
ALTER TABLE `rules` ADD `ask_confirmation` integer DEFAULT false NOT NULL;