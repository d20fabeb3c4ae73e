import { config } from "~/config.server";
import { defineJob } from "~/jobs/define-job";
import { applyDueSchedules } from "./apply-due-schedules.server";

/**
 * `content.publish-schedule`: once a minute (pg-boss's cron, which starts one job per minute for all
 * instances), publish and unpublish what is due (ADR 029). A tick that runs twice, or late, is harmless:
 * each change is claimed under a row lock and made once. CONTENT_SCHEDULE_TICK_SECONDS (tests only)
 * sends it every few seconds as well.
 */
const PUBLISH_SCHEDULE_JOB = "content.publish-schedule";

const publishScheduleJob = defineJob({
  name: PUBLISH_SCHEDULE_JOB,
  queue: { policy: "short", retryLimit: 0, expireInSeconds: 60 },
  schedule: { cron: "* * * * *" },
  everySeconds: () => config().CONTENT_SCHEDULE_TICK_SECONDS,
  handle: async () => ({ applied: (await applyDueSchedules()).length }),
});

export const contentScheduleJobs = [publishScheduleJob];
