// Content collections: the static pages (mission, privacy, terms, imprint) in every language,
// written in Markdown under content/pages/{lang}/{page}.md. Entry ids are "{lang}/{page}".
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    /** date of the last material change, shown as "Last updated" */
    updated: z.coerce.date().optional(),
  }),
});

export const collections = { pages };
