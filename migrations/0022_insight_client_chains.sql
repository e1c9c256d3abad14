-- Insights' clients (new, returning, visited, rebooked) without a probe per client: one row
-- per kept booking (not cancelled, not pending), with whether it is a visit (scheduled, confirmed,
-- completed), whether that visit is rebooked (another kept booking of the client's follows it within
-- 60 days) and, for each of three chains of the client's rows in order of day, time and
-- id, the day of the row before it ('' for none): any kept booking (prev_kept), any visit
-- (prev_visit), any rebooked visit (prev_rebooked). A period's distinct clients are then its rows
-- whose row before is older than the period (one per client), counted in one range of an index;
-- a new client's first row has no kept booking before it at all (prev_kept = '').
-- It replaces insight_visits (0020), whose rows and flag it holds. Triggers on bookings keep it: a
-- change to a client's kept booking on a day reads again the rebooked flags of the 60 days up to it,
-- then the chains of the client's rows from those days on. The rows go with their business.
DROP TRIGGER `bookings_insight_visit_insert`;
--> statement-breakpoint
DROP TRIGGER `bookings_insight_visit_delete`;
--> statement-breakpoint
DROP TRIGGER `bookings_insight_visit_update`;
--> statement-breakpoint
DROP TABLE `insight_visits`;
--> statement-breakpoint
CREATE TABLE `insight_kept` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`client_id` text NOT NULL,
	`day` text NOT NULL,
	`time` text NOT NULL,
	`visit` integer NOT NULL,
	`rebooked` integer DEFAULT 0 NOT NULL,
	`prev_kept` text DEFAULT '' NOT NULL,
	`prev_visit` text DEFAULT '' NOT NULL,
	`prev_rebooked` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- A client's rows in order (the triggers' reads).
CREATE INDEX `insight_kept_client` ON `insight_kept` (`business_id`,`client_id`,`day`,`time`,`booking_id`,`visit`,`rebooked`);
--> statement-breakpoint
-- A period's rows with all Insights reads of them (the clients pass).
CREATE INDEX `insight_kept_day` ON `insight_kept` (`business_id`,`day`,`time`,`prev_kept`,`visit`,`prev_visit`,`rebooked`,`prev_rebooked`);
--> statement-breakpoint
INSERT INTO `insight_kept` (`booking_id`, `business_id`, `client_id`, `day`, `time`, `visit`)
SELECT `id`, `business_id`, `client_id`, `booking_date`, `booking_time`, `status` IN ('scheduled', 'confirmed', 'completed')
FROM `bookings` WHERE `status` NOT IN ('cancelled', 'pending');
--> statement-breakpoint
UPDATE `insight_kept` SET `rebooked` = EXISTS (
	SELECT 1 FROM `insight_kept` l WHERE l.`business_id` = `insight_kept`.`business_id` AND l.`client_id` = `insight_kept`.`client_id`
		AND l.`day` BETWEEN `insight_kept`.`day` AND date(`insight_kept`.`day`, '+60 days')
		AND (l.`day` > `insight_kept`.`day` OR l.`time` > `insight_kept`.`time`))
WHERE `visit` = 1;
--> statement-breakpoint
UPDATE `insight_kept` SET
		`prev_kept` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`))), ''),
		`prev_visit` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`visit` = 1), ''),
		`prev_rebooked` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`rebooked` = 1), '')
	WHERE 1;
--> statement-breakpoint
CREATE TRIGGER `bookings_insight_kept_insert` AFTER INSERT ON `bookings` WHEN NEW.`status` NOT IN ('cancelled', 'pending') BEGIN
	INSERT INTO `insight_kept` (`booking_id`, `business_id`, `client_id`, `day`, `time`, `visit`)
	SELECT NEW.`id`, NEW.`business_id`, NEW.`client_id`, NEW.`booking_date`, NEW.`booking_time`, NEW.`status` IN ('scheduled', 'confirmed', 'completed')
	WHERE NEW.`status` NOT IN ('cancelled', 'pending');
	UPDATE `insight_kept` SET `rebooked` = EXISTS (
		SELECT 1 FROM `insight_kept` l WHERE l.`business_id` = `insight_kept`.`business_id` AND l.`client_id` = `insight_kept`.`client_id`
			AND l.`day` BETWEEN `insight_kept`.`day` AND date(`insight_kept`.`day`, '+60 days')
			AND (l.`day` > `insight_kept`.`day` OR l.`time` > `insight_kept`.`time`))
	WHERE `visit` = 1 AND `business_id` = NEW.`business_id` AND `client_id` = NEW.`client_id`
		AND `day` BETWEEN date(NEW.`booking_date`, '-60 days') AND NEW.`booking_date`;
	UPDATE `insight_kept` SET
		`prev_kept` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`))), ''),
		`prev_visit` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`visit` = 1), ''),
		`prev_rebooked` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`rebooked` = 1), '')
	WHERE `business_id` = NEW.`business_id` AND `client_id` = NEW.`client_id` AND `day` >= date(NEW.`booking_date`, '-60 days');
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_insight_kept_delete` AFTER DELETE ON `bookings` WHEN OLD.`status` NOT IN ('cancelled', 'pending') BEGIN
	DELETE FROM `insight_kept` WHERE `booking_id` = OLD.`id`;
	UPDATE `insight_kept` SET `rebooked` = EXISTS (
		SELECT 1 FROM `insight_kept` l WHERE l.`business_id` = `insight_kept`.`business_id` AND l.`client_id` = `insight_kept`.`client_id`
			AND l.`day` BETWEEN `insight_kept`.`day` AND date(`insight_kept`.`day`, '+60 days')
			AND (l.`day` > `insight_kept`.`day` OR l.`time` > `insight_kept`.`time`))
	WHERE `visit` = 1 AND `business_id` = OLD.`business_id` AND `client_id` = OLD.`client_id`
		AND `day` BETWEEN date(OLD.`booking_date`, '-60 days') AND OLD.`booking_date`;
	UPDATE `insight_kept` SET
		`prev_kept` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`))), ''),
		`prev_visit` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`visit` = 1), ''),
		`prev_rebooked` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`rebooked` = 1), '')
	WHERE `business_id` = OLD.`business_id` AND `client_id` = OLD.`client_id` AND `day` >= date(OLD.`booking_date`, '-60 days');
