import { relations } from 'drizzle-orm';
import * as t from './schema.ts';

export const categoryRelations = relations(t.category, ({ many }) => ({
  subcategories: many(t.subcategory),
  companies: many(t.company),
}));

export const subcategoryRelations = relations(t.subcategory, ({ one, many }) => ({
  category: one(t.category, { fields: [t.subcategory.categoryId], references: [t.category.id] }),
  companyLinks: many(t.companySubcategory),
}));

export const companyRelations = relations(t.company, ({ one, many }) => ({
  category: one(t.category, { fields: [t.company.categoryId], references: [t.category.id] }),
  subcategoryLinks: many(t.companySubcategory),
  certifications: many(t.companyCertification),
  fines: many(t.euFine),
  alternatives: many(t.alternative, { relationName: 'original' }),
  alternativeTo: many(t.alternative, { relationName: 'alternative' }),
}));

export const companySubcategoryRelations = relations(t.companySubcategory, ({ one }) => ({
  company: one(t.company, { fields: [t.companySubcategory.companyId], references: [t.company.id] }),
  subcategory: one(t.subcategory, { fields: [t.companySubcategory.subcategoryId], references: [t.subcategory.id] }),
}));

export const alternativeRelations = relations(t.alternative, ({ one }) => ({
  company: one(t.company, { fields: [t.alternative.companyId], references: [t.company.id], relationName: 'original' }),
  alternative: one(t.company, { fields: [t.alternative.alternativeId], references: [t.company.id], relationName: 'alternative' }),
}));

export const certificationRelations = relations(t.certification, ({ many }) => ({
  companyLinks: many(t.companyCertification),
}));

export const companyCertificationRelations = relations(t.companyCertification, ({ one }) => ({
  company: one(t.company, { fields: [t.companyCertification.companyId], references: [t.company.id] }),
  certification: one(t.certification, { fields: [t.companyCertification.certificationId], references: [t.certification.id] }),
}));

export const euFineRelations = relations(t.euFine, ({ one }) => ({
  company: one(t.company, { fields: [t.euFine.companyId], references: [t.company.id] }),
}));

export const adminSessionRelations = relations(t.adminSession, ({ one }) => ({
  user: one(t.adminUser, { fields: [t.adminSession.userId], references: [t.adminUser.id] }),
}));
