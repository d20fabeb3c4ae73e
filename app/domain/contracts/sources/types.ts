import type { ContractSourceType, CustomParameterValue } from "./admin-schemas";

/** A contract source as /admin/contracts/sources lists it. */
export interface AdminContractSource {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  baseUrl: string;
  sourceType: ContractSourceType;
  logoUrl: string | null;
  requestsPerMinute: number;
  requestsPerHour: number;
  delayBetweenRequestsMs: number;
  isActive: boolean;
  /** ISO 8601. */
  updatedAt: string;
  /** Its search configurations (active or not). */
  configCount: number;
}

/** A search configuration as /admin/contracts/sources/:id lists it. */
export interface AdminSearchConfig {
  id: string;
  name: string;
  description: string | null;
  keywords: string[];
  state: string | null;
  locationId: string | null;
  customParameters: Record<string, CustomParameterValue>;
  scheduleCron: string | null;
  isDefault: boolean;
  isActive: boolean;
  /** ISO 8601. */
  updatedAt: string;
}

/** The page of one source: the source and its configurations (default first, then in order). */
export interface AdminSourceConfigs {
  source: { id: string; name: string; slug: string; isActive: boolean };
  configs: AdminSearchConfig[];
}
