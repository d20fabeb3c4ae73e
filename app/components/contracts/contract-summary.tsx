import { Badge } from "~/components/ui/badge";
import { CLOSING_SOON_DAYS, PIPELINE_STAGE_LABELS } from "~/domain/contracts/contract-filters";
import {
  contractStatusLabel,
  formatContractDate,
  formatContractDateTime,
  formatContractLocation,
  formatContractValue,
  isClosingSoon,
} from "~/domain/contracts/format";
import type { ContractDetail } from "~/domain/contracts/get-contract-detail.server";
import { DetailCard, DetailField } from "./detail-field";

const list = (values: string[]) => (values.length ? values.join(", ") : null);

/** Every stored field of a contract, labelled; dates in company time (America/New_York). */
export function ContractSummary({ contract: c }: { contract: ContractDetail }) {
  const closingSoon = isClosingSoon(c.deadlineDate, CLOSING_SOON_DAYS);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={c.status === "active" ? "success" : "secondary"}>{contractStatusLabel(c.status)}</Badge>
        <Badge variant="outline">Stage: {PIPELINE_STAGE_LABELS[c.pipelineStage]}</Badge>
        <Badge variant="outline">Relevance score: {c.priorityScore}</Badge>
        {c.veteranSetAside && <Badge variant="default">Veteran set-aside</Badge>}
        {closingSoon && <Badge variant="destructive">Closing soon</Badge>}
        {!c.isActive && <Badge variant="secondary">Hidden from the list</Badge>}
      </div>
      <DetailCard id="contract-overview" title="Solicitation">
        <dl className="grid gap-3">
          <DetailField label="Title">{c.title}</DetailField>
          <DetailField label="Agency">{c.agencyName}</DetailField>
          <DetailField label="Location">{formatContractLocation(c.locationCity, c.locationState)}</DetailField>
          <DetailField label="Country">{c.locationCountry}</DetailField>
          <DetailField label="Estimated value">{formatContractValue(c.estimatedValue)}</DetailField>
          <DetailField label="Currency">{c.currency}</DetailField>
          <DetailField label="Posted date">{formatContractDate(c.postedDate)}</DetailField>
          <DetailField label="Deadline">
            <span className={closingSoon ? "font-semibold text-destructive" : undefined}>
              {formatContractDateTime(c.deadlineDate)}
              {closingSoon ? " (closing soon)" : ""}
            </span>
          </DetailField>
          <DetailField label="Work start">{c.workStartDate ? formatContractDate(c.workStartDate) : null}</DetailField>
          <DetailField label="Work end">{c.workEndDate ? formatContractDate(c.workEndDate) : null}</DetailField>
          <DetailField label="Contract type">{c.contractType}</DetailField>
          <DetailField label="Category">{c.category?.name}</DetailField>
          <DetailField label="Description">{c.description}</DetailField>
        </dl>
      </DetailCard>
      <DetailCard id="contract-contact" title="Contact and requirements">
        <dl className="grid gap-3">
          <DetailField label="Contact person">{c.contactPerson}</DetailField>
          <DetailField label="Contact email">{c.contactEmail}</DetailField>
          <DetailField label="Contact phone">{c.contactPhone}</DetailField>
          <DetailField label="Requirements">{c.requirements}</DetailField>
          <DetailField label="Qualifications">{c.qualifications}</DetailField>
          <DetailField label="Submission instructions">{c.submissionInstructions}</DetailField>
          <DetailField label="Documents required">{list(c.documentsRequired)}</DetailField>
        </dl>
      </DetailCard>
      <DetailCard id="contract-crawl" title="Source and crawling">
        <dl className="grid gap-3">
          <DetailField label="Source">{c.source.name}</DetailField>
          <DetailField label="Source URL">{c.sourceUrl}</DetailField>
          <DetailField label="External id">{c.externalId}</DetailField>
          <DetailField label="Tags">{list(c.tags)}</DetailField>
          <DetailField label="Featured">{c.isFeatured ? "Yes" : "No"}</DetailField>
          <DetailField label="First seen">{formatContractDateTime(c.firstSeenAt)}</DetailField>
          <DetailField label="Last seen">{formatContractDateTime(c.lastSeenAt)}</DetailField>
          <DetailField label="Times seen">{String(c.scrapeCount)}</DetailField>
          <DetailField label="Last updated">{formatContractDateTime(c.updatedAt)}</DetailField>
          <DetailField label="Stage last changed">
            {c.pipelineStageChangedAt ? `${formatContractDateTime(c.pipelineStageChangedAt)} by ${c.pipelineStageChangedByName ?? "a former user"}` : null}
          </DetailField>
        </dl>
      </DetailCard>
    </>
  );
}
