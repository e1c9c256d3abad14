-- Drafted replies (issue 27): a customer asked for free time, and a reply offering free slots
-- from the calendar waits for the owner's Send or Dismiss. `slots` is JSON [{date, time}].
CREATE TABLE `drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`chat_id` text NOT NULL,
	`client_name` text DEFAULT '' NOT NULL,
	`client_phone` text NOT NULL,
	`question` text DEFAULT '' NOT NULL,
	`service` text,
	`lang` text DEFAULT 'en' NOT NULL,
	`text` text NOT NULL,
	`slots` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drafts_business_status_created` ON `drafts` (`business_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `drafts_business_chat_status` ON `drafts` (`business_id`,`chat_id`,`status`);
