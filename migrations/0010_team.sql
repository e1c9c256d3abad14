-- The team: each member is a calendar with their own hours (null: the business's), services (empty: all) and colour.
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`working_hours` text,
	`services` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `members_business_position` ON `members` (`business_id`,`position`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `member_id` text REFERENCES members(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `time_off` ADD `member_id` text REFERENCES members(id) ON DELETE cascade;--> statement-breakpoint
-- Every existing business gets its owner as its first member, and the owner's calendar takes every booking so far.
INSERT INTO `members` (`id`, `business_id`, `name`, `color`, `position`)
SELECT 'mem_' || lower(hex(randomblob(12))), b.`id`, coalesce(nullif(trim(u.`name`), ''), nullif(trim(b.`name`), ''), 'Owner'), '#1D4ED8', 0
FROM `businesses` b LEFT JOIN `users` u ON u.`id` = b.`owner_user_id`;--> statement-breakpoint
UPDATE `bookings` SET `member_id` = (SELECT m.`id` FROM `members` m WHERE m.`business_id` = `bookings`.`business_id`);
