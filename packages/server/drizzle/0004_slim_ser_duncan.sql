CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text,
	`user_id` text,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_partner` ON `events` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `research_people` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`user_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`linkedin_url` text NOT NULL,
	`role` text,
	`company` text,
	`company_domain` text,
	`photo_url` text,
	`status` text NOT NULL,
	`run` integer DEFAULT 0 NOT NULL,
	`last_enriched_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `research_people_partner_url` ON `research_people` (`partner_id`,`linkedin_url`);--> statement-breakpoint
CREATE TABLE `research_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`person_id` text NOT NULL,
	`version` integer NOT NULL,
	`report` text NOT NULL,
	`change_summary` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `research_people`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `research_reports_version` ON `research_reports` (`person_id`,`version`);