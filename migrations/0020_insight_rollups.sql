-- Insights over a year (issue 31) read per-day sums of the bookings instead of every booking row:
-- per day and status (the summary), per day and start hour (the busiest times) and per day and
-- service (the services). Triggers on bookings keep them as bookings are added, changed and
-- deleted, so every path that writes a booking keeps them right; a booking's write adds a few
-- small upserts. The rows go with their business (its cascade). What depends on other tables or
-- on now is read live beside them (expired holds, accepted proposals, today's started bookings,
-- late cancellations: see insights.server.ts).
CREATE TABLE `insight_days` (
	`business_id` text NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`cents` integer DEFAULT 0 NOT NULL,
	`sync` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`business_id`, `day`, `status`),
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `insight_hours` (
	`business_id` text NOT NULL,
	`day` text NOT NULL,
	`hour` integer NOT NULL,
	`kept` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`business_id`, `day`, `hour`),
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `insight_services` (
	`business_id` text NOT NULL,
	`day` text NOT NULL,
	`service` text NOT NULL,
	`kept` integer DEFAULT 0 NOT NULL,
	`cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`business_id`, `day`, `service`),
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- Late cancellations are read live (their test needs the zone's offset): only cancelled rows.
CREATE INDEX `bookings_business_cancelled` ON `bookings` (`business_id`,`booking_date`,`booking_time`,`updated_at`) WHERE `status` = 'cancelled';
--> statement-breakpoint
-- So are the bookings of expired booking-link holds (they count nowhere): taken out of the sums.
CREATE INDEX `booking_holds_business_expired` ON `booking_holds` (`business_id`, `booking_id`) WHERE `state` = 'expired';
--> statement-breakpoint
INSERT INTO `insight_days` (`business_id`, `day`, `status`, `bookings`, `cents`, `sync`)
SELECT `business_id`, `booking_date`, `status`, count(*), sum(coalesce(`price_cents`, 0)), sum(`source` = 'sync')
FROM `bookings` GROUP BY `business_id`, `booking_date`, `status`;
--> statement-breakpoint
INSERT INTO `insight_hours` (`business_id`, `day`, `hour`, `kept`)
SELECT `business_id`, `booking_date`, CAST(substr(`booking_time`, 1, 2) AS INTEGER), count(*)
FROM `bookings` WHERE `status` NOT IN ('cancelled', 'pending') GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `insight_services` (`business_id`, `day`, `service`, `kept`, `cents`)
SELECT `business_id`, `booking_date`, `service`, count(*),
  sum(CASE WHEN `status` IN ('scheduled', 'confirmed', 'completed') THEN coalesce(`price_cents`, 0) ELSE 0 END)
FROM `bookings` WHERE `status` NOT IN ('cancelled', 'pending') GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `bookings_insight_insert` AFTER INSERT ON `bookings` BEGIN
	INSERT INTO `insight_days` (`business_id`, `day`, `status`, `bookings`, `cents`, `sync`)
	VALUES (NEW.`business_id`, NEW.`booking_date`, NEW.`status`, 1, coalesce(NEW.`price_cents`, 0), NEW.`source` = 'sync')
	ON CONFLICT DO UPDATE SET `bookings` = `bookings` + 1, `cents` = `cents` + excluded.`cents`, `sync` = `sync` + excluded.`sync`;
	INSERT INTO `insight_hours` (`business_id`, `day`, `hour`, `kept`)
	SELECT NEW.`business_id`, NEW.`booking_date`, CAST(substr(NEW.`booking_time`, 1, 2) AS INTEGER), 1
	WHERE NEW.`status` NOT IN ('cancelled', 'pending')
	ON CONFLICT DO UPDATE SET `kept` = `kept` + 1;
	INSERT INTO `insight_services` (`business_id`, `day`, `service`, `kept`, `cents`)
	SELECT NEW.`business_id`, NEW.`booking_date`, NEW.`service`, 1,
		CASE WHEN NEW.`status` IN ('scheduled', 'confirmed', 'completed') THEN coalesce(NEW.`price_cents`, 0) ELSE 0 END
	WHERE NEW.`status` NOT IN ('cancelled', 'pending')
	ON CONFLICT DO UPDATE SET `kept` = `kept` + 1, `cents` = `cents` + excluded.`cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_insight_delete` AFTER DELETE ON `bookings` BEGIN
	UPDATE `insight_days` SET `bookings` = `bookings` - 1, `cents` = `cents` - coalesce(OLD.`price_cents`, 0), `sync` = `sync` - (OLD.`source` = 'sync')
	WHERE `business_id` = OLD.`business_id` AND `day` = OLD.`booking_date` AND `status` = OLD.`status`;
	UPDATE `insight_hours` SET `kept` = `kept` - 1
	WHERE OLD.`status` NOT IN ('cancelled', 'pending')
		AND `business_id` = OLD.`business_id` AND `day` = OLD.`booking_date` AND `hour` = CAST(substr(OLD.`booking_time`, 1, 2) AS INTEGER);
	UPDATE `insight_services` SET `kept` = `kept` - 1,
		`cents` = `cents` - CASE WHEN OLD.`status` IN ('scheduled', 'confirmed', 'completed') THEN coalesce(OLD.`price_cents`, 0) ELSE 0 END
	WHERE OLD.`status` NOT IN ('cancelled', 'pending')
		AND `business_id` = OLD.`business_id` AND `day` = OLD.`booking_date` AND `service` = OLD.`service`;
END;
--> statement-breakpoint
-- A change that moves a booking in the sums takes the old row's part out and puts the new one's in.
CREATE TRIGGER `bookings_insight_update` AFTER UPDATE OF `business_id`, `booking_date`, `booking_time`, `service`, `status`, `price_cents`, `source` ON `bookings`
WHEN OLD.`business_id` IS NOT NEW.`business_id` OR OLD.`booking_date` IS NOT NEW.`booking_date` OR OLD.`booking_time` IS NOT NEW.`booking_time`
	OR OLD.`service` IS NOT NEW.`service` OR OLD.`status` IS NOT NEW.`status` OR OLD.`price_cents` IS NOT NEW.`price_cents` OR OLD.`source` IS NOT NEW.`source`
BEGIN
	UPDATE `insight_days` SET `bookings` = `bookings` - 1, `cents` = `cents` - coalesce(OLD.`price_cents`, 0), `sync` = `sync` - (OLD.`source` = 'sync')
	WHERE `business_id` = OLD.`business_id` AND `day` = OLD.`booking_date` AND `status` = OLD.`status`;
	UPDATE `insight_hours` SET `kept` = `kept` - 1
	WHERE OLD.`status` NOT IN ('cancelled', 'pending')
		AND `business_id` = OLD.`business_id` AND `day` = OLD.`booking_date` AND `hour` = CAST(substr(OLD.`booking_time`, 1, 2) AS INTEGER);
	UPDATE `insight_services` SET `kept` = `kept` - 1,
		`cents` = `cents` - CASE WHEN OLD.`status` IN ('scheduled', 'confirmed', 'completed') THEN coalesce(OLD.`price_cents`, 0) ELSE 0 END
	WHERE OLD.`status` NOT IN ('cancelled', 'pending')
		AND `business_id` = OLD.`business_id` AND `day` = OLD.`booking_date` AND `service` = OLD.`service`;
	INSERT INTO `insight_days` (`business_id`, `day`, `status`, `bookings`, `cents`, `sync`)
	VALUES (NEW.`business_id`, NEW.`booking_date`, NEW.`status`, 1, coalesce(NEW.`price_cents`, 0), NEW.`source` = 'sync')
	ON CONFLICT DO UPDATE SET `bookings` = `bookings` + 1, `cents` = `cents` + excluded.`cents`, `sync` = `sync` + excluded.`sync`;
	INSERT INTO `insight_hours` (`business_id`, `day`, `hour`, `kept`)
	SELECT NEW.`business_id`, NEW.`booking_date`, CAST(substr(NEW.`booking_time`, 1, 2) AS INTEGER), 1
	WHERE NEW.`status` NOT IN ('cancelled', 'pending')
	ON CONFLICT DO UPDATE SET `kept` = `kept` + 1;
	INSERT INTO `insight_services` (`business_id`, `day`, `service`, `kept`, `cents`)
	SELECT NEW.`business_id`, NEW.`booking_date`, NEW.`service`, 1,
		CASE WHEN NEW.`status` IN ('scheduled', 'confirmed', 'completed') THEN coalesce(NEW.`price_cents`, 0) ELSE 0 END
	WHERE NEW.`status` NOT IN ('cancelled', 'pending')
	ON CONFLICT DO UPDATE SET `kept` = `kept` + 1, `cents` = `cents` + excluded.`cents`;
END;
--> statement-breakpoint
-- Rebookings: each visit (a scheduled, confirmed or completed booking) with whether another kept
-- booking of its client follows it within 60 days. A change to a client's kept booking on a day
-- can only change the visits of the 60 days up to it: the triggers read those again.
-- (0022 replaces this table with insight_kept.)
CREATE TABLE `insight_visits` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`client_id` text NOT NULL,
	`day` text NOT NULL,
	`time` text NOT NULL,
	`rebooked` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `insight_visits_client` ON `insight_visits` (`business_id`,`client_id`,`day`,`time`,`rebooked`);
--> statement-breakpoint
INSERT INTO `insight_visits` (`booking_id`, `business_id`, `client_id`, `day`, `time`, `rebooked`)
SELECT b.`id`, b.`business_id`, b.`client_id`, b.`booking_date`, b.`booking_time`, EXISTS (
	SELECT 1 FROM `bookings` l WHERE l.`business_id` = b.`business_id` AND l.`client_id` = b.`client_id` AND l.`status` NOT IN ('cancelled', 'pending')
		AND l.`booking_date` BETWEEN b.`booking_date` AND date(b.`booking_date`, '+60 days')
		AND (l.`booking_date` > b.`booking_date` OR l.`booking_time` > b.`booking_time`))
FROM `bookings` b WHERE b.`status` IN ('scheduled', 'confirmed', 'completed');
--> statement-breakpoint
CREATE TRIGGER `bookings_insight_visit_insert` AFTER INSERT ON `bookings` BEGIN
	INSERT INTO `insight_visits` (`booking_id`, `business_id`, `client_id`, `day`, `time`)
	SELECT NEW.`id`, NEW.`business_id`, NEW.`client_id`, NEW.`booking_date`, NEW.`booking_time`
	WHERE NEW.`status` IN ('scheduled', 'confirmed', 'completed');
	UPDATE `insight_visits` SET `rebooked` = EXISTS (
		SELECT 1 FROM `bookings` l WHERE l.`business_id` = `insight_visits`.`business_id` AND l.`client_id` = `insight_visits`.`client_id`
			AND l.`status` NOT IN ('cancelled', 'pending') AND l.`booking_date` BETWEEN `insight_visits`.`day` AND date(`insight_visits`.`day`, '+60 days')
			AND (l.`booking_date` > `insight_visits`.`day` OR l.`booking_time` > `insight_visits`.`time`))
	WHERE NEW.`status` NOT IN ('cancelled', 'pending') AND `business_id` = NEW.`business_id` AND `client_id` = NEW.`client_id`
		AND `day` BETWEEN date(NEW.`booking_date`, '-60 days') AND NEW.`booking_date`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_insight_visit_delete` AFTER DELETE ON `bookings` BEGIN
	DELETE FROM `insight_visits` WHERE `booking_id` = OLD.`id`;
	UPDATE `insight_visits` SET `rebooked` = EXISTS (
		SELECT 1 FROM `bookings` l WHERE l.`business_id` = `insight_visits`.`business_id` AND l.`client_id` = `insight_visits`.`client_id`
			AND l.`status` NOT IN ('cancelled', 'pending') AND l.`booking_date` BETWEEN `insight_visits`.`day` AND date(`insight_visits`.`day`, '+60 days')
			AND (l.`booking_date` > `insight_visits`.`day` OR l.`booking_time` > `insight_visits`.`time`))
	WHERE OLD.`status` NOT IN ('cancelled', 'pending') AND `business_id` = OLD.`business_id` AND `client_id` = OLD.`client_id`
		AND `day` BETWEEN date(OLD.`booking_date`, '-60 days') AND OLD.`booking_date`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_insight_visit_update` AFTER UPDATE OF `business_id`, `client_id`, `booking_date`, `booking_time`, `status` ON `bookings`
WHEN OLD.`business_id` IS NOT NEW.`business_id` OR OLD.`client_id` IS NOT NEW.`client_id` OR OLD.`booking_date` IS NOT NEW.`booking_date`
	OR OLD.`booking_time` IS NOT NEW.`booking_time` OR OLD.`status` IS NOT NEW.`status`
BEGIN
	DELETE FROM `insight_visits` WHERE `booking_id` = OLD.`id`;
	INSERT INTO `insight_visits` (`booking_id`, `business_id`, `client_id`, `day`, `time`)
	SELECT NEW.`id`, NEW.`business_id`, NEW.`client_id`, NEW.`booking_date`, NEW.`booking_time`
	WHERE NEW.`status` IN ('scheduled', 'confirmed', 'completed');
	UPDATE `insight_visits` SET `rebooked` = EXISTS (
		SELECT 1 FROM `bookings` l WHERE l.`business_id` = `insight_visits`.`business_id` AND l.`client_id` = `insight_visits`.`client_id`
			AND l.`status` NOT IN ('cancelled', 'pending') AND l.`booking_date` BETWEEN `insight_visits`.`day` AND date(`insight_visits`.`day`, '+60 days')
			AND (l.`booking_date` > `insight_visits`.`day` OR l.`booking_time` > `insight_visits`.`time`))
	WHERE `business_id` = OLD.`business_id` AND `client_id` = OLD.`client_id` AND `day` BETWEEN date(OLD.`booking_date`, '-60 days') AND OLD.`booking_date`;
	UPDATE `insight_visits` SET `rebooked` = EXISTS (
		SELECT 1 FROM `bookings` l WHERE l.`business_id` = `insight_visits`.`business_id` AND l.`client_id` = `insight_visits`.`client_id`
			AND l.`status` NOT IN ('cancelled', 'pending') AND l.`booking_date` BETWEEN `insight_visits`.`day` AND date(`insight_visits`.`day`, '+60 days')
			AND (l.`booking_date` > `insight_visits`.`day` OR l.`booking_time` > `insight_visits`.`time`))
	WHERE `business_id` = NEW.`business_id` AND `client_id` = NEW.`client_id` AND `day` BETWEEN date(NEW.`booking_date`, '-60 days') AND NEW.`booking_date`;
END;
