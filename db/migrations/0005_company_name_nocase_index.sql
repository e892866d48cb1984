DROP INDEX `company_name_idx`;--> statement-breakpoint
CREATE INDEX `company_name_nocase_idx` ON `company` ("name" collate nocase);