CREATE TABLE `campaign_senders` (
	`campaign_id` text NOT NULL,
	`account_id` text NOT NULL,
	`is_default` integer NOT NULL,
	`ord` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `account_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `sender_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`daily_limit` integer,
	`stop_on_reply` integer,
	`open_tracking` integer,
	`signature` text,
	`skip_other_campaigns` integer,
	`operating_hours` text,
	`account_limits` text NOT NULL,
	`stat_total` integer DEFAULT 0 NOT NULL,
	`stat_sent` integer DEFAULT 0 NOT NULL,
	`stat_replied` integer DEFAULT 0 NOT NULL,
	`stat_bounced` integer DEFAULT 0 NOT NULL,
	`stat_completed` integer DEFAULT 0 NOT NULL,
	`stat_timed_out` integer DEFAULT 0 NOT NULL,
	`stat_connection_sent` integer DEFAULT 0 NOT NULL,
	`stat_connected` integer DEFAULT 0 NOT NULL,
	`stat_message_sent` integer DEFAULT 0 NOT NULL,
	`launch_run_id` text,
	`launched_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaigns_user` ON `campaigns` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`email` text,
	`linkedin_url` text,
	`first_name` text,
	`last_name` text,
	`company` text,
	`title` text,
	`custom_fields` text NOT NULL,
	`status` text NOT NULL,
	`current_position` integer DEFAULT 0 NOT NULL,
	`next_run_at` integer,
	`sender_account_id` text,
	`connected_at` integer,
	`replied_at` integer,
	`last_sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leads_due` ON `leads` (`campaign_id`,`status`,`next_run_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `leads_campaign_email` ON `leads` (`campaign_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `leads_campaign_linkedin` ON `leads` (`campaign_id`,`linkedin_url`);--> statement-breakpoint
CREATE TABLE `sends` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`lead_id` text NOT NULL,
	`node_id` text NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sends_once` ON `sends` (`lead_id`,`node_id`);--> statement-breakpoint
CREATE INDEX `sends_campaign_time` ON `sends` (`campaign_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `sequence_nodes` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`type` text NOT NULL,
	`position` integer NOT NULL,
	`subject` text,
	`body` text,
	`signature` text,
	`include_message` integer,
	`is_reply` integer,
	`delay_days` integer,
	`delay_hours` integer,
	`delay_minutes` integer,
	`ai_node` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sequence_nodes_campaign` ON `sequence_nodes` (`campaign_id`,`position`);