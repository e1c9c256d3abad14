-- Changes asked in the chat (issue 27): a proposal is a new booking ("booking", every
-- proposal so far) or a change to the client's upcoming booking (`booking_id`): a
-- "reschedule" to `date`/`time`, "late" (`late_minutes` when said) or "cancel".
-- `from_date`/`from_time` keep the booking's time when the change was proposed. The
-- unique index that proposes a booking once now counts the kind, so a cancellation of
-- a booking that was itself proposed is not taken for the same proposal.
ALTER TABLE `proposals` ADD `kind` text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE `proposals` ADD `from_date` text;--> statement-breakpoint
ALTER TABLE `proposals` ADD `from_time` text;--> statement-breakpoint
ALTER TABLE `proposals` ADD `late_minutes` integer;--> statement-breakpoint
DROP INDEX `proposals_business_booking`;--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_business_booking` ON `proposals` (`business_id`,`client_phone`,lower("service"),`date`,`time`,`kind`);
