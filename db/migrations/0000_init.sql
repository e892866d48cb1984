CREATE TABLE `admin_session` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_active_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `admin_user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_session_user_idx` ON `admin_session` (`user_id`);--> statement-breakpoint
CREATE TABLE `admin_user` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_user_email_unique` ON `admin_user` (`email`);--> statement-breakpoint
CREATE TABLE `alternatives` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`alternative_id` integer NOT NULL,
	`sustainability_score` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alternative_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "alternatives_not_self" CHECK("alternatives"."company_id" <> "alternatives"."alternative_id"),
	CONSTRAINT "alternatives_score_range" CHECK("alternatives"."sustainability_score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alternatives_pair_idx` ON `alternatives` (`company_id`,`alternative_id`);--> statement-breakpoint
CREATE INDEX `alternatives_alternative_idx` ON `alternatives` (`alternative_id`);--> statement-breakpoint
CREATE TABLE `auth_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`ip` text NOT NULL,
	`outcome` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_log_created_idx` ON `auth_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `auth_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_failure_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `category` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_de` text,
	`name_fr` text,
	`slug` text NOT NULL,
	`image_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_slug_unique` ON `category` (`slug`);--> statement-breakpoint
CREATE TABLE `certification` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`description_de` text,
	`description_fr` text,
	`icon_type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "certification_icon_type_check" CHECK("certification"."icon_type" IN ('green','blue','purple','orange','red'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certification_name_unique` ON `certification` (`name`);--> statement-breakpoint
CREATE TABLE `company` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`country` text NOT NULL,
	`website_url` text,
	`description` text DEFAULT '' NOT NULL,
	`description_de` text,
	`description_fr` text,
	`founded_year` integer,
	`is_unicorn` integer DEFAULT false NOT NULL,
	`double_irish` integer DEFAULT false NOT NULL,
	`sustainable` integer DEFAULT false NOT NULL,
	`employee_count` integer,
	`headquarters` text,
	`logo_url` text,
	`category_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "company_employee_count_check" CHECK("company"."employee_count" IS NULL OR "company"."employee_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_slug_unique` ON `company` (`slug`);--> statement-breakpoint
CREATE INDEX `company_category_idx` ON `company` (`category_id`);--> statement-breakpoint
CREATE INDEX `company_country_idx` ON `company` (`country`);--> statement-breakpoint
CREATE INDEX `company_name_idx` ON `company` (`name`);--> statement-breakpoint
CREATE INDEX `company_created_idx` ON `company` (`created_at`);--> statement-breakpoint
CREATE TABLE `company_certifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`certification_id` integer NOT NULL,
	`status` text DEFAULT 'Verified' NOT NULL,
	`valid_from` text NOT NULL,
	`valid_until` text,
	`link` text,
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`certification_id`) REFERENCES `certification`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "company_certifications_status_check" CHECK("company_certifications"."status" IN ('Verified','Certified','Compliant','Pending'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_certifications_pair_idx` ON `company_certifications` (`company_id`,`certification_id`);--> statement-breakpoint
CREATE INDEX `company_certifications_cert_idx` ON `company_certifications` (`certification_id`);--> statement-breakpoint
CREATE TABLE `company_subcategories` (
	`company_id` integer NOT NULL,
	`subcategory_id` integer NOT NULL,
	PRIMARY KEY(`company_id`, `subcategory_id`),
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subcategory_id`) REFERENCES `subcategory`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_subcategories_sub_idx` ON `company_subcategories` (`subcategory_id`);--> statement-breakpoint
CREATE TABLE `country_memberships` (
	`country_code` text PRIMARY KEY NOT NULL,
	`is_eu_member` integer DEFAULT false NOT NULL,
	`joined_date` text
);
--> statement-breakpoint
CREATE TABLE `country_tax_rates` (
	`country_code` text PRIMARY KEY NOT NULL,
	`corporate_tax_rate` real NOT NULL,
	`population` integer NOT NULL,
	CONSTRAINT "country_tax_rate_range" CHECK("country_tax_rates"."corporate_tax_rate" BETWEEN 0 AND 100),
	CONSTRAINT "country_population_check" CHECK("country_tax_rates"."population" >= 0)
);
--> statement-breakpoint
CREATE TABLE `eu_fines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`amount` real NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`date` text NOT NULL,
	`description` text NOT NULL,
	`description_de` text,
	`description_fr` text,
	`announcement_url` text,
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "eu_fines_amount_check" CHECK("eu_fines"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `eu_fines_company_date_idx` ON `eu_fines` (`company_id`,`date`);--> statement-breakpoint
CREATE TABLE `subcategory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_de` text,
	`name_fr` text,
	`slug` text NOT NULL,
	`category_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subcategory_slug_unique` ON `subcategory` (`slug`);--> statement-breakpoint
CREATE INDEX `subcategory_category_idx` ON `subcategory` (`category_id`);