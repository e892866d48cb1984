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
  sources: many(t.source),
  products: many(t.product),
}));

export const sourceRelations = relations(t.source, ({ one }) => ({
  company: one(t.company, { fields: [t.source.companyId], references: [t.company.id] }),
  product: one(t.product, { fields: [t.source.productId], references: [t.product.id] }),
}));

export const productRelations = relations(t.product, ({ one, many }) => ({
  company: one(t.company, { fields: [t.product.companyId], references: [t.company.id] }),
  subcategory: one(t.subcategory, { fields: [t.product.subcategoryId], references: [t.subcategory.id] }),
  sources: many(t.source),
  alternatives: many(t.productAlternative, { relationName: 'original' }),
  alternativeTo: many(t.productAlternative, { relationName: 'alternative' }),
}));

export const productAlternativeRelations = relations(t.productAlternative, ({ one }) => ({
  product: one(t.product, { fields: [t.productAlternative.productId], references: [t.product.id], relationName: 'original' }),
  alternative: one(t.product, { fields: [t.productAlternative.alternativeId], references: [t.product.id], relationName: 'alternative' }),
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

export const guideRelations = relations(t.guide, ({ one }) => ({
  fromProduct: one(t.product, { fields: [t.guide.fromProductId], references: [t.product.id] }),
}));
