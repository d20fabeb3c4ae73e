import { relations } from "drizzle-orm";
import { accounts, auditLog, sessions, userRoles, users } from "./accounts";
import {
  contractCategories,
  contractCrawlLogs,
  contractCrawlSessions,
  contractOpportunities,
  contractSearchConfigs,
  contractSources,
} from "./contracts";
import { gafRoofLayers, gafRoofProducts } from "./gaf";
import { leadAttachments, leadNotes, leads } from "./leads";

/** Relations for drizzle's relational queries (`db.query.x.findMany({ with })`). */

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
  roles: many(userRoles, { relationName: "user_roles_user" }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id], relationName: "user_roles_user" }),
  assigner: one(users, { fields: [userRoles.assignedBy], references: [users.id] }),
}));

export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actor: one(users, { fields: [auditLog.actorUserId], references: [users.id] }),
}));

export const leadsRelations = relations(leads, ({ many }) => ({
  attachments: many(leadAttachments),
  notes: many(leadNotes),
}));

export const leadAttachmentsRelations = relations(leadAttachments, ({ one }) => ({
  lead: one(leads, { fields: [leadAttachments.leadId], references: [leads.id] }),
}));

export const leadNotesRelations = relations(leadNotes, ({ one }) => ({
  lead: one(leads, { fields: [leadNotes.leadId], references: [leads.id] }),
  author: one(users, { fields: [leadNotes.authorUserId], references: [users.id] }),
}));

export const gafRoofLayersRelations = relations(gafRoofLayers, ({ many }) => ({
  products: many(gafRoofProducts),
}));

export const gafRoofProductsRelations = relations(gafRoofProducts, ({ one }) => ({
  layer: one(gafRoofLayers, { fields: [gafRoofProducts.layerId], references: [gafRoofLayers.id] }),
}));

export const contractSourcesRelations = relations(contractSources, ({ many }) => ({
  searchConfigs: many(contractSearchConfigs),
  opportunities: many(contractOpportunities),
  crawlSessions: many(contractCrawlSessions),
}));

export const contractSearchConfigsRelations = relations(contractSearchConfigs, ({ one }) => ({
  source: one(contractSources, { fields: [contractSearchConfigs.sourceId], references: [contractSources.id] }),
}));

export const contractCategoriesRelations = relations(contractCategories, ({ many }) => ({
  opportunities: many(contractOpportunities),
}));

export const contractOpportunitiesRelations = relations(contractOpportunities, ({ one }) => ({
  source: one(contractSources, { fields: [contractOpportunities.sourceId], references: [contractSources.id] }),
  category: one(contractCategories, {
    fields: [contractOpportunities.categoryId],
    references: [contractCategories.id],
  }),
}));

export const contractCrawlSessionsRelations = relations(contractCrawlSessions, ({ one, many }) => ({
  source: one(contractSources, { fields: [contractCrawlSessions.sourceId], references: [contractSources.id] }),
  searchConfig: one(contractSearchConfigs, {
    fields: [contractCrawlSessions.searchConfigId],
    references: [contractSearchConfigs.id],
  }),
  triggeredByUser: one(users, { fields: [contractCrawlSessions.triggeredBy], references: [users.id] }),
  logs: many(contractCrawlLogs),
}));

export const contractCrawlLogsRelations = relations(contractCrawlLogs, ({ one }) => ({
  session: one(contractCrawlSessions, { fields: [contractCrawlLogs.sessionId], references: [contractCrawlSessions.id] }),
}));
