/** What the back office shows when the background jobs are not running and work waits for them. */
export interface JobsNotice {
  /** "Dec 1, 2026, 9:00 AM EST" (company time), or null when no jobs process ever ran on this database. */
  since: string | null;
  waiting: number;
}
