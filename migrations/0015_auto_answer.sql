-- Answer for me (issue 27): the owner's switch that sends a drafted reply by itself, and on
-- each draft the business-local day it was sent automatically (null: not sent by itself), which
-- caps the automatic answers of a chat per day.
ALTER TABLE `businesses` ADD `auto_answer` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `drafts` ADD `auto_day` text;--> statement-breakpoint
CREATE INDEX `drafts_business_chat_auto_day` ON `drafts` (`business_id`,`chat_id`,`auto_day`);
