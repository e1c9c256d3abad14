-- One-off sends (issues 27 and 30): a scheduled message may exist without a rule
-- (a drafted reply the owner sent, the booking page's answers to a customer, later a
-- freed-slot offer), and without a booking where it has none. Such a row carries its own
-- text (`body`), its recipient (`to_phone`, and `to_chat_id`: the chat the customer wrote
-- from) and a reference unique per kind (`ref`: the draft's id, "<booking>:thanks"), so a
-- double tap or a repeated webhook queues it once. SQLite cannot drop NOT NULL in place:
-- the table is rebuilt with every row, index and foreign key (nothing references it).
CREATE TABLE `__new_scheduled_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`rule_id` text,
	`booking_id` text,
	`kind` text DEFAULT 'rule' NOT NULL,
	`body` text,
	`ref` text,
	`to_phone` text,
	`to_chat_id` text,
	`origin` text DEFAULT 'business' NOT NULL,
	`budget_day` text,
	`ack` integer,
	`reply_text` text,
	`reply_action` text,
	`reply_message_id` text,
	`replied_at` integer,
	`send_date` text NOT NULL,
	`send_time` text,
	`send_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`provider_message_id` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_scheduled_messages` (`id`, `business_id`, `rule_id`, `booking_id`, `kind`, `body`, `origin`, `budget_day`, `ack`, `reply_text`,
	`reply_action`, `reply_message_id`, `replied_at`, `send_date`, `send_time`, `send_at`, `status`, `attempts`, `failures`, `last_error`,
	`provider_message_id`, `sent_at`, `created_at`, `updated_at`)
SELECT `id`, `business_id`, `rule_id`, `booking_id`, `kind`, `body`, `origin`, `budget_day`, `ack`, `reply_text`,
	`reply_action`, `reply_message_id`, `replied_at`, `send_date`, `send_time`, `send_at`, `status`, `attempts`, `failures`, `last_error`,
	`provider_message_id`, `sent_at`, `created_at`, `updated_at` FROM `scheduled_messages`;
--> statement-breakpoint
DROP TABLE `scheduled_messages`;--> statement-breakpoint
ALTER TABLE `__new_scheduled_messages` RENAME TO `scheduled_messages`;--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_messages_rule_booking_kind` ON `scheduled_messages` (`rule_id`,`booking_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_messages_kind_ref` ON `scheduled_messages` (`kind`,`ref`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_due` ON `scheduled_messages` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_booking` ON `scheduled_messages` (`booking_id`,`status`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_rule` ON `scheduled_messages` (`business_id`,`rule_id`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_provider` ON `scheduled_messages` (`business_id`,`provider_message_id`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_budget` ON `scheduled_messages` (`business_id`,`budget_day`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_sent` ON `scheduled_messages` (`business_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_business_status` ON `scheduled_messages` (`business_id`,`status`);
