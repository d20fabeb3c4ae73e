import { Badge } from "~/components/ui/badge";
import { contractStatusLabel } from "~/domain/contracts/format";

/** A contract's status (spec 2 §4: the display highlights only active). */
export function ContractStatusBadge({ status }: { status: string }) {
  return <Badge variant={status === "active" ? "success" : "outline"}>{contractStatusLabel(status)}</Badge>;
}

const SESSION_LABELS: Record<string, string> = { running: "Running", completed: "Completed", failed: "Failed" };

/** A crawl session's status (spec 2 §2: completed, failed, else neutral). */
export function SessionStatusBadge({ status }: { status: string }) {
  const variant = status === "completed" ? "success" : status === "failed" ? "destructive" : "secondary";
  return <Badge variant={variant}>{SESSION_LABELS[status] ?? status}</Badge>;
}
