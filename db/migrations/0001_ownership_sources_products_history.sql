-- Hand-edited after drizzle-kit generate: the copy statements move name_de/_fr and description_de/_fr
-- into the translations JSON and set current_amount = amount, so existing data survives.
CREATE TABLE `change_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`admin_id` integer,
	`admin_email` text,
	`entity` text NOT NULL,
	`entity_id` integer,
	`label` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text,
	FOREIGN KEY (`admin_id`) REFERENCES `admin_user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `change_log_entity_idx` ON `change_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `change_log_created_idx` ON `change_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `product` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`subcategory_id` integer,
	`website_url` text,
	`aliases` text DEFAULT '{}' NOT NULL,
	`translations` text DEFAULT '{}' NOT NULL,
	`pricing` text,
	`price_from_eur` real,
	`licence` text,
	`self_hostable` integer,
	`platforms` text,
	`e2ee` integer,
	`data_location` text,
	`interface_languages` text,
	`status` text DEFAULT 'published' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subcategory_id`) REFERENCES `subcategory`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_slug_unique` ON `product` (`slug`);--> statement-breakpoint
CREATE INDEX `product_company_idx` ON `product` (`company_id`);--> statement-breakpoint
CREATE INDEX `product_subcategory_idx` ON `product` (`subcategory_id`);--> statement-breakpoint
CREATE TABLE `product_alternatives` (
	`product_id` integer NOT NULL,
	`alternative_id` integer NOT NULL,
	`can_import` integer,
	PRIMARY KEY(`product_id`, `alternative_id`),
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alternative_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_alternatives_not_self" CHECK("product_alternatives"."product_id" <> "product_alternatives"."alternative_id")
);
--> statement-breakpoint
CREATE INDEX `product_alternatives_alt_idx` ON `product_alternatives` (`alternative_id`);--> statement-breakpoint
CREATE TABLE `source` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer,
	`url` text NOT NULL,
	`title` text,
	`facts` text NOT NULL,
	`verified_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `source_company_idx` ON `source` (`company_id`);--> statement-breakpoint
CREATE INDEX `source_product_idx` ON `source` (`product_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_alternatives` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`alternative_id` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alternative_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "alternatives_not_self" CHECK("__new_alternatives"."company_id" <> "__new_alternatives"."alternative_id")
);
--> statement-breakpoint
INSERT INTO `__new_alternatives`("id", "company_id", "alternative_id") SELECT "id", "company_id", "alternative_id" FROM `alternatives`;--> statement-breakpoint
DROP TABLE `alternatives`;--> statement-breakpoint
ALTER TABLE `__new_alternatives` RENAME TO `alternatives`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `alternatives_pair_idx` ON `alternatives` (`company_id`,`alternative_id`);--> statement-breakpoint
CREATE INDEX `alternatives_alternative_idx` ON `alternatives` (`alternative_id`);--> statement-breakpoint
CREATE TABLE `__new_eu_fines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`body` text DEFAULT 'European Commission' NOT NULL,
	`kind` text DEFAULT 'other' NOT NULL,
	`amount` real NOT NULL,
	`current_amount` real NOT NULL,
	`status` text DEFAULT 'in_force' NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`date` text NOT NULL,
	`description` text NOT NULL,
	`translations` text DEFAULT '{}' NOT NULL,
	`announcement_url` text,
	`status_url` text,
	`verified_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `company`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "eu_fines_amount_check" CHECK("__new_eu_fines"."amount" >= 0 AND "__new_eu_fines"."current_amount" >= 0),
	CONSTRAINT "eu_fines_status_check" CHECK("__new_eu_fines"."status" IN ('in_force','reduced','annulled','under_appeal')),
	CONSTRAINT "eu_fines_kind_check" CHECK("__new_eu_fines"."kind" IN ('antitrust','dma','gdpr','other'))
);
--> statement-breakpoint
INSERT INTO `__new_eu_fines`("id", "company_id", "amount", "current_amount", "currency", "date", "description", "translations", "announcement_url") SELECT "id", "company_id", "amount", "amount", "currency", "date", "description", json_object('de', json_object('description', "description_de"), 'fr', json_object('description', "description_fr")), "announcement_url" FROM `eu_fines`;--> statement-breakpoint
DROP TABLE `eu_fines`;--> statement-breakpoint
ALTER TABLE `__new_eu_fines` RENAME TO `eu_fines`;--> statement-breakpoint
CREATE INDEX `eu_fines_company_date_idx` ON `eu_fines` (`company_id`,`date`);--> statement-breakpoint
ALTER TABLE `admin_user` ADD `role` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE `category` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `category` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `category` ADD `updated_at` text;--> statement-breakpoint
UPDATE `category` SET `translations` = json_object('de', json_object('name', `name_de`), 'fr', json_object('name', `name_fr`));--> statement-breakpoint
ALTER TABLE `category` DROP COLUMN `name_de`;--> statement-breakpoint
ALTER TABLE `category` DROP COLUMN `name_fr`;--> statement-breakpoint
ALTER TABLE `certification` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `certification` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `certification` ADD `updated_at` text;--> statement-breakpoint
UPDATE `certification` SET `translations` = json_object('de', json_object('description', `description_de`), 'fr', json_object('description', `description_fr`));--> statement-breakpoint
ALTER TABLE `certification` DROP COLUMN `description_de`;--> statement-breakpoint
ALTER TABLE `certification` DROP COLUMN `description_fr`;--> statement-breakpoint
CREATE TABLE `__new_company` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`country` text NOT NULL,
	`website_url` text,
	`description` text DEFAULT '' NOT NULL,
	`translations` text DEFAULT '{}' NOT NULL,
	`legal_name` text,
	`owner_kind` text,
	`owner_name` text,
	`owner_country` text,
	`owner_since` integer,
	`hosting` text,
	`status` text DEFAULT 'published' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` text,
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
	CONSTRAINT "company_employee_count_check" CHECK("__new_company"."employee_count" IS NULL OR "__new_company"."employee_count" >= 0),
	CONSTRAINT "company_owner_kind_check" CHECK("__new_company"."owner_kind" IS NULL OR "__new_company"."owner_kind" IN ('founders','investors','listed','cooperative','foundation','state','private_equity','parent')),
	CONSTRAINT "company_hosting_check" CHECK("__new_company"."hosting" IS NULL OR "__new_company"."hosting" IN ('eu','ch_uk','outside','mixed','unknown')),
	CONSTRAINT "company_status_check" CHECK("__new_company"."status" IN ('published','draft'))
);
--> statement-breakpoint
INSERT INTO `__new_company`("id", "name", "slug", "country", "website_url", "description", "translations", "founded_year", "is_unicorn", "double_irish", "sustainable", "employee_count", "headquarters", "logo_url", "category_id", "created_at") SELECT "id", "name", "slug", "country", "website_url", "description", json_object('de', json_object('description', "description_de"), 'fr', json_object('description', "description_fr")), "founded_year", "is_unicorn", "double_irish", "sustainable", "employee_count", "headquarters", "logo_url", "category_id", "created_at" FROM `company`;--> statement-breakpoint
DROP TABLE `company`;--> statement-breakpoint
ALTER TABLE `__new_company` RENAME TO `company`;--> statement-breakpoint
CREATE UNIQUE INDEX `company_slug_unique` ON `company` (`slug`);--> statement-breakpoint
CREATE INDEX `company_category_idx` ON `company` (`category_id`);--> statement-breakpoint
CREATE INDEX `company_country_idx` ON `company` (`country`);--> statement-breakpoint
CREATE INDEX `company_name_idx` ON `company` (`name`);--> statement-breakpoint
CREATE INDEX `company_created_idx` ON `company` (`created_at`);--> statement-breakpoint
ALTER TABLE `subcategory` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE `subcategory` SET `translations` = json_object('de', json_object('name', `name_de`), 'fr', json_object('name', `name_fr`));--> statement-breakpoint
ALTER TABLE `subcategory` DROP COLUMN `name_de`;--> statement-breakpoint
ALTER TABLE `subcategory` DROP COLUMN `name_fr`;