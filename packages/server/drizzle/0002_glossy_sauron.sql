CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`direction` text NOT NULL,
	`channel` text NOT NULL,
	`subject` text,
	`body_text` text NOT NULL,
	`body_html` text,
	`from_address` text,
	`to` text NOT NULL,
	`cc` text NOT NULL,
	`bcc` text NOT NULL,
	`attachments` text NOT NULL,
	`one_off` integer DEFAULT false NOT NULL,
	`provider_message_id` text,
	`in_reply_to` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_thread` ON `messages` (`thread_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_provider_id` ON `messages` (`provider_message_id`);--> statement-breakpoint
CREATE TABLE `threads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`status` text NOT NULL,
	`inbox_state` text NOT NULL,
	`subject` text,
	`account_id` text,
	`campaign_id` text,
	`recipient_email` text,
	`recipient_name` text,
	`recipient_profile_url` text,
	`outbound_count` integer DEFAULT 0 NOT NULL,
	`inbound_count` integer DEFAULT 0 NOT NULL,
	`has_one_off` integer DEFAULT false NOT NULL,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `sender_accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `threads_user_recent` ON `threads` (`user_id`,`last_message_at`);