END;
--> statement-breakpoint
-- A change that moves a kept booking (or makes one kept or not) takes the old row out and puts the
-- new one in, then reads again around both places.
CREATE TRIGGER `bookings_insight_kept_update` AFTER UPDATE OF `business_id`, `client_id`, `booking_date`, `booking_time`, `status` ON `bookings`
WHEN (OLD.`status` NOT IN ('cancelled', 'pending') OR NEW.`status` NOT IN ('cancelled', 'pending')) AND (OLD.`business_id` IS NOT NEW.`business_id`
	OR OLD.`client_id` IS NOT NEW.`client_id` OR OLD.`booking_date` IS NOT NEW.`booking_date` OR OLD.`booking_time` IS NOT NEW.`booking_time`
	OR (OLD.`status` IN ('scheduled', 'confirmed', 'completed')) IS NOT (NEW.`status` IN ('scheduled', 'confirmed', 'completed')) OR (OLD.`status` IN ('cancelled', 'pending')) IS NOT (NEW.`status` IN ('cancelled', 'pending')))
BEGIN
	DELETE FROM `insight_kept` WHERE `booking_id` = OLD.`id`;
	INSERT INTO `insight_kept` (`booking_id`, `business_id`, `client_id`, `day`, `time`, `visit`)
	SELECT NEW.`id`, NEW.`business_id`, NEW.`client_id`, NEW.`booking_date`, NEW.`booking_time`, NEW.`status` IN ('scheduled', 'confirmed', 'completed')
	WHERE NEW.`status` NOT IN ('cancelled', 'pending');
	UPDATE `insight_kept` SET `rebooked` = EXISTS (
		SELECT 1 FROM `insight_kept` l WHERE l.`business_id` = `insight_kept`.`business_id` AND l.`client_id` = `insight_kept`.`client_id`
			AND l.`day` BETWEEN `insight_kept`.`day` AND date(`insight_kept`.`day`, '+60 days')
			AND (l.`day` > `insight_kept`.`day` OR l.`time` > `insight_kept`.`time`))
	WHERE `visit` = 1 AND `business_id` = OLD.`business_id` AND `client_id` = OLD.`client_id`
		AND `day` BETWEEN date(OLD.`booking_date`, '-60 days') AND OLD.`booking_date`;
	UPDATE `insight_kept` SET `rebooked` = EXISTS (
		SELECT 1 FROM `insight_kept` l WHERE l.`business_id` = `insight_kept`.`business_id` AND l.`client_id` = `insight_kept`.`client_id`
			AND l.`day` BETWEEN `insight_kept`.`day` AND date(`insight_kept`.`day`, '+60 days')
			AND (l.`day` > `insight_kept`.`day` OR l.`time` > `insight_kept`.`time`))
	WHERE `visit` = 1 AND `business_id` = NEW.`business_id` AND `client_id` = NEW.`client_id`
		AND `day` BETWEEN date(NEW.`booking_date`, '-60 days') AND NEW.`booking_date`;
	UPDATE `insight_kept` SET
		`prev_kept` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`))), ''),
		`prev_visit` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`visit` = 1), ''),
		`prev_rebooked` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`rebooked` = 1), '')
	WHERE `business_id` = OLD.`business_id` AND `client_id` = OLD.`client_id` AND `day` >= date(OLD.`booking_date`, '-60 days');
	UPDATE `insight_kept` SET
		`prev_kept` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`))), ''),
		`prev_visit` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`visit` = 1), ''),
		`prev_rebooked` = coalesce((SELECT max(p.`day`) FROM `insight_kept` p WHERE p.`business_id` = `insight_kept`.`business_id` AND p.`client_id` = `insight_kept`.`client_id` AND p.`day` <= `insight_kept`.`day`
			AND (p.`day` < `insight_kept`.`day` OR p.`time` < `insight_kept`.`time` OR (p.`time` = `insight_kept`.`time` AND p.`booking_id` < `insight_kept`.`booking_id`)) AND p.`rebooked` = 1), '')
	WHERE `business_id` = NEW.`business_id` AND `client_id` = NEW.`client_id` AND `day` >= date(NEW.`booking_date`, '-60 days');
END;
